import type nodemailerModule from 'nodemailer';
import { lazyModule } from './lazy-module.js';
import type { Config } from '../config.js';

/** A file attached to an e-mail. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** An inline part the HTML shows as `cid:<cid>` (a logo), rather than a file to open. */
  cid?: string;
}

/** An address, bare or with the person's name (`{ name: 'Ana Silva', address: 'ana@example.com' }`). */
export type MailAddress = string | { name: string; address: string };

/** One e-mail: a plain-text body and the same text as HTML; copies and attachments optional. */
export interface MailMessage {
  to: MailAddress | readonly MailAddress[];
  cc?: readonly MailAddress[];
  subject: string;
  text: string;
  html: string;
  attachments?: readonly MailAttachment[];
  /** The Message-ID header (`<id@domain>`); without it the transport makes a new one for each sending. */
  messageId?: string;
}

/** What the SMTP server answered: taken, or refused with its reply code (null: no answer, e.g. the connection failed). */
export type MailResult = { ok: true } | { ok: false; code: number | null; error: string };

/** Where a failure to send is reported (a Fastify logger fits). */
export interface MailLog {
  warn(object: object, message: string): void;
}

const nodemailer = lazyModule<typeof nodemailerModule>('nodemailer');
type Transport = ReturnType<typeof nodemailerModule.createTransport>;

/** One transport per SMTP_URL: it holds no connection between messages (no pool), so nothing is to be closed. */
const transports = new Map<string, Transport>();

function transportOf(url: string): Transport {
  let transport = transports.get(url);
  if (transport === undefined) {
    // Short timeouts: a request that answers `emailed` waits for the server (never its transaction).
    transport = nodemailer().createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
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
  const result = await deliverMail(smtp, message);
  if (!result.ok) log.warn({ err: result.error, code: result.code, subject: message.subject }, 'could not send an e-mail through SMTP_URL');
  return result.ok;
}

/**
 * Sends one e-mail through SMTP_URL from the configured sender, answering the SMTP server's
 * verdict instead of a boolean (the outbox retries on some failures and not on others). Never throws.
 */
export async function deliverMail(smtp: NonNullable<Config['smtp']>, message: MailMessage): Promise<MailResult> {
  try {
    await transportOf(smtp.url).sendMail({
      from: smtp.from,
      to: Array.isArray(message.to) ? [...(message.to as readonly MailAddress[])] : (message.to as MailAddress),
      ...(message.cc && message.cc.length > 0 ? { cc: [...message.cc] } : {}),
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.attachments ? { attachments: message.attachments.map((file) => ({ ...file })) } : {}),
      ...(message.messageId !== undefined ? { messageId: message.messageId } : {}),
    });
    return { ok: true };
  } catch (error) {
    const code = (error as { responseCode?: unknown }).responseCode;
    return { ok: false, code: typeof code === 'number' ? code : null, error: error instanceof Error ? error.message : String(error) };
  }
}

/** A domain as the right side of a Message-ID may hold it (RFC 5322 dot-atom, as host names are written). */
const DOMAIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/;

/**
 * The Message-ID of the e-mail sent for `key` (an outbox delivery's id): `<key@domain>`, the domain
 * of the sender `from` (MAIL_FROM: `Agency One <desk@agency.example>` → `agency.example`). The same
 * on every attempt, so that a copy sent again (the outbox sends at least once) can be recognised
 * and dropped by mail servers and people (docs/documents.md#e-mailing-documents).
 */
export function stableMessageId(key: string, from: string): string {
  const domain = /@([^\s@<>]+)>?\s*$/.exec(from)?.[1];
  return `<${key}@${domain !== undefined && DOMAIN.test(domain) ? domain.toLowerCase() : 'transdesk.invalid'}>`;
}

/** Text safe to put in HTML (element content and quoted attributes). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
