import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MISSING_ID, type TestContext, expectError } from '../../helper.js';
import { languagePairsFixture, PATH, type Pair } from './fixture.js';
import { expectCode, ID } from '../master-data/fixture.js';

/**
 * Language pairs of the account (specification "Language pair", docs/master-data.md#language-codes, docs/master-data.md#uniqueness, docs/master-data.md#disabled-records): create,
 * uniqueness, retrieve, update, delete, the account boundary and read-only keys (the listing order
 * and reference() are in language-pairs/list-references.test.ts).
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { create, list } = languagePairsFixture(() => t);

interface EventRow {
  id: string;
  type: string;
  data: any;
  account: string;
}
async function allEvents(): Promise<EventRow[]> {
  const rows = await t.database.db.selectFrom('events').select(['id', 'type', 'data', 'account_id']).orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, type: row.type, data: JSON.parse(row.data), account: row.account_id }));
}
/** The event rows `work` wrote (any account), in creation order. */
async function withEvents<T>(work: () => Promise<T>): Promise<{ result: T; events: EventRow[] }> {
  const before = new Set((await allEvents()).map((e) => e.id));
  const result = await work();
  return { result, events: (await allEvents()).filter((e) => !before.has(e.id)) };
}

const pair = (source: [string, string] | undefined, target: [string, string], flags: Partial<Pair> = {}) => ({
  id: ID,
  ...(source ? { source: { code: source[0], name: source[1] } } : {}),
  target: { code: target[0], name: target[1] },
  bidirectional: false,
  pinned: false,
  disabled: false,
  ...flags,
});

