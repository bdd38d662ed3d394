/**
 * CSV written by Transdesk (exports and reports, docs/reference.md#csv): UTF-8 with a byte-order
 * mark (so that spreadsheets read accents right), comma-separated, CRLF line ends, quoted where
 * needed (csv-stringify).
 *
 * A text cell that a spreadsheet would run as a formula — starting with `=`, `+`, `-`, `@`, their
 * fullwidth forms `＝＋－＠` (which some spreadsheets read as the ASCII ones), a tab or a carriage
 * return — gets a leading `'` (OWASP's advice against CSV injection): a client named
 * `=cmd|' /C calc'!A0` exports as `'=cmd|…`. Numbers are written as numbers: `-12.5` is an
 * amount, not a formula.
 */
import { stringify, type Stringifier } from 'csv-stringify';

/** The fullwidth forms of the formula signs (U+FF1D, U+FF0B, U+FF0D, U+FF20), and their ASCII forms. */
export const FULLWIDTH_FORMULA_SIGNS: Readonly<Record<string, string>> = { '\uFF1D': '=', '\uFF0B': '+', '\uFF0D': '-', '\uFF20': '@' };

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A text cell made safe for spreadsheets. */
export function safeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export interface CsvColumn {
  /** The key of the record's value. */
  key: string;
  /** The header cell. */
  header: string;
}

/**
 * A stream that takes records (objects keyed by the columns' keys) and gives CSV text, header
 * first. Values: strings made safe, numbers and booleans as written, null and undefined empty,
 * dates as ISO strings.
 */
export function csvWriter(columns: readonly CsvColumn[]): Stringifier {
  return stringify({
    bom: true,
    header: true,
    record_delimiter: 'windows',
    columns: columns.map((column) => ({ key: column.key, header: column.header })),
    cast: {
      string: (value) => safeCell(value),
      boolean: (value) => (value ? 'true' : 'false'),
      date: (value) => value.toISOString(),
    },
  });
}

/**
 * One record as CSV text with its CRLF, written exactly as csvWriter writes it (compared byte for byte on
 * an export of 100 000 jobs, and on any cells by a property test, test/unit/csv.test.ts), without a stream per record: the CSV export writes a step of
 * rows as one chunk (core/http/csv-export.ts), where csv-stringify's per-record transform was a
 * sixth of the export's time. A cell is quoted when it holds a comma, a quote or CRLF (a bare CR
 * or LF is not: csv-stringify's rule for the `windows` record delimiter).
 */
export function csvRecord(cells: readonly unknown[]): string {
  // Joined, not concatenated: a flat string, where `+=` would leave a rope to flatten when encoded.
  return cells.map(csvCell).join(',') + '\r\n';
}

/** What makes csv-stringify quote a cell (with the `windows` record delimiter): a quote, a comma, CRLF. */
const NEEDS_QUOTES = /[",]|\r\n/;
const QUOTE = /"/g;

function csvCell(value: unknown): string {
  let text: string;
  if (typeof value === 'string') {
    if (value === '') return '';
    text = safeCell(value);
  }
  // Written by String(), none of them holds a quote, a comma or CRLF.
  else if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  else if (typeof value === 'boolean') return value ? 'true' : 'false';
  else if (value === null || value === undefined) return '';
  else if (value instanceof Date) return value.toISOString();
  else throw new Error(`A CSV cell must be a string, number, boolean or date: ${typeof value}`);
  // One pass over the text to decide (the export's JSON cells are long), another to double the quotes.
  return NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTE, '""')}"` : text;
}

/** The start of a CSV file as csvWriter writes it: the byte order mark and the header record. */
export function csvHead(columns: readonly CsvColumn[]): string {
  return '\uFEFF' + csvRecord(columns.map((column) => column.header));
}

/** The content type of CSV answers. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
