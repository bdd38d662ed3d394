/**
 * CAT analysis report readers (docs/cat-analysis.md): bytes in, parsed report out. Pure: no I/O.
 *
 *   parseReport(bytes, { catTool? }) → { catTool, format, units, languages: [{ target, files, counts }] }
 *
 * Every problem is a `CatReportError` whose message says what is wrong and where.
 */
import { decode, detectEncoding } from './decode.js';
import { parseCsv } from './csv.js';
import { sniff, SNIFF_BYTES } from './detect.js';
import { readMemoqCsv } from './memoq-csv.js';
import { readTradosCsv } from './trados-csv.js';
import { readTradosXml } from './trados-xml.js';
import { CatReportError, TOOL_NAMES, type CatToolId, type ParsedReport } from './types.js';

export { CatReportError } from './types.js';
export type { CatToolId, Count, MatchCounts, ParsedFile, ParsedLanguage, ParsedReport, ReportFormat, Unit } from './types.js';

export interface ParseOptions {
  /** The configuration's tool: required to match the format (a Trados-compatible CSV is memoQ or Phrase). */
  catTool?: CatToolId;
}

const FORMAT_NAMES = { 'trados-xml': 'a Trados Studio XML report', 'memoq-csv': 'a memoQ "all information" CSV', 'trados-csv': 'a Trados-compatible CSV' };

export function parseReport(bytes: Uint8Array, options: ParseOptions = {}): ParsedReport {
  try {
    return parse(bytes, options);
  } catch (error) {
    if (error instanceof CatReportError) throw error;
    // A safety net: nothing else may escape (the cause is kept for the log).
    throw new CatReportError(`The report could not be read (${error instanceof Error ? error.message : String(error)}).`, { cause: error });
  }
}

function parse(bytes: Uint8Array, { catTool }: ParseOptions): ParsedReport {
  if (catTool !== undefined && !(catTool in TOOL_NAMES)) throw new CatReportError(`Unknown CAT tool "${String(catTool)}".`);
  const detected = detectEncoding(bytes);
  const sniffed = sniff(decode(bytes, detected, SNIFF_BYTES), bytes.length - detected.bomLength <= SNIFF_BYTES);
  const mismatch = (writtenBy: string) =>
    new CatReportError(`The file is ${FORMAT_NAMES[sniffed.format]} (written by ${writtenBy}); it cannot be read for ${TOOL_NAMES[catTool!]}.`);
  if (sniffed.format === 'trados-xml') {
    if (catTool !== undefined && catTool !== 'trados') throw mismatch('Trados Studio');
    return readTradosXml(decode(bytes, detected));
  }
  const rows = parseCsv(decode(bytes, detected), sniffed.delimiter);
  if (sniffed.format === 'memoq-csv') {
    if (catTool !== undefined && catTool !== 'memoq') throw mismatch('memoQ');
    return readMemoqCsv(rows);
  }
  if (catTool === 'trados') throw mismatch('memoQ or Phrase TMS');
  return readTradosCsv(rows, catTool);
}