describe('create', () => {
  it('starts empty: a new account has no language pairs', async () => {
    expect(await list()).toEqual([]);
  });

  it('creates a pair without source: 201, English names, defaults, and no `source` key anywhere', async () => {
    const { result: reply, events } = await withEvents(() => t.api.post(PATH, { target: 'fr' }));
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual(pair(undefined, ['fr', 'French']));
    expect(Object.keys(reply.body).sort()).toEqual(['bidirectional', 'disabled', 'id', 'pinned', 'target']);
    expect(reply.raw.body).not.toContain('"source"');

    const retrieved = await t.api.get(`${PATH}/${reply.body.id}`);
    expect(retrieved.status).toBe(200);
    expect(retrieved.body).toEqual(reply.body);
    expect(retrieved.raw.body).not.toContain('"source"');
    expect((await list()).filter((p) => p.id === reply.body.id)).toEqual([reply.body]);
    expect(events).toEqual([{ id: ID, type: 'languagePair.created', data: reply.body, account: t.account.accountId }]);
    expect('source' in events[0]!.data).toBe(false);
  });

  it('creates a pair with regions: language name, space, region name', async () => {
    const reply = await t.api.post(PATH, { source: 'en-US', target: 'pt-BR' });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual(pair(['en-US', 'English United States'], ['pt-BR', 'Portuguese Brazil']));
    expect(Object.keys(reply.body).sort()).toEqual(['bidirectional', 'disabled', 'id', 'pinned', 'source', 'target']);
  });

  it('takes bidirectional from a form or a JSON body; it defaults to false', async () => {
    expect(await create({ source: 'de', target: 'nl', bidirectional: true })).toEqual(pair(['de', 'German'], ['nl', 'Dutch'], { bidirectional: true }));
    expect(await create({ source: 'de', target: 'it', bidirectional: '1' })).toEqual(pair(['de', 'German'], ['it', 'Italian'], { bidirectional: true }));
    expect(await create({ source: 'de', target: 'es', bidirectional: false })).toEqual(pair(['de', 'German'], ['es', 'Spanish']));
    expect(await create({ source: 'nl', target: 'es', bidirectional: true }, t.api, true)).toEqual(
      pair(['nl', 'Dutch'], ['es', 'Spanish'], { bidirectional: true }),
    );
    expect(await create({ source: 'nl', target: 'it' }, t.api, true)).toEqual(pair(['nl', 'Dutch'], ['it', 'Italian']));
  });

  it('normalises the case of codes (xx and xx-XX) and accepts an underscore separator', async () => {
    expect(await create({ source: 'EN-us', target: 'DE' })).toEqual(pair(['en-US', 'English United States'], ['de', 'German']));
    expect(await create({ source: 'Fr', target: 'en_gb' })).toEqual(pair(['fr', 'French'], ['en-GB', 'English United Kingdom']));
    expectCode(await t.api.post(PATH, { source: 'en-us', target: 'de' }), 409, 'resource_exists');
  });

  it('replaces deprecated aliases by the current code', async () => {
    expect(await create({ source: 'en-UK', target: 'iw' })).toEqual(pair(['en-GB', 'English United Kingdom'], ['he', 'Hebrew']));
    expectCode(await t.api.post(PATH, { source: 'en-GB', target: 'he' }), 409, 'resource_exists');
    expectCode(await t.api.post(PATH, { source: 'en-GB', target: 'en-UK' }), 400, 'parameter_invalid', 'target');
    expect(await create({ source: 'in', target: 'mo' })).toEqual(pair(['id', 'Indonesian'], ['ro', 'Romanian']));
  });

  it('refuses unknown language or region codes with 400 parameter_invalid, naming the parameter', async () => {
    const bad = [
      'xx',
      'zz',
      'qa',
      'en-XX',
      'en-ZZ',
      'en-AA',
      'en-XA',
      'en-QO',
      'en-EU',
      'en-UN',
      'e',
      'eng',
      'english',
      'en-USA',
      'en-',
      '-US',
      '12',
      'en-U1',
      'en US',
      'en--US',
      'fr-FR-x',
      'abcdefghijklm',
      '',
    ];
    const { events } = await withEvents(async () => {
      for (const code of bad) {
        expectCode(await t.api.post(PATH, { target: code }), 400, 'parameter_invalid', 'target');
        expectCode(await t.api.post(PATH, { source: code, target: 'ja' }), 400, 'parameter_invalid', 'source');
        expectCode(await t.api.post(PATH, { source: 'ja', target: code }, { json: true }), 400, 'parameter_invalid', 'target');
      }
    });
    expect(events).toEqual([]);
    expect((await list()).filter((p) => p.target.code === 'ja' || p.source?.code === 'ja')).toEqual([]);
  });

  it('refuses the same language as source and target (after normalisation)', async () => {
    for (const [source, target] of [
      ['fr', 'fr'],
      ['FR', 'fr'],
      ['en-us', 'EN-US'],
      ['iw', 'he'],
    ]) {
      expectCode(await t.api.post(PATH, { source, target }), 400, 'parameter_invalid', 'target');
    }
    expect(await create({ source: 'en', target: 'en-US' })).toEqual(pair(['en', 'English'], ['en-US', 'English United States']));
  });

  it('refuses a missing target, wrong types and parameters it does not take', async () => {
    const before = await list();
    const { events } = await withEvents(async () => {
      expectCode(await t.api.post(PATH, {}), 400, 'parameter_missing', 'target');
      expectCode(await t.api.post(PATH, { source: 'fr' }), 400, 'parameter_missing', 'target');
      expectCode(await t.api.post(PATH, { source: 'fr' }, { json: true }), 400, 'parameter_missing', 'target');
      for (const target of [12, true, null, ['fr'], { code: 'fr' }]) {
        expectCode(await t.api.post(PATH, { target }, { json: true }), 400, 'parameter_invalid', 'target');
      }
      expectCode(await t.api.post(PATH, { target: ['fr', 'de'] }), 400, 'parameter_invalid', 'target');
      expectCode(await t.api.post(PATH, { source: 49, target: 'ja' }, { json: true }), 400, 'parameter_invalid', 'source');
      expectCode(await t.api.post(PATH, { target: 'ja', bidirectional: 'maybe' }), 400, 'parameter_invalid', 'bidirectional');
      expectCode(await t.api.post(PATH, { target: 'ja', bidirectional: 'true' }, { json: true }), 400, 'parameter_invalid', 'bidirectional');
      expectCode(await t.api.post(PATH, { target: 'ja', bidirectional: 1 }, { json: true }), 400, 'parameter_invalid', 'bidirectional');
      for (const param of ['pinned', 'disabled', 'name', 'id', 'sourceLanguage', 'bogus']) {
        const error = expectCode(await t.api.post(PATH, { target: 'ja', [param]: 'true' }), 400, 'parameter_unknown', param);
        expect(error.message).toContain(param);
        expectCode(await t.api.post(PATH, { target: 'ja', [param]: true }, { json: true }), 400, 'parameter_unknown', param);
      }
    });
    expect(events).toEqual([]);
    expect(await list()).toEqual(before);
  });
});

