import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DefaultQueryExecutor } from 'kysely';
import { type Api, MISSING_ID, createTestApp, expectError, type TestContext } from '../../helper.js';
import { partiesFixture } from '../clients/parties-fixture.js';

/** The supplier listing (GET /v2/suppliers): paging, filters, query count and the account boundary. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { freshApi, newSupplier, pair, domain, client } = partiesFixture(() => t);

describe('GET /v2/suppliers', () => {
  let api: Api;
  const ids: Record<string, string> = {};
  const pairs: Record<string, string> = {};
  const domains: Record<string, string> = {};
  let label: string;

  beforeAll(async () => {
    api = await freshApi('Supplier listing');
    pairs.enFr = (await pair('en', 'fr', api)).id;
    pairs.enDe = (await pair('en', 'de', api)).id;
    pairs.enIt = (await pair('en', 'it', api)).id;
    domains.legal = (await domain('Legal', api)).id;
    domains.tech = (await domain('Technical', api)).id;
    label = (await api.post('/v2/account/labels', { name: 'Preferred', color: '#123456' })).body.id;
    const specs: Array<[string, Record<string, any>]> = [
      ['Anna', { nickname: 'Annie', languagePairs: [pairs.enFr], domains: [domains.legal] }],
      ['Bert', { languagePairs: [pairs.enDe, pairs.enFr], archived: true }],
      ['Carla', { mobilePhone: '+39 333 1234', languagePairs: [pairs.enIt], domains: [domains.tech, domains.legal], pinned: true }],
      ['Dirk', { email: 'dirk@words.example', pinned: true }],
    ];
    for (const [name, params] of specs) ids[name] = (await newSupplier({ name, ...params }, api)).id;
    await api.post(`/v2/suppliers/${ids.Dirk}/labels/${label}`);
    await api.post(`/v2/suppliers/${ids.Anna}/labels/${label}`);
    await newSupplier({ name: 'Anna of account two', nickname: 'Annie' }, t.otherApi);
  });

  const names = (body: { items: Array<{ name: string }> }) => body.items.map((item) => item.name);
  const list = async (query: string) => {
    const reply = await api.get(`/v2/suppliers?${query}${query ? '&' : ''}sort=name&direction=asc`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return names(reply.body);
  };

  it('answers the paginated envelope with full objects, newest first by default', async () => {
    const reply = (await api.get('/v2/suppliers')).body;
    expect(reply).toMatchObject({ pageSize: 20, page: 1, totalPages: 1, totalItems: 4, hasNextPage: false, hasPreviousPage: false });
    expect(names(reply)).toEqual(['Dirk', 'Carla', 'Bert', 'Anna']);
    const carla = reply.items[1];
    expect(carla.languagePairs.map((p: { target: { code: string } }) => p.target.code)).toEqual(['it']);
    expect(carla.domains.map((d: { name: string }) => d.name)).toEqual(['Technical', 'Legal']);
    expect(reply.items[0].labels).toEqual([{ id: label, name: 'Preferred', color: '#123456' }]);
    const paged = (await api.get('/v2/suppliers', { pageSize: 3, page: 2, sort: 'name', direction: 'desc' })).body;
    expect(paged).toMatchObject({ totalPages: 2, totalItems: 4, hasNextPage: false, hasPreviousPage: true });
    expect(names(paged)).toEqual(['Anna']);
    expect((await api.get('/v2/suppliers', { page: 5 })).body).toMatchObject({ items: [], totalItems: 4, totalPages: 1 });
  });

  it('rejects invalid paging and filter values with 400', async () => {
    for (const query of [
      { page: -1 },
      { pageSize: 1000 },
      { sort: 'rating' },
      { direction: 'sideways' },
      { pinned: 'x' },
      { languagePair: 'nope' },
      { domain: 'nope' },
    ]) {
      expectError(await api.get('/v2/suppliers', query), 400, 'parameter_invalid');
    }
    for (const param of ['service', 'languagePair', 'domain', 'label']) {
      const error = expectError(await api.get('/v2/suppliers', { [param]: [MISSING_ID] }), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe(param);
    }
  });

  it('filters by archived, pinned and q (name, nickname, email, mobile phone)', async () => {
    expect(await list('archived=true')).toEqual(['Bert']);
    expect(await list('archived=false&pinned=true')).toEqual(['Carla', 'Dirk']);
    expect(await list('q=ANNIE')).toEqual(['Anna']);
    expect(await list('q=words.example')).toEqual(['Dirk']);
    expect(await list('q=333%201234')).toEqual(['Carla']);
    expect(await list('q=r')).toEqual(['Bert', 'Carla', 'Dirk']);
  });

  it('filters by languagePair[], domain[] and label[] (values OR, parameters AND)', async () => {
    expect(await list(`languagePair[]=${pairs.enFr}`)).toEqual(['Anna', 'Bert']);
    expect(await list(`languagePair[]=${pairs.enDe}&languagePair[]=${pairs.enIt}`)).toEqual(['Bert', 'Carla']);
    expect(await list(`languagePair=${pairs.enFr}&languagePair=${pairs.enIt}&archived=false`)).toEqual(['Anna', 'Carla']);
    expect(await list(`domain[]=${domains.legal}`)).toEqual(['Anna', 'Carla']);
    expect(await list(`domain[]=${domains.tech}&languagePair[]=${pairs.enFr}`)).toEqual([]);
    expect(await list(`domain[]=${domains.legal}&languagePair[]=${pairs.enFr}`)).toEqual(['Anna']);
    expect(await list(`label[]=${label}`)).toEqual(['Anna', 'Dirk']);
    expect(await list(`label[]=${label}&domain[]=${domains.legal}`)).toEqual(['Anna']);
  });

  it('filters by service[]: suppliers with a supplier service for any of the services', async () => {
    const services = (await api.get('/v2/account/services')).body as Array<{ id: string; name: string }>;
    const units = (await api.get('/v2/account/quantity-types')).body as Array<{ id: string; name: string }>;
    const service = (name: string) => services.find((s) => s.name === name)!.id;
    const words = units.find((u) => u.name === 'Words')!.id;
    const offer = async (supplier: string, serviceName: string) => {
      const reply = await api.post(`/v2/suppliers/${ids[supplier]}/services`, {
        currency: 'EUR',
        matchesType: 'fixed',
        quantityType: words,
        service: service(serviceName),
        unitCost: 0.1,
      });
      expect(reply.status).toBe(201);
    };
    await offer('Anna', 'Translation');
    await offer('Carla', 'Revision');
    await offer('Carla', 'Translation');
    expect(await list(`service[]=${service('Translation')}`)).toEqual(['Anna', 'Carla']);
    expect(await list(`service=${service('Revision')}`)).toEqual(['Carla']);
    expect(await list(`service[]=${service('Revision')}&service[]=${service('Proofreading')}`)).toEqual(['Carla']);
    expect(await list(`service[]=${service('Translation')}&domain[]=${domains.legal}`)).toEqual(['Anna', 'Carla']);
    expect(await list(`service[]=${service('Proofreading')}`)).toEqual([]);
  });

  it('loads a page of full objects in a constant number of queries, whatever the page size', async () => {
    const queries = async (pageSize: number) => {
      // The same state for every count: the key looked up already (kept while nothing is written).
      await api.get('/v2/suppliers', { pageSize, sort: 'name', direction: 'asc' });
      const spy = vi.spyOn(DefaultQueryExecutor.prototype, 'executeQuery');
      try {
        const reply = await api.get('/v2/suppliers', { pageSize, sort: 'name', direction: 'asc' });
        expect(reply.body.items).toHaveLength(pageSize);
        // The page, its count, the rows and each kind of part: a handful, never one per item.
        expect(spy.mock.calls.length).toBeGreaterThan(3);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    // Anna alone already has every kind of part; the page of four adds more of each.
    const dedicated = await client("Anna's client", api);
    await api.put(`/v2/suppliers/${ids.Anna}`, { dedicatedClients: [dedicated.id] });
    await api.post(`/v2/suppliers/${ids.Anna}/contacts`, { fullName: 'Anna herself' });
    await api.post(`/v2/suppliers/${ids.Dirk}/contacts`, { fullName: 'Dirk himself' });
    expect(await queries(4)).toBe(await queries(1));
  });

  it("never lists another account's suppliers; its ids in filters are 400", async () => {
    const theirPair = await pair('en', 'fr', t.otherApi);
    await newSupplier({ name: 'Their translator', languagePairs: [theirPair.id] }, t.otherApi);
    expectError(await api.get(`/v2/suppliers?languagePair[]=${theirPair.id}`), 400, 'parameter_invalid');
    expect(await list('q=account two')).toEqual([]);
    const theirs = (await t.otherApi.get('/v2/suppliers', { pageSize: 100 })).body;
    expect(theirs.items.some((item: { id: string }) => Object.values(ids).includes(item.id))).toBe(false);
  });
});
