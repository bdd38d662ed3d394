/**
 * Format detection from the first 64 KB of text, so that a large file of anything else is rejected
 * before it is decoded or tokenised: a Trados XML report starts with `<`; a CSV report's first row
 * holds band names (`Context TM` / `100% Matches` → Trados-compatible, `101%` / `100%` /
 * `X-translated` → memoQ "all information").
 */
import { headerRow, type Delimiter } from './csv.js';
import { normaliseHeader } from './csv-table.js';
import { fail, type ReportFormat } from './types.js';

export const SNIFF_BYTES = 64 * 1024;

export type Sniffed = { format: 'trados-xml' } | { format: Exclude<ReportFormat, 'trados-xml'>; delimiter: Delimiter };

const TRADOS_CSV_MARKERS = new Set(['contexttm', '100%matches']);
const MEMOQ_MARKERS = new Set(['x-translated', '101%', '100%']);

export function sniff(prefix: string, complete: boolean): Sniffed {
  const text = prefix.replace(/^[\s\ufeff]+/, '');
  if (text === '') fail('The file holds only white space.');
  if (text.startsWith('<')) return { format: 'trados-xml' };
  const header = headerRow(text);
  if (!header) fail('The file is neither XML nor a CSV report: its first row holds no delimiter (";", "," or tab) outside quotes.');
  if (!header.ended && !complete) {
    fail(`The first ${SNIFF_BYTES / 1024} KB hold no line end: this is not a CAT analysis report (Trados Studio XML, memoQ CSV or Trados-compatible CSV).`);
  }
  const { delimiter } = header;
  const cells = header.cells.map(normaliseHeader);
  if (cells.some((cell) => TRADOS_CSV_MARKERS.has(cell))) return { format: 'trados-csv', delimiter };
  if (cells.some((cell) => MEMOQ_MARKERS.has(cell))) return { format: 'memoq-csv', delimiter };
  return fail(
    'Header row 1 holds no band names of a known report: expected a memoQ "all information" CSV ("101%", "100%", …), ' +
      'a Trados-compatible CSV ("Context TM", "100% Matches", …) or a Trados Studio XML report.',
  );
}
