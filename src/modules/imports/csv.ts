import { parse } from 'csv-parse/sync';
import { ApiError, excerpt } from '../../core/errors.js';
import { FULLWIDTH_FORMULA_SIGNS } from '../../core/csv.js';

/**
 * Reading an import file (docs/imports.md#the-file): bytes → text → header and rows. Everything
 * here refuses the whole file (a 4xx before any row is looked at); what is wrong with one cell is
 * the runner's business (service.ts).
 */

/** The most bytes an import body may have (413 beyond), and the most data rows (400 beyond). */
export const MAX_IMPORT_BYTES = 4 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;

export interface CsvFile {
  header: string[];
  /** The data rows (the header not counted), each as long as the header. */
  rows: string[][];
  delimiter: ',' | ';';
}

const fileError = (message: string) => new ApiError('body_invalid', message, [{ param: 'file', message }]);

/** UTF-8 text of the bytes, without its byte order mark; UTF-16 and malformed UTF-8 are refused, saying where. */
export function decodeImport(bytes: Uint8Array): string {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    throw fileError('The file is UTF-16 (it starts with a UTF-16 byte order mark); save it as CSV UTF-8 and send it again');
  }
  // UTF-16 without a mark: ASCII text has a zero byte every other byte.
  const head = bytes.subarray(0, 200);
  if (head.length >= 4 && head.filter((byte) => byte === 0).length >= head.length / 4) {
    throw fileError('The file looks like UTF-16 (it holds zero bytes); save it as CSV UTF-8 and send it again');
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    const lossy = new TextDecoder('utf-8').decode(bytes);
    const at = lossy.indexOf('\ufffd');
    const line = at < 0 ? 1 : lossy.slice(0, at).split('\n').length;
    throw fileError(`The file is not valid UTF-8 (first bad byte on line ${line}); save it as CSV UTF-8 (not Latin-1 or Windows-1252) and send it again`);
  }
}

/** `;` when the header line has more semicolons than commas outside quotes, else `,`. */
export function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * Header and rows. The parser stops after MAX_IMPORT_ROWS + 1 records, so a file of a million
 * short rows is refused after reading ten thousand (the byte cap bounds the rest).
 */
export function readCsv(text: string): CsvFile {
  if (text.trim() === '') throw fileError('The file is empty: the first line must name the columns');
  const delimiter = detectDelimiter(text);
  let records: string[][];
  try {
    const parsed: unknown = parse(text, {
      delimiter,
      relax_column_count: false,
      skip_empty_lines: true,
      bom: true,
      to: MAX_IMPORT_ROWS + 2,
    });
    // Without `columns`, each record is an array of its cells.
    records = parsed as string[][];
  } catch (error) {
    const message = error instanceof Error ? excerpt(error.message, 200) : 'malformed';
    throw fileError(`The CSV could not be read: ${message}`);
  }
  if (records.length > MAX_IMPORT_ROWS + 1) {
    throw fileError(`The file has more than ${MAX_IMPORT_ROWS} rows; split it into files of at most ${MAX_IMPORT_ROWS} rows`);
  }
  const [header, ...rows] = records;
  return { header: header!.map((name) => name.trim()), rows, delimiter };
}

/**
 * A cell a spreadsheet would run as a formula (CSV injection): `=`, `@`, a tab or carriage return
 * first, or `+`/`-` followed by anything but a number or a phone number (`+44 20 7946 0958`, `-12.5`).
 * A fullwidth `＝＋－＠` first counts as its ASCII form (core/csv.ts).
 */
export function isFormula(text: string): boolean {
  const cell = (FULLWIDTH_FORMULA_SIGNS[text.charAt(0)] ?? text.charAt(0)) + text.slice(1);
  if (/^[=@\t\r]/.test(cell)) return true;
  if (/^[+-]/.test(cell)) return !/^[+-][\d\s().]*\d[\d\s().-]*$/.test(cell) || /\d\s*-\s*\(/.test(cell);
  return false;
}
