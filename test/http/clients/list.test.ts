import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DefaultQueryExecutor } from 'kysely';
import { type Api, MISSING_ID, createTestApp, expectError, type TestContext } from '../../helper.js';
import { partiesFixture, sleep } from './parties-fixture.js';

/** The client listing (GET /v2/clients): paging, sorting, filters, query count and the account boundary. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { freshApi, newClient } = partiesFixture(() => t);

describe('GET /v2/clients', () => {
  let api: Api;
  const ids: Record<string, string> = {};
  let urgent: string;
  let big: string;

  beforeAll(async () => {
    api = await freshApi('Client listing');
    const specs: Array<[string, Record<string, any>]> = [
      ['Zeta', { email: 'orders@zeta.example' }],
      ['alpha', { vatNumber: 'BE0999888777', pinned: true }],
      ['Beta', { archived: true, address: { city: 'Köln' } }],
      ['Gamma 100%', { website: 'gamma.example', pinned: true, archived: true }],
      ['delta', { phone: '+1 555 0100' }],
    ];
    for (const [name, params] of specs) ids[name] = (await newClient({ name, ...params }, api)).id;
    urgent = (await api.post('/v2/account/labels', { name: 'Urgent', color: '#ff0000' })).body.id;
    big = (await api.post('/v2/account/labels', { name: 'Big', color: '#0000ff' })).body.id;
    await api.post(`/v2/clients/${ids.Zeta}/labels/${urgent}`);
    await api.post(`/v2/clients/${ids.Beta}/labels/${big}`);
    await api.post(`/v2/clients/${ids.delta}/labels/${big}`);
    await api.post(`/v2/clients/${ids.delta}/labels/${urgent}`);
    // Records of another account never show.
    await newClient({ name: 'Alpha of account two', vatNumber: 'BE0999888777' }, t.otherApi);
  });

  const names = (body: { items: Array<{ name: string }> }) => body.items.map((item) => item.name);

  it('answers the paginated envelope, newest first by default', async () => {
    const reply = await api.get('/v2/clients');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ pageSize: 20, page: 1, totalPages: 1, totalItems: 5, hasNextPage: false, hasPreviousPage: false });
    expect(names(reply.body)).toEqual(['delta', 'Gamma 100%', 'Beta', 'alpha', 'Zeta']);
    expect(reply.body.items[0]).toMatchObject({ object: 'client', labels: [{ name: 'Big' }, { name: 'Urgent' }] });
  });

  it('pages with page and pageSize, and answers a page past the end with empty items', async () => {
    const first = (await api.get('/v2/clients', { pageSize: 2 })).body;
    expect(first).toMatchObject({ pageSize: 2, page: 1, totalPages: 3, totalItems: 5, hasNextPage: true, hasPreviousPage: false });
    expect(names(first)).toEqual(['delta', 'Gamma 100%']);
    const last = (await api.get('/v2/clients', { pageSize: 2, page: 3 })).body;
    expect(last).toMatchObject({ page: 3, hasNextPage: false, hasPreviousPage: true });
    expect(names(last)).toEqual(['Zeta']);
    const past = (await api.get('/v2/clients', { pageSize: 2, page: 9 })).body;
    expect(past).toMatchObject({ items: [], page: 9, totalPages: 3, totalItems: 5, hasNextPage: false, hasPreviousPage: true });
  });

  it('sorts by name (case-insensitively), createdAt and updatedAt, in both directions', async () => {
    expect(names((await api.get('/v2/clients', { sort: 'name', direction: 'asc' })).body)).toEqual(['alpha', 'Beta', 'delta', 'Gamma 100%', 'Zeta']);
    expect(names((await api.get('/v2/clients', { sort: 'name' })).body)).toEqual(['Zeta', 'Gamma 100%', 'delta', 'Beta', 'alpha']);
    expect(names((await api.get('/v2/clients', { sort: 'createdAt', direction: 'asc' })).body)).toEqual(['Zeta', 'alpha', 'Beta', 'Gamma 100%', 'delta']);
    await sleep(5);
    await api.put(`/v2/clients/${ids.alpha}`, { details: 'touched' });
    expect(names((await api.get('/v2/clients', { sort: 'updatedAt' })).body)[0]).toBe('alpha');
  });

  it('rejects invalid paging values with 400', async () => {
    for (const query of [
      { page: 0 },
      { page: 'x' },
      { pageSize: 0 },
      { pageSize: 101 },
      { sort: 'email' },
      { direction: 'up' },
      { archived: 'perhaps' },
      { label: 'bad-id' },
    ]) {
      expectError(await api.get('/v2/clients', query), 400, 'parameter_invalid');
    }
    expectError(await api.get('/v2/clients', { color: 'red' }), 400, 'parameter_unknown');
  });

  it('filters by archived and pinned (AND between parameters)', async () => {
    expect(names((await api.get('/v2/clients', { archived: true, sort: 'name', direction: 'asc' })).body)).toEqual(['Beta', 'Gamma 100%']);
    expect(names((await api.get('/v2/clients', { archived: 'false', sort: 'name', direction: 'asc' })).body)).toEqual(['alpha', 'delta', 'Zeta']);
    expect(names((await api.get('/v2/clients', { pinned: 1, sort: 'name', direction: 'asc' })).body)).toEqual(['alpha', 'Gamma 100%']);
    expect(names((await api.get('/v2/clients', { pinned: true, archived: false })).body)).toEqual(['alpha']);
  });

  it('filters by q: case-insensitive substring of name, email, VAT number, website, phone and city', async () => {
    const q = async (value: string) => names((await api.get('/v2/clients', { q: value, sort: 'name', direction: 'asc' })).body);
    expect(await q('ALPH')).toEqual(['alpha']);
    expect(await q('zeta.example')).toEqual(['Zeta']);
    expect(await q('be0999')).toEqual(['alpha']);
    expect(await q('köln')).toEqual(['Beta']);
    expect(await q('555 01')).toEqual(['delta']);
    expect(await q('gamma.exa')).toEqual(['Gamma 100%']);
    expect(await q('100%')).toEqual(['Gamma 100%']);
    expect(await q('0%')).toEqual(['Gamma 100%']);
    expect(await q('%')).toEqual(['Gamma 100%']);
    expect(await q('_')).toEqual([]);
    expect(await q('nothing like it')).toEqual([]);
  });

  it('filters by label[] (several labels: any of them); a missing or foreign label id is 400', async () => {
    const byLabels = async (labels: string[]) =>
      names((await api.get(`/v2/clients?${labels.map((id) => `label[]=${id}`).join('&')}&sort=name&direction=asc`)).body);
    expect(await byLabels([urgent])).toEqual(['delta', 'Zeta']);
    expect(await byLabels([big])).toEqual(['Beta', 'delta']);
    expect(await byLabels([urgent, big])).toEqual(['Beta', 'delta', 'Zeta']);
    expect(names((await api.get(`/v2/clients?label=${big}&archived=false`)).body)).toEqual(['delta']);
    const missing = expectError(await api.get(`/v2/clients?label[]=${MISSING_ID}`), 400, 'parameter_invalid');
    expect(missing.details?.[0]?.param).toBe('label');
    const theirs = (await t.otherApi.post('/v2/account/labels', { name: 'Urgent', color: '#ff0000' })).body.id;
    expectError(await api.get(`/v2/clients?label[]=${urgent}&label[]=${theirs}`), 400, 'parameter_invalid');
  });

  it('loads a page of full objects in a constant number of queries, whatever the page size', async () => {
    for (const name of ['q1', 'q2', 'q3', 'q4', 'q5', 'q6']) {
      const id = (await newClient({ name: `Counted ${name}`, tax1: null }, api)).id;
      await api.post(`/v2/clients/${id}/contacts`, { fullName: 'Counted contact' });
      await api.post(`/v2/clients/${id}/labels/${urgent}`);
    }
    const queries = async (pageSize: number) => {
      // The same state for every count: the key looked up already (kept while nothing is written).
      await api.get('/v2/clients', { pageSize, q: 'counted' });
      const spy = vi.spyOn(DefaultQueryExecutor.prototype, 'executeQuery');
      try {
        const reply = await api.get('/v2/clients', { pageSize, q: 'counted' });
        expect(reply.body.items).toHaveLength(pageSize);
        expect(reply.body.items.every((item: { contacts: unknown[]; labels: unknown[] }) => item.contacts.length === 1 && item.labels.length === 1)).toBe(true);
        // The page, its count, the rows and each kind of part: a handful, never one per item.
        expect(spy.mock.calls.length).toBeGreaterThan(3);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    expect(await queries(6)).toBe(await queries(2));
    for (const id of (await api.get('/v2/clients', { q: 'counted', pageSize: 10 })).body.items.map((item: { id: string }) => item.id)) {
      expect((await api.delete(`/v2/clients/${id}`)).status).toBe(204);
    }
  });

  it("never lists another account's clients", async () => {
    const other = (await t.otherApi.get('/v2/clients', { pageSize: 100 })).body;
    expect(other.items.every((item: { id: string }) => !Object.values(ids).includes(item.id))).toBe(true);
    expect(names(other)).toContain('Alpha of account two');
    expect((await api.get('/v2/clients', { q: 'account two' })).body.totalItems).toBe(0);
  });
});
