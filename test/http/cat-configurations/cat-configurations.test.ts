import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';

const BASE = '/v2/account/cat-configurations';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ID = /^[0-9a-f]{24}$/;

let t: TestContext;
/** Ids by name, of the first account's default units and match categories (docs/master-data.md#default-master-data-of-a-new-account). */
let unit: Record<string, string>;
let match: Record<string, string>;
let otherUnit: string;
let otherMatch: string;

const byName = (records: Array<{ id: string; name: string }>) => Object.fromEntries(records.map((r) => [r.name, r.id]));
const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Trados words',
  catTool: 'trados',
  conversionFactor: 1,
  destinationQuantityType: unit.Words,
  sourceQuantityType: 'words',
  ...overrides,
});
async function create(overrides: Record<string, unknown> = {}) {
  const reply = await t.api.post(BASE, valid(overrides));
  expect(reply.status).toBe(201);
  return reply.body;
}
const add = (id: string, matchId: string, toolMatch: string, api = t.api) => api.post(`${BASE}/${id}/match/${matchId}/cat-tool-match/${toolMatch}`);
const removeMatch = (id: string, matchId: string, toolMatch: string, api = t.api) => api.delete(`${BASE}/${id}/match/${matchId}/cat-tool-match/${toolMatch}`);
const move = (id: string, matchId: string, position: number | string, api = t.api) => api.put(`${BASE}/${id}/match/${matchId}/move/${position}`);
const summary = (body: { mappings: Array<{ match: { name: string }; toolMatches: string[] }> }) => body.mappings.map((m) => [m.match.name, m.toolMatches]);
async function events(type: string): Promise<unknown[]> {
  const rows = await t.database.db.selectFrom('events').select('data').where('account_id', '=', t.account.accountId).where('type', '=', type).execute();
  return rows.map((row) => JSON.parse(row.data));
}

beforeAll(async () => {
  t = await createTestApp();
  unit = byName((await t.api.get('/v2/account/quantity-types')).body);
  match = byName((await t.api.get('/v2/account/matches')).body);
  otherUnit = (await t.otherApi.get('/v2/account/quantity-types')).body[0].id;
  otherMatch = (await t.otherApi.get('/v2/account/matches')).body[0].id;
});
afterAll(async () => {
  await t.close();
});

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

