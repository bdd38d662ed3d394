/**
 * Document number formats (docs/documents.md#rules): the rules of the API's own check
 * (src/modules/accounts/number-format.ts), so that the form refuses what the API would refuse and
 * shows what a number will look like.
 */
export const MAX_FORMAT_LENGTH = 64;
const MAX_SEQ_WIDTH = 12;

type Part = { kind: 'text'; text: string } | { kind: 'year4' } | { kind: 'year2' } | { kind: 'month' } | { kind: 'seq'; width: number };
type Parsed = { ok: true; parts: Part[] } | { ok: false; message: string };

const TOKENS = 'the tokens are {YYYY}, {YY}, {MM}, {SEQ} and {SEQ:n} with n from 1 to 12';

function token(body: string): Part | string {
  if (body === 'YYYY') return { kind: 'year4' };
  if (body === 'YY') return { kind: 'year2' };
  if (body === 'MM') return { kind: 'month' };
  if (body === 'SEQ') return { kind: 'seq', width: 1 };
  const seq = /^SEQ:(\d{1,3})$/.exec(body);
  if (seq) {
    const width = Number(seq[1]);
    return width >= 1 && width <= MAX_SEQ_WIDTH ? { kind: 'seq', width } : `The width of {SEQ:${seq[1]}} must be from 1 to ${MAX_SEQ_WIDTH}`;
  }
  return `{${body}} is not a token: ${TOKENS}`;
}

function parse(format: string): Parsed {
  if (format.length === 0) return { ok: false, message: `Enter a format, e.g. INV-{YYYY}-{SEQ:4}: ${TOKENS}` };
  if (format.length > MAX_FORMAT_LENGTH) return { ok: false, message: `At most ${MAX_FORMAT_LENGTH} characters` };
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(format)) return { ok: false, message: 'Control characters are not allowed' };
  const parts: Part[] = [];
  let text = '';
  let i = 0;
  while (i < format.length) {
    const char = format[i]!;
    if (char === '}') return { ok: false, message: `A "}" without its "{" at position ${i + 1}` };
    if (char !== '{') {
      text += char;
      i++;
      continue;
    }
    const end = format.indexOf('}', i + 1);
    const nextOpen = format.indexOf('{', i + 1);
    if (end < 0 || (nextOpen >= 0 && nextOpen < end)) return { ok: false, message: `A "{" without its "}" at position ${i + 1}` };
    const part = token(format.slice(i + 1, end));
    if (typeof part === 'string') return { ok: false, message: part };
    if (text) parts.push({ kind: 'text', text });
    text = '';
    parts.push(part);
    i = end + 1;
  }
  if (text) parts.push({ kind: 'text', text });
  const sequences = parts.filter((part) => part.kind === 'seq').length;
  if (sequences !== 1) return { ok: false, message: 'Put exactly one sequence number in it: {SEQ} or {SEQ:n} (e.g. INV-{YYYY}-{SEQ:4})' };
  return { ok: true, parts };
}

/** What is wrong with a format, or null when the API takes it. */
export function numberFormatError(format: string): string | null {
  const parsed = parse(format);
  return parsed.ok ? null : parsed.message;
}

/** The number a valid format gives to the document `seq` of the date `on` (INV-{YYYY}-{SEQ:4} → INV-2026-0001); null when invalid. */
export function exampleNumber(format: string, on: Date, seq = 1): string | null {
  const parsed = parse(format);
  if (!parsed.ok) return null;
  const year = on.getUTCFullYear();
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return parsed.parts
    .map((part) => {
      switch (part.kind) {
        case 'text':
          return part.text;
        case 'year4':
          return pad(year, 4);
        case 'year2':
          return pad(year % 100, 2);
        case 'month':
          return pad(on.getUTCMonth() + 1, 2);
        case 'seq':
          return pad(seq, part.width);
      }
    })
    .join('');
}
