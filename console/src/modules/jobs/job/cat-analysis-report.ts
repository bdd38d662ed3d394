import type { Answer } from '../../../shared/api/client';
import { t, type MessageKey } from '../../../shared/i18n';

/** The catalogue's text of a key built from an API code, or `fallback` for a code the catalogue lacks (t() answers undefined). */
function textOr(key: string, fallback: string): string {
  const text: string | undefined = t(key as MessageKey);
  return text ?? fallback;
}

/**
 * The pure side of the CAT analysis section: the parsed report as the API answers it
 * (docs/cat-analysis.md#post-v2cat-analysisparse), the bands to show, and what an import with a
 * CAT configuration would give (docs/cat-analysis.md, import steps 2–4), for the preview.
 */
export type ParsedReport = Answer<'parseCatAnalysis'>;
export type ReportLanguage = ParsedReport['languages'][number];
export type Counts = ReportLanguage['counts'];
export type CatConfiguration = Answer<'listAccountCatConfigurations'>[number];
export type Unit = 'segments' | 'words' | 'characters';

export const UNITS: readonly Unit[] = ['segments', 'words', 'characters'];

export interface BandRow {
  band: string;
  segments: number;
  words: number;
  characters: number;
}

/** The units the report really counts, in the order segments, words, characters. */
export function unitsOf(report: ParsedReport): Unit[] {
  return UNITS.filter((unit) => report.units.includes(unit));
}

/**
 * The bands to show: those with a count (in the report's order, the tool's catalogue order), the
 * number left out because they count nothing, and the total of every band.
 */
export function bandRows(counts: Counts): { rows: BandRow[]; hidden: number; total: BandRow } {
  const rows: BandRow[] = [];
  const total: BandRow = { band: 'total', segments: 0, words: 0, characters: 0 };
  let hidden = 0;
  for (const [band, count] of Object.entries(counts)) {
    total.segments += count.segments;
    total.words += count.words;
    total.characters += count.characters;
    if (count.segments === 0 && count.words === 0 && count.characters === 0) hidden++;
    else rows.push({ band, ...count });
  }
  return { rows, hidden, total };
}

/** A band's name for people ("fuzzy9599" → "95–99%"); a name the catalogue lacks is shown as written. */
export function bandLabel(band: string): string {
  // t() answers undefined for a key the catalogue lacks (a band of a newer tool version).
  return textOr(`catAnalysis.band.${band}`, band);
}

/** A catalogue text for a code (tool, format), or the code itself when the catalogue lacks it. */
export function labelOf(prefix: 'catAnalysis.tool' | 'catAnalysis.format', code: string): string {
  return textOr(`${prefix}.${code}`, code);
}

/** A unit of a report for people ("words"). */
export function unitLabel(unit: string): string {
  return textOr(`catAnalysis.unit.${unit}`, unit);
}

/** The API's comparison of language codes: case-insensitive, `_` as `-` (es-ES ≠ es). */
export function sameLanguage(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const norm = (code: string) => code.toLowerCase().replace(/_/g, '-');
  return norm(a) === norm(b);
}

/**
 * The language an import takes by default, as the API chooses it: the only one; with several, the
 * one equal to the target of the destination's language pair; else none (the user chooses).
 * Answers its index in `report.languages`, or -1.
 */
export function defaultLanguageIndex(report: ParsedReport, target: string | null | undefined): number {
  if (report.languages.length === 1) return 0;
  return report.languages.findIndex((language) => sameLanguage(language.target, target));
}

export interface ImportLine {
  categoryId: string;
  category: string;
  quantity: number;
}

export interface ImportPreview {
  lines: ImportLine[];
  /** Bands with a count that no mapping names (the API refuses the import, naming them). */
  unmapped: { band: string; count: number }[];
  /** The count the configuration reads is not one the report counts (the API refuses too). */
  missingUnit: boolean;
}

/**
 * What an import of `counts` with `configuration` gives: each mapping in order, quantity = the sum
 * of its tool matches' counts of the configuration's source unit × the conversion factor (the API
 * computes it in exact decimals; this preview rounds for display only).
 */
export function importPreview(report: ParsedReport, counts: Counts, configuration: CatConfiguration): ImportPreview {
  const source = configuration.quantityTypes.source as Unit;
  const factor = configuration.quantityTypes.conversionFactor;
  const mapped = new Set<string>();
  const lines = configuration.mappings.map((mapping) => {
    let sum = 0;
    for (const toolMatch of mapping.toolMatches) {
      mapped.add(toolMatch);
      sum += counts[toolMatch]?.[source] ?? 0;
    }
    return { categoryId: mapping.match.id, category: mapping.match.name, quantity: roundForDisplay(sum * factor) };
  });
  const unmapped = Object.entries(counts)
    .filter(([band, count]) => !mapped.has(band) && count[source] > 0)
    .map(([band, count]) => ({ band, count: count[source] }));
  return { lines, unmapped, missingUnit: !report.units.includes(source) };
}

/** Float noise of a product (0.1 × 3 = 0.30000000000000004) kept out of the preview. */
function roundForDisplay(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** The configurations that can read a report of this tool. */
export function configurationsFor(configurations: readonly CatConfiguration[], catTool: string): CatConfiguration[] {
  return configurations.filter((configuration) => configuration.catTool.id === catTool);
}

/**
 * The configuration chosen at first: the destination's default (the supplier's, else the client's,
 * as the API's default) when it can read the report, else the first that can.
 */
export function defaultConfigurationId(usable: readonly CatConfiguration[], defaults: ReadonlyArray<string | null | undefined>): string | undefined {
  for (const id of defaults) if (id && usable.some((configuration) => configuration.id === id)) return id;
  return usable[0]?.id;
}