describe('POST, GET, PUT, DELETE configurations', () => {
  it('creates (201) with mappings empty, records the event, and answers it on GET', async () => {
    const reply = await t.api.post(BASE, valid());
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.stringMatching(ID),
      name: 'Trados words',
      catTool: { id: 'trados', name: 'Trados Studio' },
      quantityTypes: { destination: { id: unit.Words, name: 'Words' }, conversionFactor: 1, source: 'words' },
      mappings: [],
      createdAt: expect.stringMatching(ISO),
      updatedAt: reply.body.createdAt,
    });
    expect((await t.api.get(`${BASE}/${reply.body.id}`)).body).toEqual(reply.body);
    expect(await events('catConfiguration.created')).toContainEqual(reply.body);
  });

  it('accepts JSON bodies and a decimal conversion factor', async () => {
    const reply = await t.api.post(
      BASE,
      valid({ name: 'memoQ chars', catTool: 'memoq', conversionFactor: 0.1667, destinationQuantityType: unit.Lines, sourceQuantityType: 'characters' }),
      { json: true },
    );
    expect(reply.status).toBe(201);
    expect(reply.body.catTool).toEqual({ id: 'memoq', name: 'memoQ' });
    expect(reply.body.quantityTypes).toEqual({ destination: { id: unit.Lines, name: 'Lines' }, conversionFactor: 0.1667, source: 'characters' });
    expectError(await t.api.post(BASE, valid({ conversionFactor: '1' }), { json: true }), 400, 'parameter_invalid');
    expectError(await t.api.post(BASE, valid({ name: 5 }), { json: true }), 400, 'parameter_invalid');
  });

  it('rejects each missing required parameter', async () => {
    for (const param of ['name', 'catTool', 'conversionFactor', 'destinationQuantityType', 'sourceQuantityType']) {
      const body = valid() as Record<string, unknown>;
      delete body[param];
      const error = expectError(await t.api.post(BASE, body as never), 400, 'parameter_missing');
      expect(error.details).toEqual([{ param, message: 'is required' }]);
    }
  });

  it('rejects invalid values, naming the parameter', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ catTool: 'wordfast' }, 'catTool'],
      [{ sourceQuantityType: 'segments' }, 'sourceQuantityType'],
      [{ catTool: 'phrase', sourceQuantityType: 'Words' }, 'sourceQuantityType'],
      [{ conversionFactor: 0 }, 'conversionFactor'],
      [{ conversionFactor: -1 }, 'conversionFactor'],
      [{ conversionFactor: 'abc' }, 'conversionFactor'],
      [{ destinationQuantityType: MISSING_ID }, 'destinationQuantityType'],
      [{ destinationQuantityType: 'not-an-id' }, 'destinationQuantityType'],
      [{ destinationQuantityType: otherUnit }, 'destinationQuantityType'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(256) }, 'name'],
    ];
    for (const [overrides, param] of cases) {
      const error = expectError(await t.api.post(BASE, valid(overrides)), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param, JSON.stringify(overrides)).toBe(param);
    }
    expectError(await t.api.post(BASE, valid({ mappings: 'x' })), 400, 'parameter_unknown');
  });

  it('rejects a disabled unit as destination, but keeps one already referenced', async () => {
    const segments = (await t.api.post('/v2/account/quantity-types', { name: 'Segments' })).body.id;
    const config = await create({ destinationQuantityType: segments });
    await t.api.put(`/v2/account/quantity-types/${segments}`, { disabled: true });
    const error = expectError(await t.api.post(BASE, valid({ destinationQuantityType: segments })), 400, 'parameter_invalid');
    expect(error.details?.[0]?.param).toBe('destinationQuantityType');
    const kept = await t.api.put(`${BASE}/${config.id}`, { destinationQuantityType: segments, name: 'Still segments' });
    expect(kept.status).toBe(200);
    expect(kept.body.quantityTypes.destination).toEqual({ id: segments, name: 'Segments' });
  });

  it('lists in creation order; the other account sees none of them', async () => {
    const a = await create({ name: 'List A' });
    const b = await create({ name: 'List B' });
    const list = (await t.api.get(BASE)).body as Array<{ id: string }>;
    expect(list.findIndex((c) => c.id === a.id)).toBeLessThan(list.findIndex((c) => c.id === b.id));
    expect(list.find((c) => c.id === b.id)).toEqual(b);
    expect((await t.otherApi.get(BASE)).body).toEqual([]);
  });

  it('updates each field, keeps the others and records the event', async () => {
    const config = await create({ name: 'Before' });
    const reply = await t.api.put(`${BASE}/${config.id}`, {
      name: ' After ',
      conversionFactor: 2.5,
      destinationQuantityType: unit.Characters,
      sourceQuantityType: 'characters',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      ...config,
      name: 'After',
      quantityTypes: { destination: { id: unit.Characters, name: 'Characters' }, conversionFactor: 2.5, source: 'characters' },
      updatedAt: expect.stringMatching(ISO),
    });
    expect((await t.api.put(`${BASE}/${config.id}`, {})).body.name).toBe('After');
    expect(await events('catConfiguration.updated')).toContainEqual(reply.body);
  });

  it('rejects invalid updates and catTool (not updatable)', async () => {
    const config = await create();
    expectError(await t.api.put(`${BASE}/${config.id}`, { catTool: 'memoq' }), 400, 'parameter_unknown');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ sourceQuantityType: 'segments' }, 'sourceQuantityType'],
      [{ conversionFactor: 0 }, 'conversionFactor'],
      [{ destinationQuantityType: otherUnit }, 'destinationQuantityType'],
      [{ destinationQuantityType: MISSING_ID }, 'destinationQuantityType'],
      [{ name: '' }, 'name'],
    ];
    for (const [body, param] of cases) {
      const error = expectError(await t.api.put(`${BASE}/${config.id}`, body as never), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe(param);
    }
    expect((await t.api.get(`${BASE}/${config.id}`)).body).toEqual(config);
  });

  it('answers 404 for missing, malformed and foreign ids; the other account cannot change or delete', async () => {
    const config = await create({ name: 'Mine' });
    for (const id of [MISSING_ID, 'not-an-id', config.id]) {
      const api = id === config.id ? t.otherApi : t.api;
      expectError(await api.get(`${BASE}/${id}`), 404, 'resource_missing');
      expectError(await api.put(`${BASE}/${id}`, { name: 'Theirs' }), 404, 'resource_missing');
      expectError(await api.delete(`${BASE}/${id}`), 404, 'resource_missing');
    }
    expect((await t.api.get(`${BASE}/${config.id}`)).body).toEqual(config);
  });

  it('deletes (204, event) and 409 while a client or supplier has it as catConfiguration', async () => {
    const config = await create({ name: 'Default of a client' });
    await add(config.id, match['100%']!, 'exact');
    const now = new Date().toISOString();
    const party = {
      account_id: t.account.accountId,
      name: 'P',
      name_key: 'p',
      search_text: 'p',
      archived: 0,
      pinned: 0,
      address: '{}',
      email: '',
      phone: '',
      vat_number: '',
      national_identification_number: '',
      details: '',
      currency: 'EUR',
      cat_configuration_id: config.id,
      created_at: now,
      updated_at: now,
    };
    await t.database.db
      .insertInto('clients')
      .values({ ...party, id: 'c00000000000000000000001', website: '' })
      .execute();
    expectError(await t.api.delete(`${BASE}/${config.id}`), 409, 'resource_in_use');
    await t.database.db.updateTable('clients').set({ cat_configuration_id: null }).where('id', '=', 'c00000000000000000000001').execute();
    await t.database.db
      .insertInto('suppliers')
      .values({ ...party, id: 'c00000000000000000000002', supplier_type: 'freelance', mobile_phone: '', nickname: '' })
      .execute();
    expectError(await t.api.delete(`${BASE}/${config.id}`), 409, 'resource_in_use');
    await t.database.db.updateTable('suppliers').set({ cat_configuration_id: null }).where('id', '=', 'c00000000000000000000002').execute();
    const last = (await t.api.get(`${BASE}/${config.id}`)).body;
    const reply = await t.api.delete(`${BASE}/${config.id}`);
    expect(reply.status).toBe(204);
    expect(reply.raw.body).toBe('');
    expectError(await t.api.get(`${BASE}/${config.id}`), 404, 'resource_missing');
    expect(await events('catConfiguration.deleted')).toContainEqual(last);
    const rows = await t.database.db.selectFrom('cat_configuration_mappings').select('configuration_id').where('configuration_id', '=', config.id).execute();
    expect(rows).toEqual([]);
  });

  it('makes a unit or match category in use undeletable (409) until the configuration goes', async () => {
    const pages = (await t.api.post('/v2/account/quantity-types', { name: 'Half pages' })).body.id;
    const category = (await t.api.post('/v2/account/matches', { name: 'Locked segments' })).body.id;
    const config = await create({ destinationQuantityType: pages });
    await add(config.id, category, 'locked');
    expectError(await t.api.delete(`/v2/account/quantity-types/${pages}`), 409, 'resource_in_use');
    expectError(await t.api.delete(`/v2/account/matches/${category}`), 409, 'resource_in_use');
    expect((await t.api.delete(`${BASE}/${config.id}`)).status).toBe(204);
    expect((await t.api.delete(`/v2/account/quantity-types/${pages}`)).status).toBe(204);
    expect((await t.api.delete(`/v2/account/matches/${category}`)).status).toBe(204);
  });

  it('refuses every write with a read-only key (403) and allows reads', async () => {
    const config = await create();
    const read = t.api.withKey(t.account.readKey);
    expect((await read.get(BASE)).status).toBe(200);
    expect((await read.get(`${BASE}/${config.id}`)).status).toBe(200);
    expectError(await read.post(BASE, valid()), 403, 'forbidden');
    expectError(await read.put(`${BASE}/${config.id}`, { name: 'x' }), 403, 'forbidden');
    expectError(await read.delete(`${BASE}/${config.id}`), 403, 'forbidden');
    expectError(await add(config.id, match['100%']!, 'exact', read), 403, 'forbidden');
    expectError(await move(config.id, match['100%']!, 0, read), 403, 'forbidden');
    expectError(await removeMatch(config.id, match['100%']!, 'exact', read), 403, 'forbidden');
  });
});