describe('uniqueness (docs/master-data.md#uniqueness): one pair per (source, target)', () => {
  it('refuses the same pair again (409), whatever the case or the bidirectional flag', async () => {
    const first = await create({ source: 'sv', target: 'fi' });
    const { events } = await withEvents(async () => {
      for (const params of [
        { source: 'sv', target: 'fi' },
        { source: 'SV', target: 'FI' },
        { source: 'sv', target: 'fi', bidirectional: true },
      ]) {
        expectCode(await t.api.post(PATH, params), 409, 'resource_exists');
      }
      expectCode(await t.api.post(PATH, { source: 'sv', target: 'fi' }, { json: true }), 409, 'resource_exists');
    });
    expect(events).toEqual([]);
    expect((await list()).filter((p) => p.source?.code === 'sv' && p.target.code === 'fi')).toEqual([first]);
  });

  it('refuses a second pair without source for the same target', async () => {
    await create({ target: 'fi' });
    expectCode(await t.api.post(PATH, { target: 'FI' }), 409, 'resource_exists');
  });

  it('treats the reversed codes, a regional variant and a missing source as different pairs', async () => {
    expect(await create({ source: 'fi', target: 'sv' })).toEqual(pair(['fi', 'Finnish'], ['sv', 'Swedish']));
    expect(await create({ source: 'sv-FI', target: 'fi' })).toEqual(pair(['sv-FI', 'Swedish Finland'], ['fi', 'Finnish']));
    expect(await create({ source: 'sv', target: 'fi-FI' })).toEqual(pair(['sv', 'Swedish'], ['fi-FI', 'Finnish Finland']));
    expect(await create({ target: 'sv' })).toEqual(pair(undefined, ['sv', 'Swedish']));
  });

  it('frees the pair when it is deleted', async () => {
    const first = await create({ source: 'da', target: 'no' });
    expect((await t.api.delete(`${PATH}/${first.id}`)).status).toBe(204);
    const again = await create({ source: 'DA', target: 'NO' });
    expect(again.id).not.toBe(first.id);
  });
});

describe('retrieve, update, delete', () => {
  it('retrieves by id; 404 for a missing, malformed or foreign id', async () => {
    const mine = await create({ source: 'pl', target: 'cs' });
    expect((await t.api.get(`${PATH}/${mine.id}`)).body).toEqual(mine);
    const foreign = await create({ source: 'pl', target: 'cs' }, t.otherApi);
    for (const id of [MISSING_ID, 'not-an-id', MISSING_ID.toUpperCase(), foreign.id]) {
      expectCode(await t.api.get(`${PATH}/${id}`), 404, 'resource_missing');
    }
  });

  it('updates pinned and disabled (form and JSON), one event each, other fields unchanged', async () => {
    let current = await create({ source: 'pl', target: 'sk', bidirectional: true });
    const steps: Array<[Record<string, any>, boolean, Partial<Pair>]> = [
      [{ pinned: true }, false, { pinned: true }],
      [{ disabled: 'true' }, false, { disabled: true }],
      [{ pinned: false }, true, { pinned: false }],
      [{ disabled: false, pinned: true }, true, { disabled: false, pinned: true }],
      [{}, false, {}],
    ];
    for (const [params, json, changes] of steps) {
      const { result: reply, events } = await withEvents(() => t.api.put(`${PATH}/${current.id}`, params, { json }));
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ ...current, ...changes });
      expect(events).toEqual([{ id: ID, type: 'languagePair.updated', data: reply.body, account: t.account.accountId }]);
      expect((await t.api.get(`${PATH}/${current.id}`)).body).toEqual(reply.body);
      current = reply.body;
    }
  });

  it('keeps `source` absent through updates of a pair without source', async () => {
    const mono = await create({ target: 'pl' });
    const reply = await t.api.put(`${PATH}/${mono.id}`, { pinned: true });
    expect(reply.body).toEqual({ ...mono, pinned: true });
    expect(reply.raw.body).not.toContain('"source"');
  });

  it('takes only disabled and pinned: anything else is parameter_unknown', async () => {
    const target = await create({ source: 'pl', target: 'ro' });
    const { events } = await withEvents(async () => {
      for (const param of ['source', 'target', 'bidirectional', 'name', 'id', 'bogus']) {
        expectCode(await t.api.put(`${PATH}/${target.id}`, { [param]: 'de' }), 400, 'parameter_unknown', param);
        expectCode(await t.api.put(`${PATH}/${target.id}`, { pinned: true, [param]: true }, { json: true }), 400, 'parameter_unknown', param);
      }
      expectCode(await t.api.put(`${PATH}/${target.id}`, { pinned: 'maybe' }), 400, 'parameter_invalid', 'pinned');
      expectCode(await t.api.put(`${PATH}/${target.id}`, { disabled: 'yes' }), 400, 'parameter_invalid', 'disabled');
      expectCode(await t.api.put(`${PATH}/${target.id}`, { pinned: 'true' }, { json: true }), 400, 'parameter_invalid', 'pinned');
      expectCode(await t.api.put(`${PATH}/${target.id}`, { disabled: null }, { json: true }), 400, 'parameter_invalid', 'disabled');
    });
    expect(events).toEqual([]);
    expect((await t.api.get(`${PATH}/${target.id}`)).body).toEqual(target);
  });

  it('answers 404 on update of a missing, malformed or foreign id', async () => {
    const foreign = await create({ source: 'ro', target: 'bg' }, t.otherApi);
    for (const id of [MISSING_ID, 'not-an-id', foreign.id]) {
      expectCode(await t.api.put(`${PATH}/${id}`, { pinned: true }), 404, 'resource_missing');
    }
    expect((await t.otherApi.get(`${PATH}/${foreign.id}`)).body).toEqual(foreign);
  });

  it('deletes: 204 with an empty body, an event with the last state, then 404', async () => {
    const doomed = await create({ source: 'bg', target: 'ro', bidirectional: true });
    const { result: reply, events } = await withEvents(() => t.api.delete(`${PATH}/${doomed.id}`));
    expect(reply.status).toBe(204);
    expect(reply.raw.body).toBe('');
    expect(events).toEqual([{ id: ID, type: 'languagePair.deleted', data: doomed, account: t.account.accountId }]);
    expectCode(await t.api.get(`${PATH}/${doomed.id}`), 404, 'resource_missing');
    expectCode(await t.api.put(`${PATH}/${doomed.id}`, { pinned: true }), 404, 'resource_missing');
    expect((await list()).map((p) => p.id)).not.toContain(doomed.id);
    const again = await withEvents(() => t.api.delete(`${PATH}/${doomed.id}`));
    expectCode(again.result, 404, 'resource_missing');
    expect(again.events).toEqual([]);
  });

  it('answers 404 on delete of a missing, malformed or foreign id', async () => {
    const foreign = await create({ source: 'bg', target: 'el' }, t.otherApi);
    for (const id of [MISSING_ID, 'not-an-id', foreign.id]) {
      expectCode(await t.api.delete(`${PATH}/${id}`), 404, 'resource_missing');
    }
    expect((await t.otherApi.get(`${PATH}/${foreign.id}`)).body).toEqual(foreign);
  });
});

