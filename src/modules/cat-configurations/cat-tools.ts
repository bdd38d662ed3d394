/**
 * The CAT tool catalogue (docs/cat-configurations.md#the-tool-catalogue): the same for every account, in this order. The
 * first tool's match names are exactly the specification's list, in its order.
 */
export interface CatTool {
  id: string;
  name: string;
  /** The match names (bands) the tool reports, in the tool's order. */
  matches: readonly string[];
  quantityTypes: { default: string; list: readonly string[] };
}

const WORDS_OR_CHARACTERS = { default: 'words', list: ['words', 'characters'] } as const;

export const CAT_TOOLS: readonly CatTool[] = Object.freeze([
  {
    id: 'trados',
    name: 'Trados Studio',
    matches: [
      'perfect',
      'inContextExact',
      'exact',
      'locked',
      'crossFileRepeated',
      'repeated',
      'new',
      'fuzzy5074',
      'fuzzy7584',
      'fuzzy8594',
      'fuzzy9599',
      'newBaseline',
      'newLearnings',
      'internalFuzzy5074',
      'internalFuzzy7584',
      'internalFuzzy8594',
      'internalFuzzy9599',
    ],
    quantityTypes: WORDS_OR_CHARACTERS,
  },
  {
    id: 'memoq',
    name: 'memoQ',
    matches: ['xTranslated', 'contextMatch', 'repetitions', 'exact', 'fuzzy9599', 'fuzzy8594', 'fuzzy7584', 'fuzzy5074', 'noMatch', 'fragments'],
    quantityTypes: WORDS_OR_CHARACTERS,
  },
  {
    id: 'phrase',
    name: 'Phrase TMS',
    matches: ['contextMatch', 'repetitions', 'exact', 'fuzzy9599', 'fuzzy8594', 'fuzzy7584', 'fuzzy5074', 'noMatch'],
    quantityTypes: WORDS_OR_CHARACTERS,
  },
]);

export const CAT_TOOL_IDS: readonly string[] = CAT_TOOLS.map((tool) => tool.id);

/** The tool with this id, or undefined. */
export function catTool(id: string): CatTool | undefined {
  return CAT_TOOLS.find((tool) => tool.id === id);
}

/** The catalogue as the API answers it (fresh arrays, so callers cannot change the constant). */
export function catToolList(): Array<{ id: string; name: string; matches: string[]; quantityTypes: { default: string; list: string[] } }> {
  return CAT_TOOLS.map((tool) => ({
    id: tool.id,
    name: tool.name,
    matches: [...tool.matches],
    quantityTypes: { default: tool.quantityTypes.default, list: [...tool.quantityTypes.list] },
  }));
}
