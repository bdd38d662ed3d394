import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** One message the test SMTP server took: its envelope and the message as mailparser reads it. */
export interface ReceivedMail {
  /** the envelope: MAIL FROM and every RCPT TO (copies included) */
  from: string;
  recipients: string[];
  parsed: ParsedMail;
}

export interface MailServer {
  url: string;
  messages: ReceivedMail[];
  /** The messages refused by `reject`, as they were sent. */
  refused: ReceivedMail[];
  /** Answers every later message with this SMTP reply (e.g. 451, 550); null takes them again. */
  reject(code: number | null): void;
  /** Resolves when `count` messages have arrived (the outbox sends after the request answered). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 and a free port, for the tests of e-mailed documents: no TLS,
 * no authentication, any sender and recipient; every message is parsed with mailparser
 * (`simpleParser`), attachments as their bytes.
 */
export async function startMailServer(): Promise<MailServer> {
  const messages: ReceivedMail[] = [];
  const refused: ReceivedMail[] = [];
  let rejection: number | null = null;
  const options: SMTPServerOptions = {
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const refusing = rejection;
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            const received = {
              from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
              recipients: session.envelope.rcptTo.map((address) => address.address),
              parsed,
            };
            if (refusing !== null) {
              refused.push(received);
              callback(Object.assign(new Error('Refused by the test server'), { responseCode: refusing }));
              return;
            }
            messages.push(received);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refused,
    reject(code) {
      rejection = code;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} e-mails, got ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The addresses of a parsed header (to, cc), in order. */
export function addressesOf(header: ParsedMail['to']): string[] {
  if (header === undefined) return [];
  return (Array.isArray(header) ? header : [header]).flatMap((group) => group.value.map((entry) => entry.address ?? ''));
}
