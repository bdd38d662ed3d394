import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type Reply, type TestContext } from '../helper.js';

/**
 * The named master-data kinds of DESIGN §7 (services, match categories, units, domains, labels,
 * taxes), one table-driven suite per kind: list, create, retrieve, update, delete, uniqueness,
 * validation, events, the account boundary and read-only keys. Rules particular to one kind
 * (listing orders, exclusive flags, tax values, label colours, references) are in
 * master-data-rules.test.ts; language pairs in language-pairs.test.ts.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Params = Record<string, any>;
type Obj = Record<string, any> & { id: string; name: string };

interface Kind {
  title: string;
  path: string;
  /** Event prefix. */
  resource: string;
  /** Required create parameters besides `name` (native values: the form encodes them as text). */
  required: Params;
  /** The object of a new record besides `id` and `name`. */
  created: Params;
  /** Each updatable field besides `name`: the parameters and the fields they change. */
  updates: Array<{ params: Params; expect: Params }>;
  /** Parameters that create refuses with parameter_unknown (besides a made-up one). */
  notOnCreate: string[];
  /** Parameters that update refuses with parameter_unknown (besides a made-up one). */
  notOnUpdate: string[];
  /** Values of the kind's own parameters that are of the wrong type or shape. */
  invalid: Array<{ params: Params; param: string; json?: boolean }>;
}

const flagInvalid = (flag: string) => [
  { params: { [flag]: 'maybe' }, param: flag },
  { params: { [flag]: 'yes' }, param: flag },
  { params: { [flag]: 'true' }, param: flag, json: true },
  { params: { [flag]: 1 }, param: flag, json: true },
  { params: { [flag]: null }, param: flag, json: true },
];

const kinds: Kind[] = [
  {
    title: 'services',
    path: '/v2/account/services',
    resource: 'service',
    required: {},
    created: { pinned: false, disabled: false },
    updates: [
      { params: { pinned: true }, expect: { pinned: true } },
      { params: { disabled: true }, expect: { disabled: true } },
      { params: { pinned: false, disabled: false }, expect: { pinned: false, disabled: false } },
    ],
    notOnCreate: ['pinned', 'disabled', 'id', 'isHours'],
    notOnUpdate: ['isHours', 'id', 'color'],
    invalid: [...flagInvalid('pinned'), ...flagInvalid('disabled')],
  },
  {
    title: 'match categories',
    path: '/v2/account/matches',
    resource: 'matchCategory',
    required: {},
    created: { disabled: false },
    updates: [
      { params: { disabled: true }, expect: { disabled: true } },
      { params: { disabled: false }, expect: { disabled: false } },
    ],
    notOnCreate: ['disabled', 'pinned', 'percentage'],
    notOnUpdate: ['pinned', 'position', 'percentage'],
    invalid: flagInvalid('disabled'),
  },
  {
    title: 'units',
    path: '/v2/account/quantity-types',
    resource: 'quantityType',
    required: {},
    created: { pinned: false, disabled: false, isHours: false },
    updates: [
      { params: { pinned: true }, expect: { pinned: true } },
      { params: { disabled: true }, expect: { disabled: true } },
      { params: { isHours: true }, expect: { isHours: true } },
      { params: { isHours: false, pinned: false, disabled: false }, expect: { isHours: false, pinned: false, disabled: false } },
    ],
    notOnCreate: ['pinned', 'disabled', 'isHours'],
    notOnUpdate: ['value', 'color', 'isDefaultTax1'],
    invalid: [...flagInvalid('pinned'), ...flagInvalid('disabled'), ...flagInvalid('isHours')],
  },
  {
    title: 'domains',
    path: '/v2/account/domains',
    resource: 'domain',
    required: {},
    created: {},
    updates: [],
    notOnCreate: ['disabled', 'pinned'],
    notOnUpdate: ['disabled', 'pinned'],
    invalid: [],
  },
  {
    title: 'labels',
    path: '/v2/account/labels',
    resource: 'label',
    required: { color: '#1a2b3c' },
    created: { color: '#1a2b3c' },
    updates: [
      { params: { color: '#ff8800' }, expect: { color: '#ff8800' } },
      { params: { color: '#00AAFF' }, expect: { color: '#00aaff' } },
    ],
    notOnCreate: ['disabled', 'pinned'],
    notOnUpdate: ['disabled', 'pinned'],
    invalid: [
      { params: { color: 'red' }, param: 'color' },
      { params: { color: '' }, param: 'color' },
      { params: { color: '#12345' }, param: 'color' },
      { params: { color: '#1234567' }, param: 'color' },
      { params: { color: '#gggggg' }, param: 'color' },
      { params: { color: '123456' }, param: 'color' },
      { params: { color: '#123' }, param: 'color' },
      { params: { color: 123456 }, param: 'color', json: true },
    ],
  },
  {
    title: 'taxes',
    path: '/v2/account/taxes',
    resource: 'tax',
    required: { value: 0.21 },
    created: { value: 0.21, disabled: false, isDefaultTax1: false, isDefaultTax2: false },
    updates: [
      { params: { value: -0.1 }, expect: { value: -0.1 } },
      { params: { disabled: true }, expect: { disabled: true } },
      { params: { isDefaultTax1: true }, expect: { isDefaultTax1: true } },
      { params: { isDefaultTax2: true }, expect: { isDefaultTax2: true } },
      {
        params: { value: 0.055, disabled: false, isDefaultTax1: false, isDefaultTax2: false },
        expect: { value: 0.055, disabled: false, isDefaultTax1: false, isDefaultTax2: false },
      },
    ],
    notOnCreate: ['disabled', 'isDefaultTax1', 'isDefaultTax2', 'rate'],
    notOnUpdate: ['pinned', 'isHours', 'rate'],
    invalid: [
      { params: { value: 'abc' }, param: 'value' },
      { params: { value: '' }, param: 'value' },
      { params: { value: 1.5 }, param: 'value' },
      { params: { value: -1.01 }, param: 'value' },
      { params: { value: '0.21' }, param: 'value', json: true },
      { params: { value: null }, param: 'value', json: true },
      ...flagInvalid('disabled'),
      ...flagInvalid('isDefaultTax1'),
      ...flagInvalid('isDefaultTax2'),
    ],
  },
];

