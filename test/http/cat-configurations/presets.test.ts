import { describe, expect, it } from 'vitest';
import { createTestAccount, expectError, type TestContext } from '../../helper.js';
import { CAT_TOOLS } from '../../../src/modules/cat-configurations/index.js';
import { BASE, ID, catConfigurationsFixture, catConfigurationsPerFile, summary, type CatWorld } from './fixture.js';

/** The presets (docs/cat-configurations.md#presets): on every new account, `GET …/presets`, and `preset` on create. */
let t: TestContext;
let w: CatWorld;
catConfigurationsPerFile((app, world) => ([t, w] = [app, world]));
const { events } = catConfigurationsFixture(() => ({ t, w }));

const FUZZY = (...prefixes: string[]): Array<[string, string[]]> =>
  (
    [
      ['95-99%', '9599'],
      ['85-94%', '8594'],
      ['75-84%', '7584'],
      ['50-74%', '5074'],
    ] as const
  ).map(([name, band]) => [name, prefixes.map((prefix) => `${prefix}${band}`)]);

const EXPECTED: Record<string, { name: string; mappings: Array<[string, string[]]> }> = {
  trados: {
    name: 'Trados Studio — words',
    mappings: [
      ['Context match', ['perfect', 'inContextExact']],
      ['Repetitions', ['repeated', 'crossFileRepeated']],
      ['100%', ['exact', 'locked']],
      ...FUZZY('fuzzy', 'internalFuzzy'),
      ['No match', ['new', 'newBaseline', 'newLearnings']],
    ],
  },
  memoq: {
    name: 'memoQ — words',
    mappings: [
      ['Context match', ['xTranslated', 'contextMatch']],
      ['Repetitions', ['repetitions']],
      ['100%', ['exact']],
      ...FUZZY('fuzzy'),
      ['No match', ['noMatch', 'fragments']],
    ],
  },
  phrase: {
    name: 'Phrase TMS — words',
    mappings: [['Context match', ['contextMatch']], ['Repetitions', ['repetitions']], ['100%', ['exact']], ...FUZZY('fuzzy'), ['No match', ['noMatch']]],
  },
};

describe('a new account', () => {
  it('has one ready configuration per CAT tool, each mapping every tool match of its tool once', async () => {
    for (const api of [t.api, t.otherApi]) {
      const list = (await api.get(BASE)).body as Array<{ name: string; catTool: { id: string }; quantityTypes: unknown; mappings: never }>;
      expect(list.map((c) => c.catTool.id)).toEqual(['trados', 'memoq', 'phrase']);
      for (const configuration of list) {
        const expected = EXPECTED[configuration.catTool.id]!;
        expect(configuration.name).toBe(expected.name);
        expect(summary(configuration)).toEqual(expected.mappings);
        const tool = CAT_TOOLS.find((candidate) => candidate.id === configuration.catTool.id)!;
        expect(expected.mappings.flatMap(([, matches]) => matches).sort()).toEqual([...tool.matches].sort());
      }
    }
    const [trados] = (await t.api.get(BASE)).body;
    expect(trados.quantityTypes).toEqual({ destination: { id: w.unit.Words, name: 'Words' }, conversionFactor: 1, source: 'words' });
    // Created as POST with `preset` would: each recorded its event.
    expect((await events('catConfiguration.created')).filter((e) => (e as { name: string }).name === 'memoQ — words')).toHaveLength(1);
  });
});

describe('GET /v2/account/cat-configurations/presets', () => {
  it('answers the presets in the account’s ids, to any key', async () => {
    const reply = await t.api.withKey(t.account.readKey).get(`${BASE}/presets`);
    expect(reply.status).toBe(200);
    expect(reply.body.map((p: { id: string }) => p.id)).toEqual(['trados', 'memoq', 'phrase']);
    const memoq = reply.body[1];
    expect(memoq).toEqual({
      id: 'memoq',
      name: 'memoQ — words',
      catTool: { id: 'memoq', name: 'memoQ' },
      quantityTypes: { destination: { id: w.unit.Words, name: 'Words' }, conversionFactor: 1, source: 'words' },
      mappings: EXPECTED.memoq!.mappings.map(([name, toolMatches]) => ({ match: { id: w.match[name], name }, toolMatches })),
      unmapped: [],
    });
    // The other account's ids, not these.
    const other = (await t.otherApi.get(`${BASE}/presets`)).body[1];
    expect(other.quantityTypes.destination.id).not.toBe(w.unit.Words);
  });

  it('refuses query parameters', async () => {
    expectError(await t.api.get(`${BASE}/presets?tool=memoq`), 400, 'parameter_unknown');
  });
});

