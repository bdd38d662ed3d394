import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../helper.js';
import { expectCode, ID, kinds, masterDataFixture } from './fixture.js';

/** The account boundary (docs/reference.md#accounts-and-tenancy) and read-only keys (docs/reference.md#authentication) of each named master-data kind (the suite per kind is in master-data/crud.test.ts). */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { withEvents, forKind } = masterDataFixture(() => t);

describe.each(kinds)('$title ($path)', (kind) => {
  const { unique, create, list } = forKind(kind);

  describe('account boundary (docs/reference.md#accounts-and-tenancy)', () => {
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

  describe('read-only key (docs/reference.md#authentication)', () => {
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
