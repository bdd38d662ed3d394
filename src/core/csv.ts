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

/** The content type of CSV answers. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
