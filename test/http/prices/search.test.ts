import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { FAMILIES, worldPerFile, type FamilyCase, type World } from './fixture.js';

let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

const ACCOUNT_FAMILIES = FAMILIES.filter((family) => family.paginated);

describe.each(ACCOUNT_FAMILIES)(
  '$name: search (specification "Search of default prices", docs/prices.md#search-of-the-account-families)',
  (family: FamilyCase) => {
    const base = family.base();
    const p: Record<string, string> = {};

    beforeAll(async () => {
      const create = async (key: string, params: Record<string, unknown>) => {
        const reply = await t.api.post(base, { matchesType: 'fixed', unitCost: 1, ...params });
        expect(reply.status).toBe(201);
        p[key] = reply.body.id;
      };
      const client = (id: string) => (family.acceptsClient ? { client: id } : {});
      await create('P1', { service: w.service.Translation, quantityType: w.unit.Words, currency: 'EUR' });
      await create('P2', {
        service: w.service.Translation,
        quantityType: w.unit.Words,
        currency: 'EUR',
        languagePair: w.pair.enFr,
        domain: w.domain.legal,
        ...client(w.client.acme),
      });
      await create('P3', { service: w.service.Revision, quantityType: w.unit.Pages, currency: 'USD', languagePair: w.pair.deFr });
      await create('P4', { service: w.service.Proofreading, quantityType: w.unit.Words, currency: 'GBP', domain: w.domain.medical, ...client(w.client.beta) });
    });

    const search = async (query: string) => {
      const reply = await t.api.get(`${base}?${query}`);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const names = Object.fromEntries(Object.entries(p).map(([name, id]) => [id, name]));
      return (reply.body.items as Array<{ id: string }>).map((item) => names[item.id]).sort();
    };

    it('lists everything without parameters (envelope, newest first)', async () => {
      const reply = await t.api.get(base);
      expect(reply.body).toMatchObject({ pageSize: 20, page: 1, totalPages: 1, totalItems: 4, hasNextPage: false, hasPreviousPage: false });
      expect(reply.body.items.map((item: { id: string }) => item.id)).toEqual([p.P4, p.P3, p.P2, p.P1]);
      // a trailing slash is the same listing (the specification writes GET /v2/account/prices/clients/)
      expect((await t.api.get(`${base}/`)).body).toEqual(reply.body);
    });

    it('filters by each parameter in both notations: OR within a parameter, AND across', async () => {
      const s = w.service;
      expect(await search(`service.id=${s.Translation}`)).toEqual(['P1', 'P2']);
      expect(await search(`service.id=${s.Translation}&service.id=${s.Revision}`)).toEqual(['P1', 'P2', 'P3']);
      expect(await search(`service.id[]=${s.Revision}&service.id[]=${s.Proofreading}`)).toEqual(['P3', 'P4']);
      expect(await search(`quantityType.id=${w.unit.Words}`)).toEqual(['P1', 'P2', 'P4']);
      expect(await search(`quantityType.id[]=${w.unit.Pages}`)).toEqual(['P3']);
      expect(await search(`domain.id=${w.domain.legal}`)).toEqual(['P2']);
      expect(await search(`domain.id[]=${w.domain.legal}&domain.id[]=${w.domain.medical}`)).toEqual(['P2', 'P4']);
      expect(await search(`languagePair.id=${w.pair.deFr}`)).toEqual(['P3']);
      expect(await search(`languagePair.id[]=${w.pair.enFr}`)).toEqual(['P2']);
      expect(await search('currency=USD')).toEqual(['P3']);
      expect(await search('currency[]=EUR&currency[]=GBP')).toEqual(['P1', 'P2', 'P4']);
      expect(await search(`service.id=${s.Translation}&quantityType.id=${w.unit.Words}&currency=EUR&domain.id=${w.domain.legal}`)).toEqual(['P2']);
      expect(await search(`service.id=${s.Revision}&currency=EUR`)).toEqual([]);
      if (family.acceptsClient) {
        expect(await search(`client.id=${w.client.acme}`)).toEqual(['P2']);
        expect(await search(`client.id[]=${w.client.acme}&client.id[]=${w.client.beta}`)).toEqual(['P2', 'P4']);
        expect(await search(`client.id=${w.client.beta}&currency=GBP`)).toEqual(['P4']);
      } else {
        expect(expectError(await t.api.get(`${base}?client.id=${w.client.acme}`), 400, 'parameter_unknown').details?.[0]?.param).toBe('client.id');
      }
    });

    it('refuses unknown, foreign and malformed ids and invalid values in search parameters (400)', async () => {
      const cases: Array<[string, string]> = [
        ['service.id', w.other.service],
        ['quantityType.id', w.other.unit],
        ['domain.id', w.other.domain],
        ['languagePair.id', w.other.pair],
        ['service.id', MISSING_ID],
        ['domain.id', w.service.Translation!],
      ];
      if (family.acceptsClient) cases.push(['client.id', w.other.client], ['client.id', w.supplier.anna]);
      for (const [param, id] of cases) {
        const error = expectError(await t.api.get(`${base}?${param}[]=${id}`), 400, 'parameter_invalid');
        expect(error.details?.[0]?.param).toBe(param);
      }
      // one unknown id among known ones is enough
      expectError(await t.api.get(`${base}?service.id=${w.service.Translation}&service.id=${MISSING_ID}`), 400, 'parameter_invalid');
      expectError(await t.api.get(`${base}?service.id=abc`), 400, 'parameter_invalid');
      expectError(await t.api.get(`${base}?currency=EURO`), 400, 'parameter_invalid');
      expectError(await t.api.get(`${base}?sort=name`), 400, 'parameter_invalid');
      expectError(await t.api.get(`${base}?pageSize=101`), 400, 'parameter_invalid');
      expectError(await t.api.get(`${base}?service=${w.service.Translation}`), 400, 'parameter_unknown');
      // the other account sees none of these prices, whatever it searches
      expect((await t.otherApi.get(base)).body.totalItems).toBe(0);
    });

    it('pages, sorts and orders (createdAt, updatedAt; asc, desc)', async () => {
      const ids = async (query: string) => ((await t.api.get(`${base}?${query}`)).body.items as Array<{ id: string }>).map((item) => item.id);
      const first = (await t.api.get(`${base}?pageSize=3&direction=asc`)).body;
      expect(first).toMatchObject({ pageSize: 3, page: 1, totalPages: 2, totalItems: 4, hasNextPage: true, hasPreviousPage: false });
      expect(first.items.map((item: { id: string }) => item.id)).toEqual([p.P1, p.P2, p.P3]);
      const second = (await t.api.get(`${base}?pageSize=3&direction=asc&page=2`)).body;
      expect(second).toMatchObject({ page: 2, hasNextPage: false, hasPreviousPage: true });
      expect(second.items.map((item: { id: string }) => item.id)).toEqual([p.P4]);
      expect((await t.api.get(`${base}?page=9`)).body).toMatchObject({ items: [], totalItems: 4, totalPages: 1 });
      await new Promise((resolve) => setTimeout(resolve, 5));
      await t.api.put(`${base}/${p.P2}`, { unitCost: 2 });
      expect((await ids('sort=updatedAt'))[0]).toBe(p.P2);
      expect((await ids('sort=updatedAt&direction=asc')).at(-1)).toBe(p.P2);
      expect(await ids('sort=createdAt&direction=desc')).toEqual([p.P4, p.P3, p.P2, p.P1]);
    });

    it('accepts a disabled service in a search (it still has prices)', async () => {
      const service = (await t.api.post('/v2/account/services', { name: `Subtitling ${family.key}` })).body.id;
      const created = (await t.api.post(base, { service, quantityType: w.unit.Words, currency: 'EUR', matchesType: 'fixed', unitCost: 3 })).body;
      await t.api.put(`/v2/account/services/${service}`, { disabled: true });
      expect((await t.api.get(`${base}?service.id=${service}`)).body.items.map((item: { id: string }) => item.id)).toEqual([created.id]);
      await t.api.delete(`${base}/${created.id}`);
    });
  },
);
