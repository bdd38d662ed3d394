import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

/** One e-mail: a plain-text body and the same text as HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where a failure to send is reported (a Fastify logger fits). */
export interface MailLog {
  warn(object: object, message: string): void;
}

type Transport = ReturnType<typeof nodemailer.createTransport>;

/** One transport per SMTP_URL: it holds no connection between messages (no pool), so nothing is to be closed. */
const transports = new Map<string, Transport>();

function transportOf(url: string): Transport {
  let transport = transports.get(url);
  if (transport === undefined) {
    // Short timeouts: a request that answers `emailed` waits for the server (never its transaction).
    transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    transports.set(url, transport);
  }
  return transport;
}

/** Whether e-mail can be sent (SMTP_URL is set: docs/access.md#e-mail). */
export const mailConfigured = (smtp: Config['smtp']): boolean => smtp !== undefined;

/**
 * Sends one e-mail through SMTP_URL from SMTP_FROM (docs/access.md#e-mail). Never throws:
 * answers whether the SMTP server took the message; a failure is logged (without the body, which
 * holds a link). Without SMTP_URL nothing is sent and the answer is false. Call it after the
 * transaction of the request committed: a message cannot be taken back.
 */
export async function sendMail(smtp: Config['smtp'], log: MailLog, message: MailMessage): Promise<boolean> {
  if (smtp === undefined) return false;
  try {
    await transportOf(smtp.url).sendMail({ from: smtp.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    return true;
  } catch (error) {
    log.warn({ err: error, subject: message.subject }, 'could not send an e-mail through SMTP_URL');
    return false;
  }
}

/** Text safe to put in HTML (element content and quoted attributes). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
