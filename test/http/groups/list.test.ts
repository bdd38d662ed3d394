import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DefaultQueryExecutor } from 'kysely';
import { groupViews } from '../../../src/modules/groups/index.js';
import { Api, MISSING_ID, createTestAccount, createTestApp, expectError, type TestContext } from '../../helper.js';
import { addJob, buildWorld, newGroup, newJob, putJob, type World } from './fixture.js';

let t: TestContext;
let w: World;
/** A fresh account of its own, so that listings hold exactly these groups. */
let api: Api;
const ids: Record<string, string> = {};
let clientA: string;
let clientB: string;
let mid = '';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  const account = await createTestAccount(t.database, 'Groups listing');
  api = new Api(t.app, account.apiKey);
  clientA = (await api.post('/v2/clients', { name: 'Client A' })).body.id;
  clientB = (await api.post('/v2/clients', { name: 'Client B' })).body.id;
  const specs: Array<[string, Record<string, unknown>]> = [
    ['alpha', { client: clientA, dueDate: '2030-03-01', externalReference: 'REF-X' }],
    ['Bravo', { client: clientB, dueDate: '2030-01-01', purchaseOrder: 'po-777' }],
    ['charlie', { client: clientA }],
    ['delta', {}],
  ];
  for (const [name, params] of specs) {
    ids[name] = (await newGroup(api, { name, ...params })).id;
    await sleep(3);
  }
  await api.put(`/v2/groups/${ids.Bravo}`, { archived: true });
  await api.put(`/v2/groups/${ids.charlie}`, { pinned: true });
  await sleep(3);
  mid = new Date().toISOString();
  await sleep(3);
  await api.put(`/v2/groups/${ids.delta}`, { name: 'delta' });
});
afterAll(async () => {
  await t.close();
});

const names = async (query: Record<string, unknown>, client: Api = api) => {
  const reply = await client.get('/v2/groups', query as never);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body.items as Array<{ name: string }>).map((group) => group.name);
};

describe('GET /v2/groups', () => {
  it('answers the paginated envelope, newest first by default', async () => {
    const reply = await api.get('/v2/groups', { pageSize: 3 });
    expect(reply.body).toMatchObject({ pageSize: 3, page: 1, totalPages: 2, totalItems: 4, hasNextPage: true, hasPreviousPage: false });
    expect(reply.body.items.map((g: { name: string }) => g.name)).toEqual(['delta', 'charlie', 'Bravo']);
    expect(reply.body.items[0]).toEqual((await api.get(`/v2/groups/${ids.delta}`)).body);
    expect(await names({ page: 2, pageSize: 3 })).toEqual(['alpha']);
    expect((await api.get('/v2/groups', { page: 9 })).body).toMatchObject({ items: [], totalItems: 4 });
  });

  it('sorts by createdAt, updatedAt, name, dueDate and status, both directions', async () => {
    expect(await names({ sort: 'createdAt', direction: 'asc' })).toEqual(['alpha', 'Bravo', 'charlie', 'delta']);
    expect(await names({ sort: 'updatedAt', direction: 'desc' })).toEqual(['delta', 'charlie', 'Bravo', 'alpha']);
    expect(await names({ sort: 'name', direction: 'asc' })).toEqual(['alpha', 'Bravo', 'charlie', 'delta']);
    // Groups without a due date come after every date in ascending order.
    const byDue = await names({ sort: 'dueDate', direction: 'asc' });
    expect(byDue.slice(0, 2)).toEqual(['Bravo', 'alpha']);
    expect(await names({ sort: 'dueDate', direction: 'desc' })).toEqual([...byDue].reverse());
  });

  it('filters by status, client, archived, pinned, q and updatedSince', async () => {
    expect(await names({ archived: true })).toEqual(['Bravo']);
    expect(await names({ archived: false, sort: 'name', direction: 'asc' })).toEqual(['alpha', 'charlie', 'delta']);
    expect(await names({ pinned: true })).toEqual(['charlie']);
    expect(await names({ client: [clientA], sort: 'name', direction: 'asc' })).toEqual(['alpha', 'charlie']);
    expect(await names({ client: [clientA, clientB], sort: 'name', direction: 'asc' })).toEqual(['alpha', 'Bravo', 'charlie']);
    expect(await names({ client: clientB })).toEqual(['Bravo']);
    expect(await names({ q: 'BRA' })).toEqual(['Bravo']);
    expect(await names({ q: 'ref-x' })).toEqual(['alpha']);
    expect(await names({ q: '777' })).toEqual(['Bravo']);
    expect(await names({ q: '%' })).toEqual([]);
    expect(await names({ updatedSince: mid })).toEqual(['delta']);
    expect(await names({ status: [1], archived: false, pinned: false, sort: 'name', direction: 'asc' })).toEqual(['alpha', 'delta']);
    expect(await names({ status: [2, 3] })).toEqual([]);
  });

  it('the status filter and sort read the derived status', async () => {
    const group = await newGroup(t.api, { name: 'Derived' });
    const job = await newJob(t, w);
    await addJob(t.api, group.id, job.id);
    await putJob(t.api, job.id, { status: 2 });
    const listed = (await t.api.get('/v2/groups', { status: [2] })).body.items.map((g: { id: string }) => g.id);
    expect(listed).toEqual([group.id]);
    const sorted = (await t.api.get('/v2/groups', { sort: 'status', direction: 'desc' })).body.items[0].id;
    expect(sorted).toBe(group.id);
  });

  it('validates its parameters; client ids must be the account’s', async () => {
    for (const query of [
      { sort: 'color' },
      { direction: 'up' },
      { pageSize: 101 },
      { page: 0 },
      { status: [7] },
      { archived: 'x' },
      { updatedSince: 'yesterday' },
      { client: 'nope' },
    ]) {
      expectError(await api.get('/v2/groups', query), 400, 'parameter_invalid');
    }
    expectError(await api.get('/v2/groups', { label: MISSING_ID }), 400, 'parameter_unknown');
    expect(expectError(await api.get('/v2/groups', { client: [w.client.acme] }), 400, 'parameter_invalid').details?.[0]?.param).toBe('client');
    expectError(await api.get('/v2/groups', { client: [MISSING_ID] }), 400, 'parameter_invalid');
  });

  it('keeps accounts apart', async () => {
    const theirs = await names({ pageSize: 100 }, t.otherApi);
    expect(theirs).not.toContain('alpha');
    expectError(await t.otherApi.get(`/v2/groups/${ids.alpha}`), 404, 'resource_missing');
  });

  it('reads a page in a constant number of queries whatever its size', async () => {
    const count = async (pageSize: number) => {
      // The same state for every count: the key looked up already (kept while nothing is written).
      await api.get('/v2/groups', { pageSize });
      groupViews.cacheOf(t.database.reader).clear(); // built, not served from the group view cache
      const spy = vi.spyOn(DefaultQueryExecutor.prototype, 'executeQuery');
      try {
        expect((await api.get('/v2/groups', { pageSize })).body.items).toHaveLength(pageSize);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    expect(await count(4)).toBe(await count(1));
  });
});
