/**
 * Trados-compatible CSV written by memoQ and by Phrase: band names in row 1, units in row 2, one
 * row per document. The units under each band vary by tool and version: memoQ writes `Segments;
 * Words;Placeables;Percent` with `Characters` under Total only (characters are then not read: 0
 * in every band); Phrase may write `Segments;Words;Characters;Placeables;Percent` under every band
 * and another order under Total (characters are then read). Columns are found by name. Phrase
 * writes the language pair in the file cell (`name.txt | en>pl`): rows are grouped per target
 * language. memoQ may prefix `[lang]`.
 */
import { excerpt } from '../../../core/errors.js';
import { normaliseHeader, type Table } from './csv-table.js';
import { canonicalTag } from './language.js';
import { splitMemoqFile, toolCounts } from './memoq-csv.js';
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

export function readTradosCsv(table: Table, catTool: 'memoq' | 'phrase' | undefined): ParsedReport {
  const withPhrase = table.rows.filter((row) => splitPhraseFile(row.file) !== undefined).length;
  if (withPhrase > 0 && withPhrase < table.rows.length) {
    const odd = table.rows.find((row) => splitPhraseFile(row.file) === undefined)!;
    fail(`Row ${odd.row} (${JSON.stringify(excerpt(odd.file))}): the file cell has no "| source>target" language pair while other rows have one.`);
  }
  // The tool only changes the set of match names (memoQ adds xTranslated and fragments, at 0).
  const tool = catTool ?? (withPhrase > 0 ? 'phrase' : 'memoq');
  const languages = groupByLanguage(
    tool,
    table.rows.map((row) => {
      const counts = toolCounts(tool, row.counts);
      const phrase = splitPhraseFile(row.file);
      if (phrase) return { target: phrase.target, file: { name: phrase.name, counts } };
      const { target, name } = splitMemoqFile(row.file);
      return { target, file: { name, counts } };
    }),
  );
  return { catTool: tool, format: 'trados-csv', units: table.units, languages };
}
