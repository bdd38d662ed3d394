import { describe, expect, it } from 'vitest';
import { expectError, type TestContext } from '../../helper.js';
import { BASE, catConfigurationsFixture, catConfigurationsPerFile, type CatWorld } from './fixture.js';

/** GET /v2/account/cat-configurations/cat-tools and GET /v2/account/cat-configurations (a configuration by id: create.test.ts, access.test.ts). */
let t: TestContext;
let w: CatWorld;
catConfigurationsPerFile((app, world) => ([t, w] = [app, world]));
const { create } = catConfigurationsFixture(() => ({ t, w }));

describe('GET /cat-tools', () => {
  it('answers the catalogue of docs/cat-configurations.md#the-tool-catalogue, the same for every account', async () => {
    const reply = await t.api.get(`${BASE}/cat-tools`);
    expect(reply.status).toBe(200);
    const words = { default: 'words', list: ['words', 'characters'] };
    expect(reply.body).toEqual([
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
        quantityTypes: words,
      },
      {
        id: 'memoq',
        name: 'memoQ',
        matches: ['xTranslated', 'contextMatch', 'repetitions', 'exact', 'fuzzy9599', 'fuzzy8594', 'fuzzy7584', 'fuzzy5074', 'noMatch', 'fragments'],
        quantityTypes: words,
      },
      {
        id: 'phrase',
        name: 'Phrase TMS',
        matches: ['contextMatch', 'repetitions', 'exact', 'fuzzy9599', 'fuzzy8594', 'fuzzy7584', 'fuzzy5074', 'noMatch'],
        quantityTypes: words,
      },
    ]);
    expect((await t.otherApi.get(`${BASE}/cat-tools`)).body).toEqual(reply.body);
    expect((await t.api.withKey(t.account.readKey).get(`${BASE}/cat-tools`)).body).toEqual(reply.body);
  });
});

describe('GET /v2/account/cat-configurations', () => {
  it('lists in creation order; the other account sees none of them', async () => {
    const a = await create({ name: 'List A' });
    const b = await create({ name: 'List B' });
    const list = (await t.api.get(BASE)).body as Array<{ id: string }>;
    expect(list.findIndex((c) => c.id === a.id)).toBeLessThan(list.findIndex((c) => c.id === b.id));
    expect(list.find((c) => c.id === b.id)).toEqual(b);
    // The other account has its own presets only (docs/cat-configurations.md#presets).
    const others = (await t.otherApi.get(BASE)).body as Array<{ id: string }>;
    expect(others.map((c) => c.id)).not.toContain(a.id);
    expect(others).toHaveLength(3);
  });
});

describe('the tool catalogue and the listing of CAT configurations refuse query parameters', () => {
  for (const path of ['/v2/account/cat-configurations/cat-tools', '/v2/account/cat-configurations']) {
    it(`GET ${path}?sort=name: 400 parameter_unknown naming the parameter (the listing takes none)`, async () => {
      const error = expectError(await t.api.get(`${path}?sort=name`), 400, 'parameter_unknown');
      expect(error.details).toEqual([expect.objectContaining({ param: 'sort' })]);
    });
  }
});
