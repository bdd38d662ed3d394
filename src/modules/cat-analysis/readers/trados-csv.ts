/**
 * Trados-compatible CSV written by memoQ and by Phrase (docs/cat-analysis.md): band names every 4
 * columns in row 1 (Segments, Words, Placeables, Percent under each), one row per document. Only
 * Total has a Characters column, so characters are not read (0 in every band); segments and words
 * are, and must add up to Total. Phrase writes the language pair in the file cell
 * (`name.txt | en>pl`): rows are grouped per target language. memoQ may prefix `[lang]`.
 */
import { readTable, normaliseHeader } from './csv-table.js';
import { canonicalTag } from './language.js';
import { splitMemoqFile } from './memoq-csv.js';
import { fail, groupByLanguage, type ParsedReport } from './types.js';

const BANDS: Array<[string, string]> = [
  ['Context TM', 'contextMatch'],
  ['Repetitions', 'repetitions'],
  ['100% Matches', 'exact'],
  ['95% - 99%', 'fuzzy9599'],
  ['85% - 94%', 'fuzzy8594'],
  ['75% - 84%', 'fuzzy7584'],
  ['50% - 74%', 'fuzzy5074'],
  ['No Match', 'noMatch'],
  ['Total', 'total'],
];

export const TRADOS_CSV_LAYOUT = {
  bands: new Map(BANDS.map(([label, match]) => [normaliseHeader(label), match])),
  labels: new Map(BANDS.map(([label]) => [normaliseHeader(label), label])),
  units: ['segments', 'words'] as const,
};

/** `name | src>tgt` → target and name, or undefined when the cell has no such suffix. */
export function splitPhraseFile(cell: string): { source: string; target: string; name: string } | undefined {
  const bar = cell.lastIndexOf('|');
  if (bar < 0) return undefined;
  const pair = /^\s*([A-Za-z0-9_-]{2,20})\s*>\s*([A-Za-z0-9_-]{2,20})\s*$/.exec(cell.slice(bar + 1));
  if (!pair) return undefined;
  const source = canonicalTag(pair[1]!);
  const target = canonicalTag(pair[2]!);
  if (!source || !target) return undefined;
  return { source, target, name: cell.slice(0, bar).trim() || cell };
}

export function readTradosCsv(rows: string[][], catTool: 'memoq' | 'phrase' | undefined): ParsedReport {
  // The tool only changes the match names' set (memoQ adds xTranslated and fragments, at 0).
  const fileColumn = Math.max(0, rows[1]?.findIndex((cell) => normaliseHeader(cell) === 'file') ?? 0);
  const phraseCells = rows.slice(2).some((row) => splitPhraseFile((row[fileColumn] ?? '').trim()) !== undefined);
  const tool = catTool ?? (phraseCells ? 'phrase' : 'memoq');
  const table = readTable(rows, TRADOS_CSV_LAYOUT, tool);
  const withPhrase = table.filter((row) => splitPhraseFile(row.file) !== undefined).length;
  if (withPhrase > 0 && withPhrase < table.length) {
    const odd = table.find((row) => splitPhraseFile(row.file) === undefined)!;
    fail(`Row ${odd.row} (${JSON.stringify(odd.file)}): the file cell has no "| source>target" language pair while other rows have one.`);
  }
  const languages = groupByLanguage(
    tool,
    table.map((row) => {
      const phrase = splitPhraseFile(row.file);
      if (phrase) return { target: phrase.target, file: { name: phrase.name, counts: row.counts } };
      const { target, name } = splitMemoqFile(row.file);
      return { target, file: { name, counts: row.counts } };
    }),
  );
  return { catTool: tool, format: 'trados-csv', units: ['segments', 'words'], languages };
}
