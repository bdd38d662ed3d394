import { beforeAll, describe, expect, it } from 'vitest';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { Api, MISSING_ID, expectError, type TestContext } from '../../helper.js';
import { ACCOUNT_SUPPLIER_PRICES, EUR, jobParams, newJob, newPrice, newService, newSupplier, worldPerFile, type World } from '../jobs/fixture.js';

/**
 * GET /v2/jobs/:id/supplier-prices (docs/jobs.md#supplier-prices): the supplier prices an
 * outsourcing of the job would take, in docs/prices.md#which-price-applies order, before the
 * outsourcing exists (the console shows the first as the suggested price).
 */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

let service: string;
let supplier: string;
let job: { id: string };
const p: Record<string, string> = {};
const path = () => `/v2/jobs/${job.id}/supplier-prices`;
const idsOf = (list: Array<{ id: string }>) => list.map((item) => Object.keys(p).find((key) => p[key] === item.id));

beforeAll(async () => {
  service = await newService(t.api, 'Supplier priced');
  supplier = await newSupplier(t.api, { name: 'Claire Translator' });
  const services = `/v2/suppliers/${supplier}/services`;
  // The four tiers of docs/prices.md#which-price-applies, created worst first (recency breaks no tie here).
  p.accountDefault = await newPrice(t.api, ACCOUNT_SUPPLIER_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.07 });
  p.accountForClient = await newPrice(t.api, ACCOUNT_SUPPLIER_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.065, client: w.client.acme });
  p.service = await newPrice(t.api, services, { service, quantityType: w.unit.Words, unitCost: 0.06 });
  p.serviceForClient = await newPrice(
    t.api,
    services,
    { service, quantityType: w.unit.Words, unitCost: 0.05, client: w.client.acme, matchesType: 'percentage' },
    [[w.match['100%']!, 0.3]],
  );
  // Not candidates for the job: another client's, another unit, another currency, another pair.
  p.otherClient = await newPrice(t.api, services, { service, quantityType: w.unit.Words, unitCost: 0.04, client: w.client.beta });
  p.pages = await newPrice(t.api, services, { service, quantityType: w.unit.Pages, unitCost: 9 });
  p.usd = await newPrice(t.api, services, { service, quantityType: w.unit.Words, unitCost: 0.08, currency: 'USD' });
  p.deFr = await newPrice(t.api, services, { service, quantityType: w.unit.Words, unitCost: 0.055, languagePair: w.pair.deFr });
  job = await newJob(t.api, jobParams(w, service, { name: 'Priced for suppliers' }));
});

describe('GET /v2/jobs/:id/supplier-prices', () => {
  it('answers the supplier prices of the four tiers, best first, in the applicable price shape', async () => {
    const reply = await t.api.get(path(), { supplierId: supplier });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(idsOf(reply.body)).toEqual(['serviceForClient', 'service', 'accountForClient', 'accountDefault']);
    expect(reply.body[0]).toEqual({
      id: p.serviceForClient,
      currency: EUR,
      matches: [{ id: w.match['100%'], name: '100%', percentage: 0.3, unitCost: 0.015 }],
      matchesType: 'percentage',
      type: 'supplier',
      unitCost: 0.05,
    });
    expect(reply.body[3]).toEqual({ id: p.accountDefault, currency: EUR, matches: [], matchesType: 'fixed', type: 'account', unitCost: 0.07 });
  });

  it('answers first the price that POST /v2/jobs/:id/outsourcing then takes with the same values', async () => {
    const [first] = (await t.api.get(path(), { supplierId: supplier })).body;
    const created = await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier });
    expect(created.status).toBe(200);
    const outsourcing = created.body.outsourcing.at(-1);
    expect(outsourcing.quantity).toMatchObject({ unitCost: first.unitCost, unitCostPriceReference: { id: first.id, type: first.type } });
    // Another supplier with nothing of its own takes the default supplier prices.
    const other = await newSupplier(t.api);
    expect(idsOf((await t.api.get(path(), { supplierId: other })).body)).toEqual(['accountForClient', 'accountDefault']);
  });

  it("replaces the job's service, unit, currency and language pair with the query parameters", async () => {
    const list = async (query: Record<string, string>) => idsOf((await t.api.get(path(), { supplierId: supplier, ...query })).body);
    expect(await list({ quantityTypeId: w.unit.Pages! })).toEqual(['pages']);
    expect(await list({ currency: 'USD' })).toEqual(['usd']);
    // A tier before the specificity: the client's service first, then the pair-specific unrestricted one.
    expect(await list({ languagePairId: w.pair.deFr })).toEqual(['serviceForClient', 'deFr', 'service', 'accountForClient', 'accountDefault']);
    expect(await list({ languagePairId: '' })).toEqual(['serviceForClient', 'service', 'accountForClient', 'accountDefault']);
    expect(await list({ serviceId: w.service.Translation! })).toEqual([]);
    expect(await list({ currency: 'JPY' })).toEqual([]);
  });

  it('answers 400 for a missing or invalid parameter, naming it', async () => {
    const missing = expectError(await t.api.get(path()), 400, 'parameter_missing');
    expect(missing.details?.[0]?.param).toBe('supplierId');
    const cases: Array<[string, string]> = [
      ['supplierId', 'bad'],
      ['supplierId', MISSING_ID],
      ['supplierId', w.other.supplier],
      ['serviceId', w.other.service],
      ['serviceId', MISSING_ID],
      ['quantityTypeId', w.other.unit],
      ['languagePairId', w.other.pair],
      ['currency', 'EU'],
    ];
    for (const [param, value] of cases) {
      const query = { supplierId: supplier, [param]: value };
      const error = expectError(await t.api.get(path(), query), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param, `${param}=${value}`).toBe(param);
    }
    expectError(await t.api.get(path(), { supplierId: supplier, clientId: w.client.beta }), 400, 'parameter_unknown');
  });

  it("answers 404 for an unknown job and another account's job", async () => {
    expectError(await t.api.get(`/v2/jobs/${MISSING_ID}/supplier-prices`, { supplierId: supplier }), 404, 'resource_missing');
    expectError(await t.otherApi.get(path(), { supplierId: w.other.supplier }), 404, 'resource_missing');
  });

  it('is read by every role: a viewer and a read-only key get the same answer as the owner', async () => {
    const viewer = (await t.api.post('/v2/users', { name: 'The viewer', role: 'viewer' })).body.id as string;
    const viewerApi = new Api(t.app, (await insertApiKey(t.database.db, t.account.accountId, viewer)).apiKey);
    const owner = (await t.api.get(path(), { supplierId: supplier })).body;
    const asViewer = await viewerApi.get(path(), { supplierId: supplier });
    expect(asViewer.status).toBe(200);
    expect(asViewer.body).toEqual(owner);
    const readOnly = await t.api.withKey(t.account.readKey).get(path(), { supplierId: supplier });
    expect(readOnly.body).toEqual(owner);
  });
});
