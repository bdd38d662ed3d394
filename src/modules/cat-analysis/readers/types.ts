/**
 * The parsed CAT analysis report and the errors every reader throws.
 */
import { catTool } from '../../cat-configurations/index.js';

export type CatToolId = 'trados' | 'memoq' | 'phrase';
export type ReportFormat = 'trados-xml' | 'memoq-csv' | 'trados-csv';
export type Unit = 'segments' | 'words' | 'characters';
export const UNITS: readonly Unit[] = ['segments', 'words', 'characters'];

export interface Count {
  segments: number;
  words: number;
  characters: number;
}
/** Every tool match name of the tool, in the catalogue's order, zeros included. */
export type MatchCounts = Record<string, Count>;

export interface ParsedFile {
  name: string;
  counts: MatchCounts;
}

export interface ParsedLanguage {
  /** BCP-47 code (`fr-FR`), the file's own text when it cannot be mapped, null when the report names none. */
  target: string | null;
  files: ParsedFile[];
  counts: MatchCounts;
}

export interface ParsedReport {
  catTool: CatToolId;
  format: ReportFormat;
  /** The units the report really counts; the others are 0 everywhere (e.g. characters in a Trados-compatible CSV). */
  units: Unit[];
  languages: ParsedLanguage[];
}

/** A report that cannot be read; the message says which row, element or header is wrong. */
export class CatReportError extends Error {
  override name = 'CatReportError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** A report past one of the bounds of `limits.ts` (too many documents, too large an answer): 413, not 400. */
export class CatReportTooLarge extends CatReportError {
  override name = 'CatReportTooLarge';
}

export function fail(message: string): never {
  throw new CatReportError(message);
}

/** Counts with every match of the tool at zero. */
export function emptyCounts(tool: CatToolId): MatchCounts {
  const counts: MatchCounts = {};
  for (const match of catTool(tool)!.matches) counts[match] = { segments: 0, words: 0, characters: 0 };
  return counts;
}

export function addCounts(into: MatchCounts, from: MatchCounts): void {
  for (const [match, count] of Object.entries(from)) {
    const target = into[match]!;
    target.segments += count.segments;
    target.words += count.words;
    target.characters += count.characters;
  }
}

/** Groups files per target language (order of first appearance) and sums each language. */
export function groupByLanguage(tool: CatToolId, rows: Array<{ target: string | null; file: ParsedFile }>): ParsedLanguage[] {
  const languages = new Map<string | null, ParsedLanguage>();
  for (const { target, file } of rows) {
    let language = languages.get(target);
    if (!language) {
      language = { target, files: [], counts: emptyCounts(tool) };
      languages.set(target, language);
    }
    language.files.push(file);
    addCounts(language.counts, file.counts);
  }
  return [...languages.values()];
}

export const TOOL_NAMES: Record<CatToolId, string> = { trados: 'Trados Studio', memoq: 'memoQ', phrase: 'Phrase TMS' };
