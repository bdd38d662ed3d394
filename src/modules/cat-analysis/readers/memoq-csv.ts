/**
 * memoQ "all information" CSV: band names in row 1 (one every 8 columns as memoQ writes it, but
 * only the names count), units in row 2 (Segments, Words, Characters, Asian characters, Tags, …),
 * one row per document whose file cell starts with the target language (`[eng-GB] C:\…\file.docx`).
 * Segments, words and characters are read (characters when every band has them); `Total` is the
 * check sum of all bands (X-translated and Fragments included).
 */
import { normaliseHeader, type Table } from './csv-table.js';
import { canonicalTag } from './language.js';
import { emptyCounts, groupByLanguage, type CatToolId, type Count, type MatchCounts, type ParsedReport } from './types.js';

const BANDS: Array<[string, string]> = [
  ['X-translated', 'xTranslated'],
  ['101%', 'contextMatch'],
  ['Repetitions', 'repetitions'],
  ['100%', 'exact'],
  ['95% - 99%', 'fuzzy9599'],
  ['85% - 94%', 'fuzzy8594'],
  ['75% - 84%', 'fuzzy7584'],
  ['50% - 74%', 'fuzzy5074'],
  ['No match', 'noMatch'],
  ['Fragments', 'fragments'],
  ['Total', 'total'],
];

export const MEMOQ_LAYOUT = {
  bands: new Map(BANDS.map(([label, match]) => [normaliseHeader(label), match])),
  labels: new Map(BANDS.map(([label]) => [normaliseHeader(label), label])),
};

/** A row's counts under every match name of the tool, zeros included, in the catalogue's order. */
export function toolCounts(tool: CatToolId, counts: Record<string, Count>): MatchCounts {
  const all = emptyCounts(tool);
  for (const [match, count] of Object.entries(counts)) all[match] = count;
  return all;
}

/** `[eng-GB] name` → target `en-GB` and the name; a cell without the prefix has no target. */
export function splitMemoqFile(cell: string): { target: string | null; name: string } {
  const match = /^\[([^\]]{1,40})\]\s*(.*)$/s.exec(cell);
  if (!match) return { target: null, name: cell };
  const tag = canonicalTag(match[1]!);
  if (!tag) return { target: null, name: cell };
  return { target: tag, name: match[2]!.trim() || cell };
}

export function readMemoqCsv(table: Table): ParsedReport {
  const languages = groupByLanguage(
    'memoq',
    table.rows.map((row) => {
      const { target, name } = splitMemoqFile(row.file);
      return { target, file: { name, counts: toolCounts('memoq', row.counts) } };
    }),
  );
  return { catTool: 'memoq', format: 'memoq-csv', units: table.units, languages };
}
