import type { Readable, Writable } from 'node:stream';

/**
 * The password of `transdesk users set-password` (docs/access.md#passwords): asked for, without
 * echo, on a terminal; otherwise read from standard input (everything up to the first line end),
 * so that a script can pipe it in and it never appears on a command line or in the process list.
 */
export async function readPassword(input: Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown }, prompt: Writable): Promise<string> {
  if (input.isTTY && input.setRawMode) return askWithoutEcho(input as NodeJS.ReadStream, prompt);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    chunks.push(buffer);
    size += buffer.length;
    // More than any password: the rest is not read.
    if (size > 64 * 1024 || buffer.includes(10)) break;
  }
  const text = Buffer.concat(chunks).toString('utf8');
  const end = text.search(/\r?\n/);
  return end < 0 ? text : text.slice(0, end);
}

function askWithoutEcho(input: NodeJS.ReadStream, prompt: Writable): Promise<string> {
  prompt.write('Password: ');
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  let typed = '';
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      prompt.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (data: string) => {
      for (const char of data) {
        if (char === '\r' || char === '\n' || char === '\u0004') return done();
        if (char === '\u0003') return done(new Error('interrupted'));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += char;
      }
    };
    input.on('data', onData);
  });
}
