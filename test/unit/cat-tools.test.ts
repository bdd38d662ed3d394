import { describe, expect, it } from 'vitest';
import { CAT_TOOLS, catTool, catToolList } from '../../src/modules/cat-configurations/cat-tools.js';

/** The specification's list for the first tool ("CAT tool (read-only listing item)"), in its order. */
const SPECIFICATION_MATCHES = [
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
];

describe('CAT tool catalogue', () => {
  it('lists trados, memoq, phrase in this order', () => {
    expect(CAT_TOOLS.map((tool) => [tool.id, tool.name])).toEqual([
      ['trados', 'Trados Studio'],
      ['memoq', 'memoQ'],
      ['phrase', 'Phrase TMS'],
    ]);
  });

  it("has the specification's match names, exactly and in order, on the first tool", () => {
    const first = CAT_TOOLS[0]!;
    expect([...first.matches]).toEqual(SPECIFICATION_MATCHES);
    expect({ default: first.quantityTypes.default, list: [...first.quantityTypes.list] }).toEqual({ default: 'words', list: ['words', 'characters'] });
  });

  it('has the memoQ and Phrase bands of the catalogue', () => {
    expect(catTool('memoq')?.matches).toEqual([
      'xTranslated',
      'contextMatch',
      'repetitions',
      'exact',
      'fuzzy9599',
      'fuzzy8594',
      'fuzzy7584',
      'fuzzy5074',
      'noMatch',
      'fragments',
    ]);
    expect(catTool('phrase')?.matches).toEqual(['contextMatch', 'repetitions', 'exact', 'fuzzy9599', 'fuzzy8594', 'fuzzy7584', 'fuzzy5074', 'noMatch']);
  });

  it('has unique match names per tool and a default quantity type from its list', () => {
    for (const tool of CAT_TOOLS) {
      expect(new Set(tool.matches).size).toBe(tool.matches.length);
      expect(tool.quantityTypes.list).toContain(tool.quantityTypes.default);
    }
  });

  it('answers unknown ids with undefined and copies on listing', () => {
    expect(catTool('wordfast')).toBeUndefined();
    const list = catToolList();
    list[0]!.matches.push('extra');
    expect(CAT_TOOLS[0]!.matches).toHaveLength(17);
  });
});
