/**
 * The ready configurations, one per CAT tool of the catalogue (docs/cat-configurations.md#presets):
 * every tool match of the tool feeds one of the default match categories of a new account
 * (docs/master-data.md), words are read and counted one to one into the unit "Words". They cover
 * every report format the readers know: Trados Studio XML (`trados`), memoQ "all information" CSV
 * and memoQ's Trados-compatible CSV (`memoq`), Phrase's Trados-compatible CSV (`phrase`).
 *
 * Categories and the unit are named, not referenced: each account has its own ids, and an account
 * may have renamed or removed them (`resolvePreset` says what did not resolve).
 */
export interface CatPreset {
  /** The tool id: one preset per tool. */
  id: string;
  name: string;
  catTool: string;
  sourceQuantityType: string;
  conversionFactor: number;
  /** The name of the destination unit. */
  destinationUnit: string;
  /** In import order: a match category name and the tool matches that feed it. */
  mappings: ReadonlyArray<{ category: string; toolMatches: readonly string[] }>;
}

const FUZZY = (prefixes: readonly string[]) =>
  (
    [
      ['95-99%', '9599'],
      ['85-94%', '8594'],
      ['75-84%', '7584'],
      ['50-74%', '5074'],
    ] as const
  ).map(([category, band]) => ({ category, toolMatches: prefixes.map((prefix) => `${prefix}${band}`) }));

const words = { sourceQuantityType: 'words', conversionFactor: 1, destinationUnit: 'Words' } as const;

export const CAT_PRESETS: readonly CatPreset[] = Object.freeze([
  {
    id: 'trados',
    name: 'Trados Studio — words',
    catTool: 'trados',
    ...words,
    mappings: [
      // Locked segments are confirmed translations the translator does not touch: paid as a 100 % match.
      { category: 'Context match', toolMatches: ['perfect', 'inContextExact'] },
      { category: 'Repetitions', toolMatches: ['repeated', 'crossFileRepeated'] },
      { category: '100%', toolMatches: ['exact', 'locked'] },
      ...FUZZY(['fuzzy', 'internalFuzzy']),
      { category: 'No match', toolMatches: ['new', 'newBaseline', 'newLearnings'] },
    ],
  },
  {
    id: 'memoq',
    name: 'memoQ — words',
    catTool: 'memoq',
    ...words,
    mappings: [
      // X-translated segments come confirmed from an earlier version of the document, as 101 % matches do.
      { category: 'Context match', toolMatches: ['xTranslated', 'contextMatch'] },
      { category: 'Repetitions', toolMatches: ['repetitions'] },
      { category: '100%', toolMatches: ['exact'] },
      ...FUZZY(['fuzzy']),
      // Fragments are no-match segments that memoQ partly assembled from terms: translated in full.
      { category: 'No match', toolMatches: ['noMatch', 'fragments'] },
    ],
  },
  {
    id: 'phrase',
    name: 'Phrase TMS — words',
    catTool: 'phrase',
    ...words,
    mappings: [
      { category: 'Context match', toolMatches: ['contextMatch'] },
      { category: 'Repetitions', toolMatches: ['repetitions'] },
      { category: '100%', toolMatches: ['exact'] },
      ...FUZZY(['fuzzy']),
      { category: 'No match', toolMatches: ['noMatch'] },
    ],
  },
]);

export const CAT_PRESET_IDS: readonly string[] = CAT_PRESETS.map((preset) => preset.id);

export function catPreset(id: string): CatPreset | undefined {
  return CAT_PRESETS.find((preset) => preset.id === id);
}

/** A named record of the account, as the resolution needs it. */
export interface NamedRecord {
  id: string;
  name: string;
  disabled: boolean;
}

export interface ResolvedPreset {
  preset: CatPreset;
  /** The account's enabled unit of that name (case-insensitive), or null. */
  destination: { id: string; name: string } | null;
  /** The mappings whose category the account has (enabled), in the preset's order. */
  mappings: Array<{ match: { id: string; name: string }; toolMatches: string[] }>;
  /** Tool matches whose category the account does not have (or has disabled): left unmapped. */
  unmapped: string[];
}

const key = (name: string) => name.trim().toLowerCase();

/** The preset in terms of one account's units and match categories (pure). */
export function resolvePreset(preset: CatPreset, units: readonly NamedRecord[], categories: readonly NamedRecord[]): ResolvedPreset {
  const find = (records: readonly NamedRecord[], name: string) => records.find((record) => !record.disabled && key(record.name) === key(name));
  const unit = find(units, preset.destinationUnit);
  const mappings: ResolvedPreset['mappings'] = [];
  const unmapped: string[] = [];
  for (const mapping of preset.mappings) {
    const category = find(categories, mapping.category);
    if (category) mappings.push({ match: { id: category.id, name: category.name }, toolMatches: [...mapping.toolMatches] });
    else unmapped.push(...mapping.toolMatches);
  }
  return { preset, destination: unit ? { id: unit.id, name: unit.name } : null, mappings, unmapped };
}

/** Every tool match of the preset's tool, each exactly once (checked by test/unit/cat-presets.test.ts). */
export function presetToolMatches(preset: CatPreset): string[] {
  return preset.mappings.flatMap((mapping) => mapping.toolMatches);
}