describe('mappings', () => {
  it('adds tool matches: a mapping per category, created on first add at the end, tool matches in added order', async () => {
    const config = await create({ name: 'Mapped' });
    let reply = await add(config.id, match['Context match']!, 'perfect');
    expect(reply.status).toBe(200);
    expect(reply.body.mappings).toEqual([{ match: { id: match['Context match'], name: 'Context match' }, toolMatches: ['perfect'] }]);
    await add(config.id, match['Context match']!, 'inContextExact');
    await add(config.id, match['100%']!, 'exact');
    reply = await add(config.id, match.Repetitions!, 'repeated');
    expect(summary(reply.body)).toEqual([
      ['Context match', ['perfect', 'inContextExact']],
      ['100%', ['exact']],
      ['Repetitions', ['repeated']],
    ]);
    const again = await add(config.id, match['Context match']!, 'perfect');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(reply.body);
    expect(await events('catConfiguration.updated')).toContainEqual(reply.body);
    expect((await t.api.get(`${BASE}/${config.id}`)).body).toEqual(reply.body);
  });

  it('moves a tool match held by another category (one category per tool match); an emptied mapping goes', async () => {
    const config = await create({ name: 'Moves' });
    await add(config.id, match['Context match']!, 'perfect');
    await add(config.id, match['Context match']!, 'inContextExact');
    await add(config.id, match['100%']!, 'exact');
    let reply = await add(config.id, match['100%']!, 'inContextExact');
    expect(summary(reply.body)).toEqual([
      ['Context match', ['perfect']],
      ['100%', ['exact', 'inContextExact']],
    ]);
    reply = await add(config.id, match['No match']!, 'perfect');
    expect(summary(reply.body)).toEqual([
      ['100%', ['exact', 'inContextExact']],
      ['No match', ['perfect']],
    ]);
    expect((await move(config.id, match['No match']!, 0)).body.mappings[0].match.name).toBe('No match');
  });

  it('moves a mapping to a 0-based position; out of range 400; without mapping 404', async () => {
    const config = await create({ name: 'Order' });
    for (const [category, toolMatch] of [
      ['Context match', 'perfect'],
      ['Repetitions', 'repeated'],
      ['100%', 'exact'],
      ['No match', 'new'],
    ] as const) {
      await add(config.id, match[category]!, toolMatch);
    }
    let reply = await move(config.id, match['No match']!, 0);
    expect(reply.status).toBe(200);
    expect(summary(reply.body).map(([name]) => name)).toEqual(['No match', 'Context match', 'Repetitions', '100%']);
    reply = await move(config.id, match['No match']!, 3);
    expect(summary(reply.body).map(([name]) => name)).toEqual(['Context match', 'Repetitions', '100%', 'No match']);
    reply = await move(config.id, match.Repetitions!, 1);
    expect(summary(reply.body).map(([name]) => name)).toEqual(['Context match', 'Repetitions', '100%', 'No match']);
    expect((await t.api.get(`${BASE}/${config.id}`)).body).toEqual(reply.body);
    for (const position of [4, -1, 'abc', 1.5]) {
      const error = expectError(await move(config.id, match['No match']!, position), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe('position');
    }
    expectError(await move(config.id, match['50-74%']!, 0), 404, 'resource_missing');
    expectError(await move(config.id, MISSING_ID, 0), 404, 'resource_missing');
    expectError(await move(config.id, otherMatch, 0), 404, 'resource_missing');
  });

  it('removes a tool match; an emptied mapping is removed and the order closes up', async () => {
    const config = await create({ name: 'Removals' });
    await add(config.id, match['Context match']!, 'perfect');
    await add(config.id, match['100%']!, 'exact');
    await add(config.id, match['100%']!, 'locked');
    await add(config.id, match['No match']!, 'new');
    let reply = await removeMatch(config.id, match['100%']!, 'exact');
    expect(reply.status).toBe(200);
    expect(summary(reply.body)).toEqual([
      ['Context match', ['perfect']],
      ['100%', ['locked']],
      ['No match', ['new']],
    ]);
    reply = await removeMatch(config.id, match['Context match']!, 'perfect');
    expect(summary(reply.body)).toEqual([
      ['100%', ['locked']],
      ['No match', ['new']],
    ]);
    expect(summary((await move(config.id, match['100%']!, 1)).body)).toEqual([
      ['No match', ['new']],
      ['100%', ['locked']],
    ]);
    expectError(await move(config.id, match['100%']!, 2), 400, 'parameter_invalid');
    expectError(await removeMatch(config.id, match['100%']!, 'exact'), 404, 'resource_missing');
    expectError(await removeMatch(config.id, match['Context match']!, 'perfect'), 404, 'resource_missing');
    expectError(await removeMatch(config.id, match['100%']!, 'noMatch'), 400, 'parameter_invalid');
    expectError(await removeMatch(config.id, otherMatch, 'locked'), 404, 'resource_missing');
  });

  it('validates the tool match against the tool and the category (disabled 400, unknown or foreign 404)', async () => {
    const trados = await create({ name: 'Trados checks' });
    const memoq = await create({ name: 'memoQ checks', catTool: 'memoq' });
    const error = expectError(await add(trados.id, match['No match']!, 'noMatch'), 400, 'parameter_invalid');
    expect(error.details?.[0]?.param).toBe('toolMatch');
    expect(summary((await add(memoq.id, match['No match']!, 'noMatch')).body)).toEqual([['No match', ['noMatch']]]);
    expectError(await add(memoq.id, match['No match']!, 'Exact'), 400, 'parameter_invalid');
    const disabled = (await t.api.post('/v2/account/matches', { name: 'Retired band' })).body.id;
    expect((await t.api.put(`/v2/account/matches/${disabled}`, { disabled: true })).body.disabled).toBe(true);
    expect(expectError(await add(trados.id, disabled, 'new'), 400, 'parameter_invalid').details?.[0]?.param).toBe('matchId');
    for (const matchId of [MISSING_ID, 'not-an-id', otherMatch]) {
      expectError(await add(trados.id, matchId, 'new'), 404, 'resource_missing');
    }
    for (const id of [MISSING_ID, 'not-an-id']) {
      expectError(await add(id, match['No match']!, 'new'), 404, 'resource_missing');
      expectError(await move(id, match['No match']!, 0), 404, 'resource_missing');
      expectError(await removeMatch(id, match['No match']!, 'new'), 404, 'resource_missing');
    }
    expect((await t.api.get(`${BASE}/${trados.id}`)).body.mappings).toEqual([]);
  });

  it("keeps the other account out of this account's mappings", async () => {
    const config = await create({ name: 'Boundary' });
    await add(config.id, match['100%']!, 'exact');
    const before = (await t.api.get(`${BASE}/${config.id}`)).body;
    expectError(await add(config.id, match['100%']!, 'locked', t.otherApi), 404, 'resource_missing');
    expectError(await add(config.id, otherMatch, 'locked', t.otherApi), 404, 'resource_missing');
    expectError(await move(config.id, match['100%']!, 0, t.otherApi), 404, 'resource_missing');
    expectError(await removeMatch(config.id, match['100%']!, 'exact', t.otherApi), 404, 'resource_missing');
    expect((await t.api.get(`${BASE}/${config.id}`)).body).toEqual(before);
  });

  it('stays consistent under concurrent adds and moves (positions 0..n-1, each tool match once)', async () => {
    const config = await create({ name: 'Concurrent' });
    const categories = ['Context match', 'Repetitions', '100%', '95-99%', '85-94%', '75-84%'].map((name) => match[name]!);
    const tool = (await t.api.get(`${BASE}/cat-tools`)).body[0].matches as string[];
    await Promise.all(tool.map((name, index) => add(config.id, categories[index % categories.length]!, name)));
    await Promise.all(tool.map((name, index) => add(config.id, categories[(index + 1) % categories.length]!, name)));
    const moves = await Promise.all(categories.map((category, index) => move(config.id, category, (index * 7) % categories.length)));
    expect(moves.map((reply) => reply.status)).toEqual(categories.map(() => 200));
    const body = (await t.api.get(`${BASE}/${config.id}`)).body;
    expect(body.mappings).toHaveLength(categories.length);
    expect(body.mappings.flatMap((m: { toolMatches: string[] }) => m.toolMatches).sort()).toEqual([...tool].sort());
    const positions = await t.database.db
      .selectFrom('cat_configuration_mappings')
      .select('position')
      .where('configuration_id', '=', config.id)
      .orderBy('position')
      .execute();
    expect(positions.map((row) => row.position)).toEqual(categories.map((_, index) => index));
  });
});