describe('POST /v2/account/cat-configurations with preset', () => {
  it('creates a configuration with the preset’s mappings and fields (201)', async () => {
    const reply = await t.api.post(BASE, { preset: 'phrase' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({
      id: expect.stringMatching(ID),
      name: 'Phrase TMS — words',
      catTool: { id: 'phrase', name: 'Phrase TMS' },
      quantityTypes: { destination: { id: w.unit.Words, name: 'Words' }, conversionFactor: 1, source: 'words' },
    });
    expect(summary(reply.body)).toEqual(EXPECTED.phrase!.mappings);
    expect((await t.api.get(`${BASE}/${reply.body.id}`)).body).toEqual(reply.body);
    expect(await events('catConfiguration.created')).toContainEqual(reply.body);
  });

  it('takes the fields given over the preset’s', async () => {
    const reply = await t.api.post(
      BASE,
      {
        preset: 'memoq',
        catTool: 'memoq',
        name: 'memoQ lines',
        sourceQuantityType: 'characters',
        conversionFactor: 0.0182,
        destinationQuantityType: w.unit.Lines,
      },
      { json: true },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.name).toBe('memoQ lines');
    expect(reply.body.quantityTypes).toEqual({ destination: { id: w.unit.Lines, name: 'Lines' }, conversionFactor: 0.0182, source: 'characters' });
    expect(summary(reply.body)).toEqual(EXPECTED.memoq!.mappings);
  });

  it('rejects an unknown preset, a catTool of another tool and a source the tool lacks', async () => {
    expect(expectError(await t.api.post(BASE, { preset: 'wordfast' }), 400, 'parameter_invalid').details![0]!.param).toBe('preset');
    expect(expectError(await t.api.post(BASE, { preset: 'memoq', catTool: 'phrase' }), 400, 'parameter_invalid').details![0]!.param).toBe('catTool');
    expect(expectError(await t.api.post(BASE, { preset: 'memoq', sourceQuantityType: 'segments' }), 400, 'parameter_invalid').details![0]!.param).toBe(
      'sourceQuantityType',
    );
    expect(expectError(await t.api.post(BASE, { preset: 'memoq', name: '  ' }), 400, 'parameter_invalid').details![0]!.param).toBe('name');
  });

  it('is refused to a read-only key (403)', async () => {
    expectError(await t.api.withKey(t.account.readKey).post(BASE, { preset: 'trados' }), 403, 'forbidden');
  });

  it('leaves out what the account no longer has: a disabled category’s tool matches are unmapped, no unit "Words" is a missing parameter', async () => {
    const { other } = await separateAccount();
    const matches = (await other.get('/v2/account/matches')).body as Array<{ id: string; name: string }>;
    const context = matches.find((m) => m.name === 'Context match')!;
    expect((await other.put(`/v2/account/matches/${context.id}`, { disabled: true })).status).toBe(200);
    const preset = (await other.get(`${BASE}/presets`)).body.find((p: { id: string }) => p.id === 'memoq');
    expect(preset.unmapped).toEqual(['xTranslated', 'contextMatch']);
    expect(preset.mappings.map((m: { match: { name: string } }) => m.match.name)).not.toContain('Context match');
    const created = await other.post(BASE, { preset: 'memoq' });
    expect(created.status).toBe(201);
    expect(summary(created.body)).toEqual(EXPECTED.memoq!.mappings.slice(1));

    const units = (await other.get('/v2/account/quantity-types')).body as Array<{ id: string; name: string }>;
    expect((await other.put(`/v2/account/quantity-types/${units.find((u) => u.name === 'Words')!.id}`, { disabled: true })).status).toBe(200);
    expect((await other.get(`${BASE}/presets`)).body[0].quantityTypes.destination).toBeNull();
    const error = expectError(await other.post(BASE, { preset: 'trados' }), 400, 'parameter_missing');
    expect(error.details).toEqual([{ param: 'destinationQuantityType', message: 'is required' }]);
    const pages = units.find((u) => u.name === 'Pages')!.id;
    expect((await other.post(BASE, { preset: 'trados', destinationQuantityType: pages })).status).toBe(201);
  });
});

/** A third account of the app's database, so that disabling its records leaves the others alone. */
async function separateAccount() {
  const created = await createTestAccount(t.database, 'Presets Ltd');
  return { other: t.api.withKey(created.apiKey) };
}
