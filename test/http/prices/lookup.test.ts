import { describe, expect, it } from 'vitest';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { Api, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { worldPerFile, type World } from './fixture.js';

/** `GET /v2/account/prices/lookup` (docs/prices.md#price-look-up): which price applies, and why. */
let t: TestContext;
let w: World;
worldPerFile((app, world) => {
  t = app;
  w = world;
});

const LOOKUP = '/v2/account/prices/lookup';

const price = async (path: string, params: Record<string, unknown> = {}) => {
  const reply = await t.api.post(path, {
    currency: 'EUR',
    matchesType: 'fixed',
    quantityType: w.unit.Words,
    service: w.service.Translation,
    unitCost: 1,
    ...params,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.id as string;
};

const criteria = (extra: Record<string, string | undefined> = {}) =>
  Object.fromEntries(
    Object.entries({ service: w.service.Translation, quantityType: w.unit.Words, currency: 'EUR', ...extra }).filter(([, value]) => value !== undefined),
  ) as Record<string, string>;

describe('price look-up, client side', () => {
  it("answers the client's own price first, then the account's, with how each matched and its match rates", async () => {
    const client = w.client.acme;
    const own = await price(`/v2/clients/${client}/prices`, { unitCost: 0.2, languagePair: w.pair.enFr, matchesType: 'percentage' });
    await t.api.post(`/v2/clients/${client}/prices/${own}/match`, { match: w.match['100%'], percentage: 0.3 });
    const account = await price('/v2/account/prices/clients', { unitCost: 0.1, domain: w.domain.legal });
    await price('/v2/account/prices/clients', { unitCost: 0.5, currency: 'USD' }); // another currency: not applicable

    // fr→en on a bidirectional en↔fr price: reversed.
    const frEn = (await t.api.post('/v2/account/language-pairs', { source: 'fr', target: 'en' })).body.id as string;
    const reply = await t.api.get(LOOKUP, criteria({ for: 'client', client, languagePair: frEn, domain: w.domain.legal }));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.object).toBe('price_lookup');
    expect(reply.body.for).toBe('client');
    expect(reply.body.prices.map((entry: { price: { id: string } }) => entry.price.id)).toEqual([own, account]);
    const [first, second] = reply.body.prices;
    expect(first).toMatchObject({ type: 'client', restrictedToClient: false, specificity: 'languagePair', languagePairMatch: 'reversed', domainMatch: 'any' });
    expect(first.price).toMatchObject({ unitCost: 0.2, matchesType: 'percentage', service: { name: 'Translation' }, quantityType: { name: 'Words' } });
    expect(first.price.matches).toEqual([{ id: w.match['100%'], name: '100%', percentage: 0.3, unitCost: 0.06 }]);
    expect(second).toMatchObject({ type: 'account', specificity: 'domain', languagePairMatch: 'any', domainMatch: 'exact', price: { unitCost: 0.1 } });

    // The same order as the prices a job would take (applicablePrices, GET /v2/jobs/:id/prices).
    const withoutClient = await t.api.get(LOOKUP, criteria({ for: 'client', domain: w.domain.legal }));
    expect(withoutClient.body.prices.map((entry: { price: { id: string } }) => entry.price.id)).toEqual([account]);
  });

  it('answers an empty list when no price applies', async () => {
    const reply = await t.api.get(LOOKUP, criteria({ for: 'client', quantityType: w.unit.Pages }));
    expect(reply.status).toBe(200);
    expect(reply.body.prices).toEqual([]);
  });
});

describe('price look-up, supplier side', () => {
  it("orders the supplier's restricted services, its services, then the account's restricted and unrestricted prices", async () => {
    const supplier = w.supplier.bob;
    const client = w.client.beta;
    const services = `/v2/suppliers/${supplier}/services`;
    const defaults = '/v2/account/prices/suppliers';
    const accountAny = await price(defaults, { unitCost: 0.04, quantityType: w.unit.Characters });
    const accountRestricted = await price(defaults, { unitCost: 0.03, quantityType: w.unit.Characters, client });
    const service = await price(services, { unitCost: 0.02, quantityType: w.unit.Characters });
    const serviceRestricted = await price(services, { unitCost: 0.01, quantityType: w.unit.Characters, client });
    await price(services, { unitCost: 0.09, quantityType: w.unit.Characters, client: w.client.acme, domain: w.domain.legal }); // another client
    await price(services, { unitCost: 0.08, quantityType: w.unit.Characters, domain: w.domain.medical, hasPrice: false }); // no price

    const reply = await t.api.get(LOOKUP, criteria({ for: 'supplier', supplier, client, quantityType: w.unit.Characters, domain: w.domain.medical }));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.prices.map((entry: { price: { id: string } }) => entry.price.id)).toEqual([serviceRestricted, service, accountRestricted, accountAny]);
    expect(reply.body.prices.map((entry: { type: string; restrictedToClient: boolean }) => [entry.type, entry.restrictedToClient])).toEqual([
      ['supplier', true],
      ['supplier', false],
      ['account', true],
      ['account', false],
    ]);
    expect(reply.body.prices[0].price.client).toEqual({ id: client, name: 'Beta' });

    // Without the client: only unrestricted prices.
    const unrestricted = await t.api.get(LOOKUP, criteria({ for: 'supplier', supplier, quantityType: w.unit.Characters }));
    expect(unrestricted.body.prices.map((entry: { price: { id: string } }) => entry.price.id)).toEqual([service, accountAny]);
  });
});

describe('price look-up, validation and tenancy', () => {
  it('requires for, service, quantityType and currency, and the supplier on the supplier side only', async () => {
    const base = criteria({ for: 'client' });
    for (const param of ['for', 'service', 'quantityType', 'currency']) {
      const { [param]: _, ...rest } = base;
      expect(expectError(await t.api.get(LOOKUP, rest), 400, 'parameter_missing').details?.[0]?.param).toBe(param);
    }
    expect(expectError(await t.api.get(LOOKUP, criteria({ for: 'supplier' })), 400, 'parameter_missing').details?.[0]?.param).toBe('supplier');
    expect(expectError(await t.api.get(LOOKUP, criteria({ for: 'client', supplier: w.supplier.anna })), 400, 'parameter_invalid').details?.[0]?.param).toBe(
      'supplier',
    );
  });

  it('refuses bad values with 400', async () => {
    expectError(await t.api.get(LOOKUP, criteria({ for: 'someone' })), 400, 'parameter_invalid');
    expectError(await t.api.get(LOOKUP, criteria({ for: 'client', currency: 'EURO' })), 400, 'parameter_invalid');
    expectError(await t.api.get(LOOKUP, criteria({ for: 'client', service: 'nope' })), 400, 'parameter_invalid');
    expectError(await t.api.get(LOOKUP, { ...criteria({ for: 'client' }), extra: '1' }), 400, 'parameter_unknown');
  });

  it("refuses unknown ids and another account's ids as 400 parameter_invalid, naming the parameter", async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['client', { client: MISSING_ID }],
      ['client', { client: w.other.client }],
      ['service', { service: w.other.service }],
      ['quantityType', { quantityType: w.other.unit }],
      ['domain', { domain: w.other.domain }],
      ['languagePair', { languagePair: w.other.pair }],
    ];
    for (const [param, extra] of cases) {
      const error = expectError(await t.api.get(LOOKUP, criteria({ for: 'client', ...extra })), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param, JSON.stringify(extra)).toBe(param);
    }
    for (const supplier of [MISSING_ID, w.other.supplier]) {
      const error = expectError(await t.api.get(LOOKUP, criteria({ for: 'supplier', supplier })), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe('supplier');
    }
  });

  it("never answers another account's prices", async () => {
    const mine = await price('/v2/account/prices/clients', { unitCost: 0.7, quantityType: w.unit.Hours });
    const theirs = await t.otherApi.get(LOOKUP, { for: 'client', service: w.other.service, quantityType: w.other.unit, currency: 'EUR' });
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.body)).not.toContain(mine);
  });

  it('is read by every role: a viewer and a read-only key get the same answer as the owner', async () => {
    await price('/v2/account/prices/clients', { unitCost: 0.6, quantityType: w.unit.Pages, domain: w.domain.medical });
    const query = criteria({ for: 'client', quantityType: w.unit.Pages, domain: w.domain.medical });
    const viewer = (await t.api.post('/v2/users', { name: 'The viewer', role: 'viewer' })).body.id as string;
    const viewerApi = new Api(t.app, (await insertApiKey(t.database.db, t.account.accountId, viewer)).apiKey);
    const owner = await t.api.get(LOOKUP, query);
    expect(owner.body.prices).toHaveLength(1);
    const asViewer = await viewerApi.get(LOOKUP, query);
    expect(asViewer.status).toBe(200);
    expect(asViewer.body).toEqual(owner.body);
    expect((await t.api.withKey(t.account.readKey).get(LOOKUP, query)).body).toEqual(owner.body);
  });
});
