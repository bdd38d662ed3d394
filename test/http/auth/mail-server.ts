import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the test SMTP server took: its envelope, headers and decoded bodies. */
export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  /** The plain-text and HTML parts, decoded (quoted-printable undone). */
  text: string;
  html: string;
  raw: string;
}

/** Undoes quoted-printable: soft line breaks and `=XX` bytes (UTF-8). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The decoded body of the MIME part of this content type in a raw message (what nodemailer writes: 7bit, quoted-printable or base64). */
function partOf(raw: string, type: string): string {
  const start = raw.search(new RegExp(`Content-Type: ${type}`, 'i'));
  if (start < 0) return '';
  const rest = raw.slice(start);
  const headerEnd = rest.indexOf('\r\n\r\n');
  const headers = rest.slice(0, headerEnd);
  const body = rest.slice(headerEnd + 4).split(/\r\n--/)[0]!;
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function subjectOf(raw: string): string {
  const match = /^Subject: (.*(?:\r\n[ \t].*)*)/im.exec(raw);
  if (!match) return '';
  const folded = match[1]!.replace(/\r\n[ \t]/g, ' ');
  // Encoded words (=?UTF-8?Q?…?=), in case a subject needs them.
  return folded.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_all, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/**
 * A real SMTP server on 127.0.0.1 and a free port, for the tests of e-mail: no TLS, any sender,
 * any recipient, no authentication needed (or the one given); keeps every message it takes.
 */
export async function startMailServer(options: { user?: string; password?: string } = {}): Promise<{
  url: string;
  messages: CapturedMail[];
  close(): Promise<void>;
}> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: options.user === undefined,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((address) => address.address),
          subject: subjectOf(raw),
          text: partOf(raw, 'text/plain'),
          html: partOf(raw, 'text/html'),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const credentials = options.user === undefined ? '' : `${encodeURIComponent(options.user)}:${encodeURIComponent(options.password ?? '')}@`;
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the first link to `page` in a text. */
export function tokenIn(text: string, page: string): string {
  const match = new RegExp(`/${page}#token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${page} link in: ${text.slice(0, 500)}`);
  return match[1]!;
}