const ID = expect.stringMatching(/^[0-9a-f]{24}$/);
const NAME_255 = 'n'.repeat(255);
const NAME_256 = 'n'.repeat(256);

interface EventRow {
  id: string;
  type: string;
  data: any;
}

async function eventsOf(accountId: string): Promise<EventRow[]> {
  const rows = await t.database.db.selectFrom('events').select(['id', 'type', 'data']).where('account_id', '=', accountId).execute();
  return rows.map((row) => ({ id: row.id, type: row.type, data: JSON.parse(row.data) }));
}

/** Runs `work` and answers it with the event rows it wrote for each account (in creation order). */
async function withEvents<T>(work: () => Promise<T>): Promise<{ result: T; events: EventRow[]; otherEvents: EventRow[] }> {
  const before = new Set([...(await eventsOf(t.account.accountId)), ...(await eventsOf(t.other.accountId))].map((e) => e.id));
  const result = await work();
  const fresh = (rows: EventRow[]) => rows.filter((e) => !before.has(e.id)).sort((a, b) => (a.id < b.id ? -1 : 1));
  return { result, events: fresh(await eventsOf(t.account.accountId)), otherEvents: fresh(await eventsOf(t.other.accountId)) };
}

function expectCode(reply: Reply, status: number, code: string, param?: string) {
  const error = expectError(reply, status, code);
  if (param !== undefined) expect(error.details?.map((d) => d.param)).toContain(param);
  return error;
}

