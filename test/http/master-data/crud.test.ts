import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MISSING_ID, type TestContext, expectError } from '../../helper.js';
import { expectCode, ID, kinds, masterDataFixture, type Obj, type Params } from './fixture.js';

/**
 * The named master-data kinds of docs/master-data.md (services, match categories, units, domains, labels,
 * taxes), one table-driven suite per kind: list, create, retrieve, update, delete, uniqueness,
 * validation and events; the account boundary and read-only keys are in master-data/access.test.ts
 * (the table of kinds in master-data/fixture.ts). Rules particular to one kind
 * (listing orders, exclusive flags, tax values, label colours, references) are in
 * master-data/rules.test.ts; language pairs in language-pairs/crud.test.ts.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NAME_255 = 'n'.repeat(255);
const NAME_256 = 'n'.repeat(256);

const { withEvents, forKind } = masterDataFixture(() => t);

describe('default master data of a new account (docs/master-data.md#default-master-data-of-a-new-account)', () => {
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
  const { unique, create, list } = forKind(kind);

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
          expectCode(
            await t.api.post(kind.path, { name: unique('Unknown'), ...kind.required, [param]: value }, { json: true }),
            400,
            'parameter_unknown',
            param,
          );
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

  describe('uniqueness (docs/master-data.md#uniqueness)', () => {
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
});

describe('listings of master data refuse query parameters', () => {
  for (const path of ['/v2/account/services', '/v2/account/matches', '/v2/account/quantity-types', '/v2/account/domains', '/v2/account/labels']) {
    it(`GET ${path}?sort=name: 400 parameter_unknown naming the parameter (the listing takes none)`, async () => {
      const error = expectError(await t.api.get(`${path}?sort=name`), 400, 'parameter_unknown');
      expect(error.details).toEqual([expect.objectContaining({ param: 'sort' })]);
    });
  }
});
