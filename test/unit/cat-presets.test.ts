import { describe, expect, it } from 'vitest';
import { CAT_TOOLS } from '../../src/modules/cat-configurations/cat-tools.js';
import { CAT_PRESETS, presetToolMatches, resolvePreset } from '../../src/modules/cat-configurations/presets.js';

/** The presets (docs/cat-configurations.md#presets): complete per tool, and resolved by name. */
describe('CAT presets', () => {
  it('has one preset per tool of the catalogue, in its order, mapping each tool match exactly once', () => {
    expect(CAT_PRESETS.map((preset) => preset.catTool)).toEqual(CAT_TOOLS.map((tool) => tool.id));
    for (const preset of CAT_PRESETS) {
      const tool = CAT_TOOLS.find((candidate) => candidate.id === preset.catTool)!;
      const matches = presetToolMatches(preset);
      expect(new Set(matches).size).toBe(matches.length);
      expect([...matches].sort()).toEqual([...tool.matches].sort());
      expect(tool.quantityTypes.list).toContain(preset.sourceQuantityType);
    }
  });

  it('resolves names case-insensitively and skips disabled records', () => {
    const memoq = CAT_PRESETS.find((preset) => preset.id === 'memoq')!;
    const units = [
      { id: 'u1', name: 'words', disabled: true },
      { id: 'u2', name: ' WORDS ', disabled: false },
    ];
    const categories = [
      { id: 'c1', name: 'context MATCH', disabled: false },
      { id: 'c2', name: 'No match', disabled: true },
      { id: 'c3', name: '100%', disabled: false },
    ];
    const resolved = resolvePreset(memoq, units, categories);
    expect(resolved.destination).toEqual({ id: 'u2', name: ' WORDS ' });
    expect(resolved.mappings).toEqual([
      { match: { id: 'c1', name: 'context MATCH' }, toolMatches: ['xTranslated', 'contextMatch'] },
      { match: { id: 'c3', name: '100%' }, toolMatches: ['exact'] },
    ]);
    expect(resolved.unmapped).toEqual(['repetitions', 'fuzzy9599', 'fuzzy8594', 'fuzzy7584', 'fuzzy5074', 'noMatch', 'fragments']);
    expect(resolvePreset(memoq, [], []).destination).toBeNull();
  });
});