describe('default master data of a new account (§7.8)', () => {
  it('lists the five services, none pinned, in name order', async () => {
    const reply = await t.otherApi.get('/v2/account/services');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(
      ['Desktop publishing', 'Post-editing', 'Proofreading', 'Revision', 'Translation'].map((name) => ({ id: ID, name, pinned: false, disabled: false })),
    );
  });

  it('lists the five units: Words pinned first, then by name, Hours flagged isHours', async () => {
    const reply = await t.otherApi.get('/v2/account/quantity-types');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      { id: ID, name: 'Words', pinned: true, disabled: false, isHours: false },
      { id: ID, name: 'Characters', pinned: false, disabled: false, isHours: false },
      { id: ID, name: 'Hours', pinned: false, disabled: false, isHours: true },
      { id: ID, name: 'Lines', pinned: false, disabled: false, isHours: false },
      { id: ID, name: 'Pages', pinned: false, disabled: false, isHours: false },
    ]);
  });

  it('lists the eight match categories in their creation order', async () => {
    const reply = await t.otherApi.get('/v2/account/matches');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(
      ['Context match', 'Repetitions', '100%', '95-99%', '85-94%', '75-84%', '50-74%', 'No match'].map((name) => ({ id: ID, name, disabled: false })),
    );
  });

  it('has no taxes, domains, labels or language pairs', async () => {
    for (const path of ['/v2/account/taxes', '/v2/account/domains', '/v2/account/labels', '/v2/account/language-pairs']) {
      const reply = await t.otherApi.get(path);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual([]);
    }
  });

  it('gives each account its own records (no shared ids)', async () => {
    for (const path of ['/v2/account/services', '/v2/account/quantity-types', '/v2/account/matches']) {
      const mine = (await t.api.get(path)).body.map((r: Obj) => r.id);
      const theirs = (await t.otherApi.get(path)).body.map((r: Obj) => r.id);
      expect(mine.filter((id: string) => theirs.includes(id))).toEqual([]);
    }
  });
});

