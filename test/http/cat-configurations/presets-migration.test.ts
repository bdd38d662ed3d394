import { describe, expect, it } from 'vitest';
import { catPresets } from '../../../src/core/db/migrations/0035_cat_presets.js';
import type { TestContext } from '../../helper.js';
import { BASE, catConfigurationsFixture, catConfigurationsPerFile, summary, type CatWorld } from './fixture.js';

/**
 * Migration 0033 (docs/cat-configurations.md#presets): accounts made before the presets get the
 * missing ones; what they made or edited is left as it is.
 */
let t: TestContext;
let w: CatWorld;
catConfigurationsPerFile((app, world) => ([t, w] = [app, world]));
const { create, add } = catConfigurationsFixture(() => ({ t, w }));

type Config = { id: string; name: string; catTool: { id: string }; updatedAt: string; mappings: Array<{ match: { name: string }; toolMatches: string[] }> };

describe('migration 0035_cat_presets', () => {
  it('adds a tool’s preset unless the account has a mapped configuration of that tool, and changes none', async () => {
    // The state before the presets: none of them; a memoQ configuration left at "0 of 10 mapped"
    // and a Trados configuration of the account's own, edited.
    const db = t.database.db;
    await db.deleteFrom('cat_configurations').where('account_id', '=', t.account.accountId).execute();
    await create({ name: 'memoQ, nothing mapped', catTool: 'memoq' });
    const own = await create({ name: 'Our Trados', catTool: 'trados', sourceQuantityType: 'characters' });
    expect((await add(own.id, w.match['No match']!, 'new')).status).toBe(200);
    const before = (await t.api.get(BASE)).body as Config[];
    const otherBefore = (await t.otherApi.get(BASE)).body as Config[];

    await catPresets().up(db);

    const after = (await t.api.get(BASE)).body as Config[];
    // The account's own configurations, untouched.
    expect(after.slice(0, 2)).toEqual(before);
    const added = after.slice(2);
    expect(added.map((c) => [c.name, c.catTool.id])).toEqual([
      ['memoQ — words', 'memoq'],
      ['Phrase TMS — words', 'phrase'],
    ]);
    expect(summary(added[0]!)).toHaveLength(8);
    expect(summary(added[1]!)[0]).toEqual(['Context match', ['contextMatch']]);
    // The other account has its presets already (mapped): nothing added.
    expect((await t.otherApi.get(BASE)).body).toEqual(otherBefore);

    // Twice is once: every tool now has a mapped configuration.
    await catPresets().up(db);
    expect((await t.api.get(BASE)).body).toEqual(after);
  });
});