describe('account boundary (docs/reference.md#accounts-and-tenancy)', () => {
  it('lists only the account pairs; the same pair may exist in both accounts', async () => {
    const mine = await create({ source: 'ko', target: 'ja' });
    const theirs = await create({ source: 'ko', target: 'ja' }, t.otherApi);
    expect(theirs.id).not.toBe(mine.id);
    const myIds = (await list()).map((p) => p.id);
    const theirIds = (await list(t.otherApi)).map((p) => p.id);
    expect(myIds).toContain(mine.id);
    expect(theirIds).toContain(theirs.id);
    expect(theirIds.filter((id) => myIds.includes(id))).toEqual([]);
  });

  it('answers 404 to another account for every id of this one, and changes nothing', async () => {
    const before = await list();
    expect(before.length).toBeGreaterThan(5);
    for (const p of before) {
      expectCode(await t.otherApi.get(`${PATH}/${p.id}`), 404, 'resource_missing');
      expectCode(await t.otherApi.put(`${PATH}/${p.id}`, { disabled: true }), 404, 'resource_missing');
      expectCode(await t.otherApi.delete(`${PATH}/${p.id}`), 404, 'resource_missing');
    }
    expect(await list()).toEqual(before);
  });

  it('writes events to the acting account only', async () => {
    const { result, events } = await withEvents(() => create({ source: 'ko', target: 'zh' }, t.otherApi));
    expect(events).toEqual([{ id: ID, type: 'languagePair.created', data: result, account: t.other.accountId }]);
  });
});

describe('read-only key (docs/reference.md#authentication)', () => {
  it('reads, and is refused every write with 403 forbidden', async () => {
    const record = await create({ source: 'ko', target: 'en' });
    const reader = t.api.withKey(t.account.readKey);
    expect((await reader.get(PATH)).status).toBe(200);
    expect((await reader.get(`${PATH}/${record.id}`)).body).toEqual(record);
    const { events } = await withEvents(async () => {
      expectCode(await reader.post(PATH, { source: 'ko', target: 'de' }), 403, 'forbidden');
      expectCode(await reader.put(`${PATH}/${record.id}`, { pinned: true }), 403, 'forbidden');
      expectCode(await reader.delete(`${PATH}/${record.id}`), 403, 'forbidden');
    });
    expect(events).toEqual([]);
    expect((await t.api.get(`${PATH}/${record.id}`)).body).toEqual(record);
    expect((await list()).some((p) => p.source?.code === 'ko' && p.target.code === 'de')).toBe(false);
  });
});

describe('the listing of language pairs refuses query parameters', () => {
  for (const path of ['/v2/account/language-pairs']) {
    it(`GET ${path}?sort=name: 400 parameter_unknown naming the parameter (the listing takes none)`, async () => {
      const error = expectError(await t.api.get(`${path}?sort=name`), 400, 'parameter_unknown');
      expect(error.details).toEqual([expect.objectContaining({ param: 'sort' })]);
    });
  }
});