describe.each(kinds)('$title ($path)', (kind) => {
  let counter = 0;
  const unique = (prefix: string) => `${prefix} ${kind.resource} ${++counter}`;
  const create = async (name = unique('Record'), api = t.api): Promise<Obj> => {
    const reply = await api.post(kind.path, { name, ...kind.required });
    expect(reply.status).toBe(201);
    return reply.body;
  };
  const list = async (api = t.api): Promise<Obj[]> => {
    const reply = await api.get(kind.path);
    expect(reply.status).toBe(200);
    expect(Array.isArray(reply.body)).toBe(true);
    return reply.body;
  };

  describe('create', () => {
    it('answers 201 with the full object and its defaults (form body), retrievable and listed', async () => {
      const name = unique('Created');
      const { result: reply, events, otherEvents } = await withEvents(() => t.api.post(kind.path, { name, ...kind.required }));
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({ id: ID, name, ...kind.created });
      expect(Object.keys(reply.body).sort()).toEqual(['id', 'name', ...Object.keys(kind.created)].sort());
      expect(events).toEqual([{ id: ID, type: `${kind.resource}.created`, data: reply.body }]);
      expect(otherEvents).toEqual([]);

      const retrieved = await t.api.get(`${kind.path}/${reply.body.id}`);
      expect(retrieved.status).toBe(200);
      expect(retrieved.body).toEqual(reply.body);
      expect((await list()).filter((r) => r.id === reply.body.id)).toEqual([reply.body]);
    });

    it('accepts a JSON body with native types', async () => {
      const name = unique('Json');
      const reply = await t.api.post(kind.path, { name, ...kind.required }, { json: true });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({ id: ID, name, ...kind.created });
    });

    it('trims the name and keeps names of up to 255 characters', async () => {
      const name = unique('Padded');
      expect((await t.api.post(kind.path, { name: `  ${name}\t`, ...kind.required })).body.name).toBe(name);
      const long = await t.api.post(kind.path, { name: NAME_255, ...kind.required });
      expect(long.status).toBe(201);
      expect(long.body.name).toBe(NAME_255);
    });

    it('refuses a missing required parameter with parameter_missing', async () => {
      const { events } = await withEvents(async () => {
        expectCode(await t.api.post(kind.path, { ...kind.required }), 400, 'parameter_missing', 'name');
        expectCode(await t.api.post(kind.path, { ...kind.required }, { json: true }), 400, 'parameter_missing', 'name');
        expectCode(await t.api.post(kind.path, {}), 400, 'parameter_missing', 'name');
        for (const param of Object.keys(kind.required)) {
          const params: Params = { name: unique('Missing'), ...kind.required };
          delete params[param];
          expectCode(await t.api.post(kind.path, params), 400, 'parameter_missing', param);
          expectCode(await t.api.post(kind.path, params, { json: true }), 400, 'parameter_missing', param);
        }
      });
      expect(events).toEqual([]);
    });

    it('refuses an empty, blank, too long or mistyped name with parameter_invalid', async () => {
      const before = await list();
      const { events } = await withEvents(async () => {
        for (const name of ['', '   ', NAME_256]) {
          expectCode(await t.api.post(kind.path, { name, ...kind.required }), 400, 'parameter_invalid', 'name');
          expectCode(await t.api.post(kind.path, { name, ...kind.required }, { json: true }), 400, 'parameter_invalid', 'name');
        }
        for (const name of [42, true, null, ['a'], { a: 'b' }]) {
          expectCode(await t.api.post(kind.path, { name, ...kind.required }, { json: true }), 400, 'parameter_invalid', 'name');
        }
        expectCode(await t.api.post(kind.path, { name: ['a', 'b'], ...kind.required }), 400, 'parameter_invalid', 'name');
      });
      expect(events).toEqual([]);
      expect(await list()).toEqual(before);
    });

    it('refuses invalid values of its own parameters with parameter_invalid', async () => {
      for (const { params, param, json } of kind.invalid.filter((c) => c.param in kind.required)) {
        expectCode(await t.api.post(kind.path, { name: unique('Invalid'), ...kind.required, ...params }, { json }), 400, 'parameter_invalid', param);
      }
    });

    it('refuses parameters it does not take with parameter_unknown, naming them', async () => {
      const before = await list();
      const { events } = await withEvents(async () => {
        for (const param of [...kind.notOnCreate, 'bogus']) {
          const value = param === 'id' ? MISSING_ID : true;
          const form = expectCode(await t.api.post(kind.path, { name: unique('Unknown'), ...kind.required, [param]: value }), 400, 'parameter_unknown', param);
          expect(form.message).toContain(param);
          expectCode(await t.api.post(kind.path, { name: unique('Unknown'), ...kind.required, [param]: value }, { json: true }), 400, 'parameter_unknown', param);
        }
      });
      expect(events).toEqual([]);
      expect(await list()).toEqual(before);
    });
  });

  describe('retrieve', () => {
    it('answers the object', async () => {
      const record = await create();
      const reply = await t.api.get(`${kind.path}/${record.id}`);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(record);
    });

    it('answers 404 resource_missing for a missing, malformed or foreign id', async () => {
      const foreign = await create(unique('Foreign'), t.otherApi);
      for (const id of [MISSING_ID, 'not-an-id', MISSING_ID.toUpperCase(), `${MISSING_ID}0`, foreign.id]) {
        expectCode(await t.api.get(`${kind.path}/${id}`), 404, 'resource_missing');
      }
    });
  });

  describe('update', () => {
    it('renames, leaving the other fields unchanged (form and JSON)', async () => {
      const record = await create();
      const name = unique('Renamed');
      const { result: reply, events } = await withEvents(() => t.api.put(`${kind.path}/${record.id}`, { name }));
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ ...record, name });
      expect(events).toEqual([{ id: ID, type: `${kind.resource}.updated`, data: reply.body }]);
      const json = await t.api.put(`${kind.path}/${record.id}`, { name: `  ${name} bis ` }, { json: true });
      expect(json.status).toBe(200);
      expect(json.body).toEqual({ ...record, name: `${name} bis` });
      expect((await t.api.get(`${kind.path}/${record.id}`)).body).toEqual(json.body);
    });

    it('changes each updatable field, one event per update', async () => {
      let record = await create();
      for (const { params, expect: changes } of kind.updates) {
        for (const json of [false, true]) {
          const { result: reply, events } = await withEvents(() => t.api.put(`${kind.path}/${record.id}`, params, { json }));
          expect(reply.status).toBe(200);
          expect(reply.body).toEqual({ ...record, ...changes });
          expect(events.filter((e) => e.data.id === record.id)).toEqual([{ id: ID, type: `${kind.resource}.updated`, data: reply.body }]);
          expect(events.every((e) => e.type === `${kind.resource}.updated`)).toBe(true);
          expect((await t.api.get(`${kind.path}/${record.id}`)).body).toEqual(reply.body);
          record = reply.body;
        }
      }
    });

    it('accepts an empty update and answers the unchanged object', async () => {
      const record = await create();
      const reply = await t.api.put(`${kind.path}/${record.id}`, {});
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(record);
    });

    it('refuses invalid values and unknown parameters, leaving the record unchanged', async () => {
      const record = await create();
      const { events } = await withEvents(async () => {
        for (const name of ['', '   ', NAME_256]) {
          expectCode(await t.api.put(`${kind.path}/${record.id}`, { name }), 400, 'parameter_invalid', 'name');
        }
        for (const name of [42, null, false]) {
          expectCode(await t.api.put(`${kind.path}/${record.id}`, { name }, { json: true }), 400, 'parameter_invalid', 'name');
        }
        for (const { params, param, json } of kind.invalid) {
          expectCode(await t.api.put(`${kind.path}/${record.id}`, params, { json }), 400, 'parameter_invalid', param);
        }
        for (const param of [...kind.notOnUpdate, 'bogus']) {
          expectCode(await t.api.put(`${kind.path}/${record.id}`, { [param]: 'x' }), 400, 'parameter_unknown', param);
          expectCode(await t.api.put(`${kind.path}/${record.id}`, { name: unique('Valid'), [param]: true }, { json: true }), 400, 'parameter_unknown', param);
        }
      });
      expect(events).toEqual([]);
      expect((await t.api.get(`${kind.path}/${record.id}`)).body).toEqual(record);
    });

    it('answers 404 resource_missing for a missing, malformed or foreign id', async () => {
      const foreign = await create(unique('Foreign'), t.otherApi);
      const params = { name: unique('Never') };
      for (const id of [MISSING_ID, 'not-an-id', foreign.id]) {
        expectCode(await t.api.put(`${kind.path}/${id}`, params), 404, 'resource_missing');
      }
      expect((await t.otherApi.get(`${kind.path}/${foreign.id}`)).body).toEqual(foreign);
    });
  });

  describe('delete', () => {
    it('answers 204 with an empty body, records the last state, and the record is gone', async () => {
      const record = await create();
      const { result: reply, events } = await withEvents(() => t.api.delete(`${kind.path}/${record.id}`));
      expect(reply.status).toBe(204);
      expect(reply.raw.body).toBe('');
      expect(events).toEqual([{ id: ID, type: `${kind.resource}.deleted`, data: record }]);
      expectCode(await t.api.get(`${kind.path}/${record.id}`), 404, 'resource_missing');
      expectCode(await t.api.put(`${kind.path}/${record.id}`, { name: unique('Gone') }), 404, 'resource_missing');
      expect((await list()).map((r) => r.id)).not.toContain(record.id);
      const again = await withEvents(() => t.api.delete(`${kind.path}/${record.id}`));
      expectCode(again.result, 404, 'resource_missing');
      expect(again.events).toEqual([]);
    });

    it('answers 404 resource_missing for a missing, malformed or foreign id', async () => {
      const foreign = await create(unique('Foreign'), t.otherApi);
      for (const id of [MISSING_ID, 'not-an-id', foreign.id]) {
        expectCode(await t.api.delete(`${kind.path}/${id}`), 404, 'resource_missing');
      }
      expect((await t.otherApi.get(`${kind.path}/${foreign.id}`)).body).toEqual(foreign);
    });
  });

  describe('uniqueness (§7.5)', () => {
    it('refuses a name already used, case-insensitively, on create (409 resource_exists)', async () => {
      const name = unique('Unique Name');
      const first = await create(name);
      const { events } = await withEvents(async () => {
        for (const clash of [name, name.toUpperCase(), name.toLowerCase(), `  ${name}  `]) {
          expectCode(await t.api.post(kind.path, { name: clash, ...kind.required }), 409, 'resource_exists');
          expectCode(await t.api.post(kind.path, { name: clash, ...kind.required }, { json: true }), 409, 'resource_exists');
        }
      });
      expect(events).toEqual([]);
      expect((await list()).filter((r) => r.name.toLowerCase() === name.toLowerCase())).toEqual([first]);
    });

    it('refuses a rename onto another record name, case-insensitively, but allows its own name in another case', async () => {
      const name = unique('Taken');
      const taken = await create(name);
      const other = await create();
      expectCode(await t.api.put(`${kind.path}/${other.id}`, { name: name.toUpperCase() }), 409, 'resource_exists');
      expectCode(await t.api.put(`${kind.path}/${other.id}`, { name: ` ${name.toLowerCase()} ` }, { json: true }), 409, 'resource_exists');
      expect((await t.api.get(`${kind.path}/${other.id}`)).body).toEqual(other);

      const same = await t.api.put(`${kind.path}/${taken.id}`, { name });
      expect(same.status).toBe(200);
      expect(same.body).toEqual(taken);
      const recased = await t.api.put(`${kind.path}/${taken.id}`, { name: name.toUpperCase() });
      expect(recased.status).toBe(200);
      expect(recased.body).toEqual({ ...taken, name: name.toUpperCase() });
    });

    it('frees the name when the record is deleted', async () => {
      const name = unique('Recycled');
      const first = await create(name);
      expect((await t.api.delete(`${kind.path}/${first.id}`)).status).toBe(204);
      const second = await create(name.toLowerCase());
      expect(second.id).not.toBe(first.id);
    });
  });

  describe('account boundary (§4.3)', () => {
    it('keeps records, names and ids per account', async () => {
      const name = unique('Shared Name');
      const mine = await create(name);
      const theirs = await create(name.toUpperCase(), t.otherApi);
      expect(theirs.id).not.toBe(mine.id);

      const otherIds = (await list(t.otherApi)).map((r) => r.id);
      const myIds = (await list()).map((r) => r.id);
      expect(otherIds).toContain(theirs.id);
      expect(myIds).toContain(mine.id);
      expect(otherIds.filter((id) => myIds.includes(id))).toEqual([]);

      expectCode(await t.otherApi.get(`${kind.path}/${mine.id}`), 404, 'resource_missing');
      expectCode(await t.otherApi.put(`${kind.path}/${mine.id}`, { name: unique('Hijacked') }), 404, 'resource_missing');
      expectCode(await t.otherApi.delete(`${kind.path}/${mine.id}`), 404, 'resource_missing');
      expect((await t.api.get(`${kind.path}/${mine.id}`)).body).toEqual(mine);
      expect((await t.otherApi.get(`${kind.path}/${theirs.id}`)).body).toEqual(theirs);
    });

    it('writes events to the acting account only', async () => {
      const { result: record, events, otherEvents } = await withEvents(() => create(unique('Theirs'), t.otherApi));
      expect(events).toEqual([]);
      expect(otherEvents).toEqual([{ id: ID, type: `${kind.resource}.created`, data: record }]);
    });
  });

  describe('read-only key (§4.2)', () => {
    it('reads, and is refused every write with 403 forbidden', async () => {
      const record = await create();
      const reader = t.api.withKey(t.account.readKey);
      expect((await reader.get(kind.path)).status).toBe(200);
      expect((await reader.get(`${kind.path}/${record.id}`)).body).toEqual(record);
      const { events } = await withEvents(async () => {
        expectCode(await reader.post(kind.path, { name: unique('Read only'), ...kind.required }), 403, 'forbidden');
        expectCode(await reader.put(`${kind.path}/${record.id}`, { name: unique('Read only') }), 403, 'forbidden');
        expectCode(await reader.delete(`${kind.path}/${record.id}`), 403, 'forbidden');
      });
      expect(events).toEqual([]);
      expect((await t.api.get(`${kind.path}/${record.id}`)).body).toEqual(record);
    });

    it('answers 401 without a key', async () => {
      expectCode(await t.api.withKey(undefined).get(kind.path), 401, 'unauthorized');
      expectCode(await t.api.withKey(undefined).post(kind.path, { name: 'x', ...kind.required }), 401, 'unauthorized');
    });
  });
});
