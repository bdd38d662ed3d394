import type { Kysely, Migration } from 'kysely';
import { nowIso } from '../../dates.js';
import { newId } from '../../ids.js';

/**
 * The preset CAT configurations for the accounts that existed before new accounts got them
 * (docs/cat-configurations.md#presets). Released: never edit.
 *
 * - An account gets a tool's preset unless it already has a configuration of that tool with at
 *   least one mapping: that one is the account's own way of reading the tool's reports, and a
 *   second one would only be a near duplicate. A configuration without mappings (the "0 of 10
 *   mapped" a new user left behind) does not count.
 * - No existing configuration is changed, renamed or removed.
 * - Categories and the unit are found by name (case-insensitive, enabled only), as the service does;
 *   a category the account no longer has leaves its tool matches unmapped, and an account without
 *   an enabled unit "Words" gets no preset (a configuration needs a destination unit).
 * - The presets are copied here as they were released, so that a later change of the presets in
 *   code does not change what this migration did. No events are recorded (no one acted).
 */
const FUZZY = (prefixes: readonly string[]) =>
  (
    [
      ['95-99%', '9599'],
      ['85-94%', '8594'],
      ['75-84%', '7584'],
      ['50-74%', '5074'],
    ] as const
  ).map(([category, band]) => ({ category, toolMatches: prefixes.map((prefix) => `${prefix}${band}`) }));

const PRESETS = [
  {
    name: 'Trados Studio — words',
    catTool: 'trados',
    mappings: [
      { category: 'Context match', toolMatches: ['perfect', 'inContextExact'] },
      { category: 'Repetitions', toolMatches: ['repeated', 'crossFileRepeated'] },
      { category: '100%', toolMatches: ['exact', 'locked'] },
      ...FUZZY(['fuzzy', 'internalFuzzy']),
      { category: 'No match', toolMatches: ['new', 'newBaseline', 'newLearnings'] },
    ],
  },
  {
    name: 'memoQ — words',
    catTool: 'memoq',
    mappings: [
      { category: 'Context match', toolMatches: ['xTranslated', 'contextMatch'] },
      { category: 'Repetitions', toolMatches: ['repetitions'] },
      { category: '100%', toolMatches: ['exact'] },
      ...FUZZY(['fuzzy']),
      { category: 'No match', toolMatches: ['noMatch', 'fragments'] },
    ],
  },
  {
    name: 'Phrase TMS — words',
    catTool: 'phrase',
    mappings: [
      { category: 'Context match', toolMatches: ['contextMatch'] },
      { category: 'Repetitions', toolMatches: ['repetitions'] },
      { category: '100%', toolMatches: ['exact'] },
      ...FUZZY(['fuzzy']),
      { category: 'No match', toolMatches: ['noMatch'] },
    ],
  },
];

interface Named {
  id: string;
  account_id: string;
  name: string;
  disabled: unknown;
}

const enabled = (row: Named) => !(row.disabled === true || row.disabled === 1 || row.disabled === '1');
const key = (name: string) => name.trim().toLowerCase();

export function catPresets(): Migration {
  return {
    async up(untyped: Kysely<unknown>) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema of its time, not today's types
      const db = untyped as Kysely<any>;
      const accounts = (await db.selectFrom('accounts').select('id').orderBy('id').execute()) as Array<{ id: string }>;
      const mapped = (await db
        .selectFrom('cat_configurations as c')
        .innerJoin('cat_configuration_mappings as m', 'm.configuration_id', 'c.id')
        .select(['c.account_id', 'c.cat_tool'])
        .distinct()
        .execute()) as Array<{ account_id: string; cat_tool: string }>;
      const has = new Set(mapped.map((row) => `${row.account_id}|${row.cat_tool}`));
      const units = (await db.selectFrom('units').select(['id', 'account_id', 'name', 'disabled']).orderBy('id').execute()) as Named[];
      const categories = (await db.selectFrom('match_categories').select(['id', 'account_id', 'name', 'disabled']).orderBy('id').execute()) as Named[];
      const find = (rows: Named[], accountId: string, name: string) =>
        rows.find((row) => row.account_id === accountId && enabled(row) && key(row.name) === key(name));
      for (const account of accounts) {
        const words = find(units, account.id, 'Words');
        if (!words) continue;
        for (const preset of PRESETS) {
          if (has.has(`${account.id}|${preset.catTool}`)) continue;
          const now = nowIso();
          const id = newId();
          await db
            .insertInto('cat_configurations')
            .values({
              id,
              account_id: account.id,
              name: preset.name,
              cat_tool: preset.catTool,
              conversion_factor: '1',
              destination_unit_id: words.id,
              source_quantity_type: 'words',
              created_at: now,
              updated_at: now,
            })
            .execute();
          let position = 0;
          for (const mapping of preset.mappings) {
            const category = find(categories, account.id, mapping.category);
            if (!category) continue;
            await db
              .insertInto('cat_configuration_mappings')
              .values({ configuration_id: id, account_id: account.id, match_category_id: category.id, position: position++ })
              .execute();
            for (const [index, toolMatch] of mapping.toolMatches.entries()) {
              await db
                .insertInto('cat_configuration_tool_matches')
                .values({ configuration_id: id, account_id: account.id, match_category_id: category.id, tool_match: toolMatch, position: index })
                .execute();
            }
          }
        }
      }
    },
  };
}
