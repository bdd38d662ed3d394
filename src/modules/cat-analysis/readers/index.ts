/**
 * CAT analysis report readers: bytes in, parsed report out. Pure: no I/O.
 *
 *   parseReport(bytes, { catTool?, limits? }) → { catTool, format, units, languages: [{ target, files, counts }] }
 *
 * The text is decoded and read in chunks by streaming parsers (csv-parse, saxes), so what is held
 * follows the answer, not the input; the answer itself is bounded (`limits.ts`). Every problem is a
 * `CatReportError` whose message says what is wrong and where (`CatReportTooLarge` past a bound).
 */
import { excerpt } from '../../../core/errors.js';
import { decode, decodeChunks, detectEncoding } from './decode.js';
import { readCsv } from './csv.js';
import { TableReader } from './csv-table.js';
import { sniff, SNIFF_BYTES } from './detect.js';
import { DEFAULT_LIMITS, ReportBudget, type ReportLimits } from './limits.js';
import { MEMOQ_LAYOUT, readMemoqCsv } from './memoq-csv.js';
import { readTradosCsv, TRADOS_CSV_LAYOUT } from './trados-csv.js';
import { readTradosXml } from './trados-xml.js';
import { CatReportError, TOOL_NAMES, type CatToolId, type ParsedReport } from './types.js';

export { CatReportError, CatReportTooLarge } from './types.js';
export { DEFAULT_LIMITS, type ReportLimits } from './limits.js';
export type { CatToolId, Count, MatchCounts, ParsedFile, ParsedLanguage, ParsedReport, ReportFormat, Unit } from './types.js';

export interface ParseOptions {
  /** The configuration's tool: required to match the format (a Trados-compatible CSV is memoQ or Phrase). */
  catTool?: CatToolId;
  /** Bounds on one report; default `DEFAULT_LIMITS`. */
  limits?: ReportLimits;
}

const FORMAT_NAMES = { 'trados-xml': 'a Trados Studio XML report', 'memoq-csv': 'a memoQ "all information" CSV', 'trados-csv': 'a Trados-compatible CSV' };

/**
 * Whether bytes look like a CAT analysis report, from their first 64 KB (nothing is parsed): a CSV
 * whose first row names the bands of a known report, or XML whose root is Trados Studio's
 * `<task name="analyse">`. A file that looks like one may still be refused by `parseReport`.
 */
export function looksLikeReport(bytes: Uint8Array): boolean {
  try {
    const detected = detectEncoding(bytes);
    const prefix = decode(bytes, detected, SNIFF_BYTES);
    const sniffed = sniff(prefix, bytes.length - detected.bomLength <= SNIFF_BYTES);
    return sniffed.format !== 'trados-xml' || /<task\s[^>]*\bname\s*=\s*["']analyse["']/.test(prefix);
  } catch (error) {
    if (error instanceof CatReportError) return false;
    throw error;
  }
}

export async function parseReport(bytes: Uint8Array, options: ParseOptions = {}): Promise<ParsedReport> {
  try {
    return await parse(bytes, options);
  } catch (error) {
    if (error instanceof CatReportError) throw error;
    // A safety net: nothing else may escape (the cause is kept for the log).
    throw new CatReportError(`The report could not be read (${error instanceof Error ? error.name : 'unexpected error'}).`, { cause: error });
  }
}

async function parse(bytes: Uint8Array, { catTool, limits = DEFAULT_LIMITS }: ParseOptions): Promise<ParsedReport> {
  if (catTool !== undefined && !(catTool in TOOL_NAMES)) throw new CatReportError(`Unknown CAT tool ${JSON.stringify(excerpt(String(catTool)))}.`);
  const detected = detectEncoding(bytes);
  const sniffed = sniff(decode(bytes, detected, SNIFF_BYTES), bytes.length - detected.bomLength <= SNIFF_BYTES);
  const mismatch = (writtenBy: string) =>
    new CatReportError(`The file is ${FORMAT_NAMES[sniffed.format]} (written by ${writtenBy}); it cannot be read for ${TOOL_NAMES[catTool!]}.`);
  const budget = new ReportBudget(limits);
  if (sniffed.format === 'trados-xml') {
    if (catTool !== undefined && catTool !== 'trados') throw mismatch('Trados Studio');
    return readTradosXml(decodeChunks(bytes, detected), budget);
  }
  if (sniffed.format === 'memoq-csv' && catTool !== undefined && catTool !== 'memoq') throw mismatch('memoQ');
  if (sniffed.format === 'trados-csv' && catTool === 'trados') throw mismatch('memoQ or Phrase TMS');
  const table = new TableReader(sniffed.format === 'memoq-csv' ? MEMOQ_LAYOUT : TRADOS_CSV_LAYOUT, budget);
  await readCsv(decodeChunks(bytes, detected), sniffed.delimiter, limits.rowChars, (cells, row) => table.add(cells, row));
  if (sniffed.format === 'memoq-csv') return readMemoqCsv(table.finish());
  return readTradosCsv(table.finish(), catTool === 'trados' ? undefined : catTool);
}
