import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expectError, type TestContext } from '../../helper.js';
import { ACCOUNT_CLIENT_PRICES, jobParams, newClient, newJob, newPrice, newService, newSupplier, storedJob, worldPerFile, type World } from './fixture.js';
import { insertRate } from './rates-fixture.js';

/**
 * Profitability across currencies (docs/estimation.md#6-profitability-and-performance): a GBP
 * client's job (the account is in EUR) outsourced to a supplier priced in EUR only. The rates are
 * inserted in the database directly; the job's cached view follows every rate written.
 */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

const GBP = { code: 'GBP', symbol: '£' };
const EUR = { code: 'EUR', symbol: '€' };

/** A GBP job due 2030-05-01 of 1000 words at 0.1 GBP (100.00 GBP), and a supplier with a EUR price of 0.06/word only. */
async function scene() {
  const service = await newService(t.api, 'Across currencies');
  const client = await newClient(t.api, { currency: 'GBP' });
  await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1, currency: 'GBP' });
  const supplier = await newSupplier(t.api, { name: 'Euro Translator' });
  await newPrice(t.api, `/v2/suppliers/${supplier}/services`, { service, quantityType: w.unit.Words, unitCost: 0.06, currency: 'EUR' });
  const job = await newJob(t.api, jobParams(w, service, { client, dueDate: '2030-05-01' }));
  expect(job).toMatchObject({ currency: GBP, estimation: { total: 100 } });
  return { service, client, supplier, job };
}

const profitabilityOf = async (id: string) => {
  const reply = await t.api.get(`/v2/jobs/${id}`);
  expect(reply.status).toBe(200);
  return reply.body.estimation.profitability;
};

describe('POST /v2/jobs/:id/outsourcing: the currency of the supplier price when the job currency has none', () => {
  it('a GBP job, a supplier priced in EUR only: the outsourcing is in EUR at that price', async () => {
    const { supplier, job } = await scene();
    const reply = await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier });
    expect(reply.status).toBe(200);
    expect(reply.body.outsourcing[0]).toMatchObject({ currency: EUR, quantity: { unitCost: 0.06, value: 1000 }, total: 60 });
    expect(reply.body.outsourcing[0].quantity.unitCostPriceReference).toMatchObject({ type: 'supplier' });
    expect(reply.body.estimation.outsourcing.totals).toEqual([{ currency: EUR, total: 60 }]);
  });

  it('a currency given is kept: no price in it, the outsourcing is unpriced', async () => {
    const { supplier, job } = await scene();
    const reply = await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier, currency: 'GBP' });
    expect(reply.status).toBe(200);
    expect(reply.body.outsourcing[0]).toMatchObject({ currency: GBP, quantity: { unitCost: 0 }, total: 0 });
    expect(reply.body.estimation.profitability).toEqual({ status: 'unpriced', withMargin: { status: 'unpriced' } });
  });

  it('an unknown supplier is still refused (400)', async () => {
    const { job } = await scene();
    const reply = await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier: 'f'.repeat(24) });
    expectError(reply, 400, 'parameter_invalid');
  });
});

