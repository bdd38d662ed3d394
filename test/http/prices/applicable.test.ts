import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../../src/core/context.js';
import { applicablePrices } from '../../../src/modules/prices/index.js';
import { createTestApp, type TestContext } from '../../helper.js';
import { buildWorld, insertParty, type World } from './fixture.js';

/** The service-level resolution that jobs and outsourcing use (docs/prices.md#which-price-applies), on real rows. */
let t: TestContext;
let w: World;
let ctx: Ctx;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  ctx = { db: t.database.db, dialect: t.database.dialect, accountId: t.account.accountId, userId: t.account.userId };
});
afterAll(async () => {
  await t.close();
});

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

describe('applicable prices of a job (client side, docs/prices.md#which-price-applies)', () => {
  it('orders client prices before default client prices, by specificity, in the Applicable price shape', async () => {
    const client = await insertParty(t, 'clients', t.account.accountId, 'Resolver client');
    const other = await insertParty(t, 'clients', t.account.accountId, 'Someone else');
    const mine = `/v2/clients/${client}/prices`;
    const defaults = '/v2/account/prices/clients';
    const cNone = await price(mine, { unitCost: 0.1 });
    const cBoth = await price(mine, { unitCost: 0.2, languagePair: w.pair.enFr, domain: w.domain.legal, matchesType: 'percentage' });
    const cDomain = await price(mine, { unitCost: 0.3, domain: w.domain.legal });
    const aPair = await price(defaults, { unitCost: 0.4, languagePair: w.pair.enFr });
    const aNone = await price(defaults, { unitCost: 0.5 });
    await price(defaults, { unitCost: 0.6, domain: w.domain.medical }); // another domain
    await price(defaults, { unitCost: 0.7, languagePair: w.pair.deFr }); // another pair
    await price(defaults, { unitCost: 0.8, currency: 'USD' }); // another currency
    await price(defaults, { unitCost: 0.9, quantityType: w.unit.Pages }); // another unit
    await price(`/v2/clients/${other}/prices`, { unitCost: 1.1 }); // another client
    await price('/v2/account/prices/suppliers', { unitCost: 1.2 }); // the supplier side
    await t.api.post(`${mine}/${cBoth}/match`, { match: w.match['100%'], percentage: 0.25 });

    const query = {
      clientId: client,
      serviceId: w.service.Translation!,
      unitId: w.unit.Words!,
      currency: 'EUR',
      languagePairId: w.pair.enFr,
      domainId: w.domain.legal,
    };
    const result = await applicablePrices.forClient(ctx, query);
    expect(result.map((p) => p.id)).toEqual([cBoth, cDomain, cNone, aPair, aNone]);
    expect(result[0]).toEqual({
      id: cBoth,
      currency: { code: 'EUR', symbol: '€' },
      matches: [{ id: w.match['100%'], name: '100%', percentage: 0.25, unitCost: 0.05 }],
      matchesType: 'percentage',
      type: 'client',
      unitCost: 0.2,
    });
    expect(result.map((p) => p.type)).toEqual(['client', 'client', 'client', 'account', 'account']);

    // the reversed direction of a bidirectional pair matches; without pair or domain only the general prices do
    const reversed = await t.api.post('/v2/account/language-pairs', { source: 'fr', target: 'en' });
    expect((await applicablePrices.forClient(ctx, { ...query, languagePairId: reversed.body.id, domainId: null })).map((p) => p.id)).toEqual([
      cNone,
      aPair,
      aNone,
    ]);
    expect((await applicablePrices.forClient(ctx, { ...query, clientId: null, languagePairId: null, domainId: null })).map((p) => p.id)).toEqual([aNone]);
  });
});

describe('applicable prices of an outsourcing (supplier side, docs/prices.md#which-price-applies)', () => {
  it('orders the supplier’s restricted and unrestricted services, then restricted and unrestricted defaults; skips services without price', async () => {
    const supplier = await insertParty(t, 'suppliers', t.account.accountId, 'Resolver supplier');
    const client = w.client.acme;
    const services = `/v2/suppliers/${supplier}/services`;
    const defaults = '/v2/account/prices/suppliers';
    const unit = w.unit.Characters;
    const sRestricted = await price(services, { quantityType: unit, client, unitCost: 0.01 });
    const sGeneralPair = await price(services, { quantityType: unit, unitCost: 0.02, languagePair: w.pair.enFr });
    const sGeneral = await price(services, { quantityType: unit, unitCost: 0.03 });
    await price(services, { quantityType: unit, unitCost: 0.04, domain: w.domain.legal, hasPrice: false });
    await price(services, { quantityType: unit, unitCost: 0.05, client: w.client.beta, domain: w.domain.legal });
    const dRestricted = await price(defaults, { quantityType: unit, client, unitCost: 0.06 });
    const dGeneral = await price(defaults, { quantityType: unit, unitCost: 0.07 });
    await price(defaults, { quantityType: unit, client: w.client.beta, unitCost: 0.08 });
    await price(`/v2/suppliers/${w.supplier.bob}/services`, { quantityType: unit, unitCost: 0.09 });
    await price('/v2/account/prices/clients', { quantityType: unit, unitCost: 0.1 });

    const query = {
      supplierId: supplier,
      clientId: client,
      serviceId: w.service.Translation!,
      unitId: unit!,
      currency: 'EUR',
      languagePairId: w.pair.enFr,
      domainId: w.domain.legal,
    };
    const result = await applicablePrices.forSupplier(ctx, query);
    expect(result.map((p) => p.id)).toEqual([sRestricted, sGeneralPair, sGeneral, dRestricted, dGeneral]);
    expect(result.map((p) => p.type)).toEqual(['supplier', 'supplier', 'supplier', 'account', 'account']);
    expect(result[3]).toEqual({ id: dRestricted, currency: { code: 'EUR', symbol: '€' }, matches: [], matchesType: 'fixed', type: 'account', unitCost: 0.06 });
    expect((await applicablePrices.forSupplier(ctx, { ...query, clientId: null })).map((p) => p.id)).toEqual([sGeneralPair, sGeneral, dGeneral]);
  });
});
