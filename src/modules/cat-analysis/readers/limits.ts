/**
 * Bounds on the work one report may cause. The upload cap bounds the input; these bound what
 * reading it builds, so that memory follows the answer and the answer stays a size a client can
 * take: past a count bound the report is refused with 413 (`CatReportTooLarge`), a single row,
 * name or nesting past its bound is a malformed report (400).
 */
import { excerpt } from '../../../core/errors.js';
import { CatReportTooLarge, fail } from './types.js';

export interface ReportLimits {
  /** Documents (CSV data rows, XML `file` elements) in one report. */
  documents: number;
  /** CSV rows of any kind, blank ones included. */
  rows: number;
  /** The answer's JSON, estimated while reading (names and counts of every file). */
  answerBytes: number;
  /** Characters of one CSV row (header rows included). */
  rowChars: number;
  /** Characters of one document name. */
  nameChars: number;
  /** Nesting depth of XML elements. */
  xmlDepth: number;
}

export const DEFAULT_LIMITS: ReportLimits = {
  documents: 25_000,
  rows: 100_000,
  answerBytes: 32 * 1024 * 1024,
  rowChars: 256 * 1024,
  nameChars: 4096,
  xmlDepth: 64,
};

/** JSON of one `{ "segments": n, "words": n, "characters": n }` entry with its match name, at most. */
const COUNT_BYTES = 90;

/** Counts documents and the estimated answer as they are read; throws once a bound is passed. */
export class ReportBudget {
  private documents = 0;
  private answerBytes = 0;
  constructor(readonly limits: ReportLimits) {}

  /** One more CSV row (of any kind). */
  row(row: number): void {
    if (row > this.limits.rows) {
      throw new CatReportTooLarge(`The report has more than ${this.limits.rows} rows, the limit for one report; split the analysis into several reports.`);
    }
  }

  /** One more document named `name` with `matches` count entries; `where` locates it for messages. */
  document(name: string, matches: number, where: string): void {
    if (name.length > this.limits.nameChars) {
      fail(`${where}: the document name is ${name.length} characters long, over the limit of ${this.limits.nameChars} (${JSON.stringify(excerpt(name))}).`);
    }
    this.documents += 1;
    if (this.documents > this.limits.documents) {
      throw new CatReportTooLarge(
        `The report lists more than ${this.limits.documents} documents, the limit for one report; split the analysis into several reports.`,
      );
    }
    this.answerBytes += name.length * 2 + 32 + matches * COUNT_BYTES;
    if (this.answerBytes > this.limits.answerBytes) {
      throw new CatReportTooLarge(
        `The parsed report would be larger than ${Math.round(this.limits.answerBytes / 1024 / 1024)} MiB (${this.documents} documents read so far), the limit for one report; split the analysis into several reports.`,
      );
    }
  }
}