describe('GET /v2/jobs/:id: profitability converted with the rate of the job day', () => {
  it('no rate: noExchangeRate naming the currency and the day; a rate added later converts the cached view', async () => {
    const { supplier, job } = await scene();
    const outsourced = (await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier })).body;
    const missing = { status: 'noExchangeRate', withMargin: { status: 'noExchangeRate' }, missing: [{ currency: 'GBP', date: '2030-05-01' }] };
    expect(outsourced.estimation.profitability).toEqual(missing);
    expect(await profitabilityOf(job.id)).toEqual(missing); // now cached
    // A rate after the job day does not apply.
    await insertRate(t, 'GBP', '2030-05-02', '0.5');
    expect(await profitabilityOf(job.id)).toEqual(missing);
    // 1 EUR = 0.8 GBP on 2030-04-30: 100.00 GBP ÷ 0.8 = 125.00 EUR; cost 60.00 EUR; margin 65.00; 0.52
    const rateId = await insertRate(t, 'GBP', '2030-04-30', '0.8');
    const converted = {
      status: 'profitable',
      margin: 65,
      marginRate: 0.52,
      withMargin: { status: 'aboveTarget' },
      revenue: 125,
      cost: 60,
      currency: EUR,
      rates: [{ currency: 'GBP', date: '2030-04-30', rate: 0.8 }],
    };
    expect(await profitabilityOf(job.id)).toEqual(converted);
    expect((await storedJob(t, job.id)) as any).toMatchObject({ estimation: { profitability: converted } });
    // The rate changed (plain SQL: the trigger tells the cache): 100.00 ÷ 0.9 = 111.11; margin 51.11; 0.46
    await sql`update exchange_rates set rate = '0.9' where id = ${rateId}`.execute(t.database.db);
    expect(await profitabilityOf(job.id)).toMatchObject({ revenue: 111.11, margin: 51.11, marginRate: 0.46, rates: [{ rate: 0.9 }] });
    // Deleted: missing again.
    await sql`delete from exchange_rates where id = ${rateId}`.execute(t.database.db);
    expect(await profitabilityOf(job.id)).toEqual(missing);
  });

  it("another account's rates do not count", async () => {
    const { supplier, job } = await scene();
    await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier });
    await insertRate(t, 'GBP', '2030-01-01', '0.8', t.other.accountId);
    expect((await profitabilityOf(job.id)).status).toBe('noExchangeRate');
    expectError(await t.otherApi.get(`/v2/jobs/${job.id}`), 404, 'resource_missing');
  });

  it('everything in one currency needs no rate: figures in the job currency', async () => {
    const { job } = await scene();
    const priced = await newSupplier(t.api);
    const reply = await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier: priced, unitCost: 0.04, currency: 'GBP' });
    expect(reply.body.estimation.profitability).toEqual({
      status: 'profitable',
      margin: 60,
      marginRate: 0.6,
      withMargin: { status: 'aboveTarget' },
      revenue: 100,
      cost: 40,
      currency: GBP,
      rates: [],
    });
  });
});

describe('unpriced outsourcing', () => {
  it('a supplier without any price: unpriced (never a zero cost), until a price or a fixed price is given', async () => {
    const { job } = await scene();
    const unpriced = await newSupplier(t.api, { name: 'No prices' });
    const reply = await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier: unpriced });
    expect(reply.body.outsourcing[0]).toMatchObject({ currency: GBP, total: 0 });
    expect(reply.body.estimation.profitability).toEqual({ status: 'unpriced', withMargin: { status: 'unpriced' } });
    const id = reply.body.outsourcing[0].id as string;
    // A fixed price of 0: free, priced.
    const free = await t.api.put(`/v2/jobs/${job.id}/outsourcing/${id}`, { fixedPrice: 0 });
    expect(free.body.estimation.profitability).toMatchObject({ status: 'profitable', margin: 100, cost: 0 });
    // A unit cost given: priced.
    await t.api.put(`/v2/jobs/${job.id}/outsourcing/${id}`, { fixedPrice: null });
    expect(await profitabilityOf(job.id)).toMatchObject({ status: 'unpriced' });
    const costed = await t.api.put(`/v2/jobs/${job.id}/outsourcing/${id}`, { unitCost: 0.02 });
    expect(costed.body.estimation.profitability).toMatchObject({ status: 'profitable', cost: 20 });
    // Cancelled, an unpriced outsourcing does not count.
    const other = (await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier: unpriced })).body;
    expect(other.estimation.profitability.status).toBe('unpriced');
    const cancelled = await t.api.put(`/v2/jobs/${job.id}/outsourcing/${other.outsourcing[1].id}`, { status: 5 });
    expect(cancelled.body.estimation.profitability).toMatchObject({ status: 'profitable', cost: 20 });
  });
});
