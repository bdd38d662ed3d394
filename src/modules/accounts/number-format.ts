/**
 * Document number formats of the account (docs/operations.md#account-settings, docs/documents.md#rules): a template such as
 * `INV-{YYYY}-{SEQ:4}`. Pure functions, no I/O.
 *
 * Tokens:
 * - `{YYYY}` the four-digit year, `{YY}` its last two digits, `{MM}` the two-digit month;
 * - `{SEQ}` the sequence number as is, `{SEQ:n}` zero-padded to at least n digits (n from 1 to 12;
 *   a longer number is never cut, so two numbers of one year never render the same).
 * Exactly one sequence token is required. Any other text is literal; a `{` or `}` outside a token
 * is an error (a typo such as `{YYY}` must not silently become literal text).
 */
export const MAX_FORMAT_LENGTH = 64;
export const MAX_SEQ_WIDTH = 12;

export type FormatPart = { kind: 'literal'; text: string } | { kind: 'year4' } | { kind: 'year2' } | { kind: 'month' } | { kind: 'seq'; width: number };

export interface NumberContext {
  year: number;
  /** 1–12 */
  month: number;
  /** ≥ 1 (0 is accepted too); an integer. */
  seq: number;
}

export type ParseResult = { ok: true; parts: FormatPart[] } | { ok: false; message: string };

const TOKEN_HELP = 'tokens are {YYYY}, {YY}, {MM}, {SEQ} and {SEQ:n} with n from 1 to 12';

function token(body: string): FormatPart | string {
  if (body === 'YYYY') return { kind: 'year4' };
  if (body === 'YY') return { kind: 'year2' };
  if (body === 'MM') return { kind: 'month' };
  if (body === 'SEQ') return { kind: 'seq', width: 1 };
  const seq = /^SEQ:(\d{1,3})$/.exec(body);
  if (seq) {
    const width = Number(seq[1]);
    if (width < 1 || width > MAX_SEQ_WIDTH) return `the width of {SEQ:${seq[1]}} must be from 1 to ${MAX_SEQ_WIDTH}`;
    return { kind: 'seq', width };
  }
  return `unknown token {${body}}; ${TOKEN_HELP}`;
}

/** Parses a format; on error, answers a message saying what is wrong. */
export function parseNumberFormat(format: string): ParseResult {
  if (format.length === 0) return { ok: false, message: `must not be empty; ${TOKEN_HELP}, e.g. INV-{YYYY}-{SEQ:4}` };
  if (format.length > MAX_FORMAT_LENGTH) return { ok: false, message: `must be at most ${MAX_FORMAT_LENGTH} characters` };
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(format)) return { ok: false, message: 'must not contain control characters' };
  const parts: FormatPart[] = [];
  let literal = '';
  let i = 0;
  while (i < format.length) {
    const char = format[i]!;
    if (char === '}') return { ok: false, message: `has a "}" without a matching "{" at position ${i + 1}` };
    if (char !== '{') {
      literal += char;
      i++;
      continue;
    }
    const end = format.indexOf('}', i + 1);
    const nextOpen = format.indexOf('{', i + 1);
    if (end < 0 || (nextOpen >= 0 && nextOpen < end)) return { ok: false, message: `has a "{" without a matching "}" at position ${i + 1}` };
    const part = token(format.slice(i + 1, end));
    if (typeof part === 'string') return { ok: false, message: part };
    if (literal) parts.push({ kind: 'literal', text: literal });
    literal = '';
    parts.push(part);
    i = end + 1;
  }
  if (literal) parts.push({ kind: 'literal', text: literal });
  const seqCount = parts.filter((part) => part.kind === 'seq').length;
  if (seqCount === 0) return { ok: false, message: 'must contain one sequence token, {SEQ} or {SEQ:n} (e.g. INV-{YYYY}-{SEQ:4})' };
  if (seqCount > 1) return { ok: false, message: 'must contain exactly one sequence token, {SEQ} or {SEQ:n}' };
  return { ok: true, parts };
}

/** The error message of an invalid format, or undefined when it is valid. */
export function numberFormatError(format: string): string | undefined {
  const result = parseNumberFormat(format);
  return result.ok ? undefined : result.message;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** Renders a document number. Throws on an invalid format or context (callers validate formats on input). */
export function render(format: string, context: NumberContext): string {
  const parsed = parseNumberFormat(format);
  if (!parsed.ok) throw new Error(`invalid number format "${format}": ${parsed.message}`);
  const { year, month, seq } = context;
  if (!Number.isInteger(year) || year < 0 || year > 9999) throw new RangeError(`year must be an integer from 0 to 9999, got ${year}`);
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`month must be an integer from 1 to 12, got ${month}`);
  if (!Number.isSafeInteger(seq) || seq < 0) throw new RangeError(`seq must be a non-negative integer, got ${seq}`);
  return parsed.parts
    .map((part) => {
      switch (part.kind) {
        case 'literal':
          return part.text;
        case 'year4':
          return pad(year, 4);
        case 'year2':
          return pad(year % 100, 2);
        case 'month':
          return pad(month, 2);
        case 'seq':
          return pad(seq, part.width);
      }
    })
    .join('');
}

/**
 * Whether the sequence of a format restarts every year (docs/documents.md#rules: per account and year).
 * A format without a year token (`{YYYY}` or `{YY}`) must use one continuous sequence instead,
 * otherwise the numbers of two years would collide.
 */
export function restartsYearly(format: string): boolean {
  const parsed = parseNumberFormat(format);
  return parsed.ok && parsed.parts.some((part) => part.kind === 'year4' || part.kind === 'year2');
}
