/**
 * CSV through `csv-parse`, streamed: the decoded text goes in chunk by chunk and each row is handed
 * on as soon as it is read, so memory holds one chunk and one row, never the whole table. Quoted
 * cells (`""` inside quotes is one quote), CRLF, LF or CR line ends; the delimiter is detected from
 * the header row (`;`, tab or `,`). Errors name the row and column, never echo a cell whole.
 */
import { Readable, pipeline } from 'node:stream';
import { parse, CsvError, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { fail } from './types.js';

export type Delimiter = ';' | ',' | '\t';
/** In order of preference when two delimiters split the header row into as many cells. */
const DELIMITERS: readonly Delimiter[] = [';', '\t', ','];
const LINE_ENDS = ['\r\n', '\n', '\r'];

const options = (delimiter: Delimiter, maxRowChars: number): Options => ({
  delimiter,
  record_delimiter: LINE_ENDS,
  relax_column_count: true,
  bom: false,
  max_record_size: maxRowChars,
});

/** The reader's message for a csv-parse error: where, and what, in words a person can act on. */
function csvFailure(error: unknown, rowsRead: number, maxRowChars: number): never {
  if (!(error instanceof CsvError)) throw error;
  const info = error as CsvError & { records?: number; index?: number };
  const row = (info.records ?? rowsRead) + 1;
  const where = `Row ${row}, column ${(info.index ?? 0) + 1}`;
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return fail(`${where}: a quoted cell is not closed (the file looks truncated).`);
    case 'CSV_INVALID_CLOSING_QUOTE':
      return fail(`${where}: unexpected text after the closing quote of a quoted cell.`);
    case 'INVALID_OPENING_QUOTE':
      return fail(`${where}: a quote inside a cell that does not start with one (quote the whole cell, doubling the quotes inside).`);
    case 'CSV_MAX_RECORD_SIZE':
      return fail(`Row ${row} is longer than ${maxRowChars} characters, the limit for one row of an analysis report.`);
    default:
      return fail(`Row ${row}: the CSV cannot be read (${error.code}).`);
  }
}

/**
 * Reads the rows of the text (given as chunks) and calls `onRow` for each, with its 1-based
 * number. A line end closes a row; text after the last line end is a last row; an empty text has
 * no rows. An unclosed quote, text after a closing quote or a row over `maxRowChars` is rejected.
 */
export async function readCsv(
  chunks: Iterable<string>,
  delimiter: Delimiter,
  maxRowChars: number,
  onRow: (cells: string[], row: number) => void,
): Promise<void> {
  const parser = parse(options(delimiter, maxRowChars));
  // pipeline: an error of the source (a decoding error) destroys the parser, so the loop below sees it.
  pipeline(Readable.from(chunks, { objectMode: false }), parser, () => {});
  let rows = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rows += 1;
      onRow(record, rows);
    }
  } catch (error) {
    csvFailure(error, rows, maxRowChars);
  }
}

/** The rows of a whole text at once (small texts: header sniffing, tests). */
export function parseCsv(text: string, delimiter: Delimiter, maxRowChars = 1024 * 1024): string[][] {
  try {
    return parseSync(text, options(delimiter, maxRowChars));
  } catch (error) {
    return csvFailure(error, 0, maxRowChars);
  }
}

export interface HeaderRow {
  delimiter: Delimiter;
  cells: string[];
  /** False when the text ends inside the first row (no line end after it). */
  ended: boolean;
}

/**
 * The first row of a text and its delimiter: the one of `;`, tab, `,` that splits the row into the
 * most cells (ties in that order). Undefined when none splits it (no delimiter outside quotes).
 */
export function headerRow(text: string): HeaderRow | undefined {
  let best: HeaderRow | undefined;
  for (const delimiter of DELIMITERS) {
    let first: { record: string[]; raw: string } | undefined;
    try {
      first = (parseSync(text, { ...options(delimiter, text.length + 1), to: 1, raw: true }) as unknown as Array<{ record: string[]; raw: string }>)[0];
    } catch {
      continue; // this delimiter leaves a quote misplaced: not the file's
    }
    if (!first || first.record.length < 2) continue;
    if (!best || first.record.length > best.cells.length) best = { delimiter, cells: first.record, ended: /[\r\n]$/.test(first.raw) };
  }
  return best;
}

/** Writes rows so that `parseCsv` gives them back (used by tests and fixtures). */
export function writeCsv(rows: readonly (readonly string[])[], delimiter: Delimiter): string {
  const quote = (cell: string) =>
    cell.includes(delimiter) || cell.includes('"') || cell.includes('\n') || cell.includes('\r') ? `"${cell.replace(/"/g, '""')}"` : cell;
  return rows.map((row) => row.map(quote).join(delimiter) + '\r\n').join('');
}

/**
 * A number cell: digits with an optional decimal comma or point (`7,68`, `6.20`). Undefined when
 * the cell is no such number.
 */
export function parseDecimal(cell: string): number | undefined {
  const text = cell.trim();
  if (!/^\d{1,15}(?:[.,]\d{1,15})?$/.test(text)) return undefined;
  return Number(text.replace(',', '.'));
}
