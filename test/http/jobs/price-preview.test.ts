import { describe, expect, it } from 'vitest';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { Api, MISSING_ID, expectError, type TestContext } from '../../helper.js';
import { ACCOUNT_CLIENT_PRICES, EUR, USD, jobParams, newClient, newJob, newPrice, newService, worldPerFile, type World } from './fixture.js';

/**
 * GET /v2/jobs/price-preview (docs/jobs.md#price-preview): the price and estimation a new job would
 * take, from the same code as POST /v2/jobs, without writing anything.
 */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

const preview = (params: Record<string, unknown>, api: Api = t.api) => api.get('/v2/jobs/price-preview', params as never);

/** The preview, then the job created with the same parameters: the preview must be what the job took. */
async function previewThenCreate(params: Record<string, unknown>) {
  const reply = await preview(params);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const { name: _name, ...rest } = params;
  const job = await newJob(t.api, { name: 'Previewed', ...rest });
  expect(reply.body.quantity).toEqual(job.quantity);
  expect(reply.body.estimation).toEqual(job.estimation);
  expect(reply.body.currency).toEqual(job.currency);
  expect(reply.body.client).toEqual(job.client);
  return reply.body;
}

async function countOf(table: 'jobs' | 'events'): Promise<number> {
  return (await t.database.db.selectFrom(table).select('id').where('account_id', '=', t.account.accountId).execute()).length;
}

describe('GET /v2/jobs/price-preview', () => {
  it("answers the client's own price first, with its match entries, and the estimation the job then gets (exact body)", async () => {
    const service = await newService(t.api, 'Previewed');
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 });
    const taken = await newPrice(
      t.api,
      `/v2/clients/${w.client.acme}/prices`,
      { service, quantityType: w.unit.Words, unitCost: 0.085, matchesType: 'percentage' },
      [[w.match['100%']!, 0.25]],
    );
    const params = { client: w.client.acme, service, quantityType: w.unit.Words, quantity: 1234.5 };
    const [jobs, events] = [await countOf('jobs'), await countOf('events')];
    const reply = await preview(params);
    expect(reply.status).toBe(200);
    const amounts = { amount: 104.93, discount: 0, total: 104.93 };
    expect(reply.body).toEqual({
      object: 'job_price_preview',
      client: { id: w.client.acme, name: 'Acme' },
      currency: EUR,
      minimumFee: null,
      quantity: {
        catFile: { fileIds: [] },
        hasMatches: false,
        matches: [{ id: w.match['100%'], name: '100%', percentage: 0.25, unitCost: 0.02125, value: 0 }],
        matchesType: 'percentage',
        timeBasedUnitCost: 0,
        unitCost: 0.085,
        unitCostPriceReference: { id: taken, type: 'client' },
        value: 1234.5,
      },
      estimation: {
        currency: EUR,
        details: {
          currency: EUR,
          discount: { amount: 0, value: 0 },
          extraCharge: { amount: 0, percentage: 0, type: 'percentage' },
          matches: [],
          minimumFeeApplied: false,
          quantity: { quantityType: { id: w.unit.Words, name: 'Words' }, value: 1234.5 },
          service: { id: service, name: expect.stringContaining('Previewed') },
          subtotal: 104.93,
          total: 104.93,
          totalDetails: { subtotal: amounts, extraCharge: { amount: 0, discount: 0, total: 0 }, total: 104.93 },
          unitCost: 0.085,
        },
        isV2: true,
        outsourcing: { suppliers: [], totals: [] },
        performance: { status: 'noTimeTracked' },
        profitability: { status: 'noOutsourcing', withMargin: { status: 'noOutsourcing' } },
        total: 104.93,
        totalInvoiced: null,
        type: 'estimation',
      },
    });
    // Nothing was written.
    expect([await countOf('jobs'), await countOf('events')]).toEqual([jobs, events]);
    await previewThenCreate(params);
  });

  it("answers the account's default price for a client without prices of its own, with every creation parameter that counts", async () => {
    const service = await newService(t.api, 'Defaults');
    const account = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 });
    const legal = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.11, domain: w.domain.legal });
    const pair = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.12, languagePair: w.pair.enFr });
    const hourly = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Hours, unitCost: 40 });
    const base = { client: w.client.beta, service, quantityType: w.unit.Words, quantity: 1000 };

    const plain = await previewThenCreate(base);
    expect(plain.quantity.unitCostPriceReference).toEqual({ id: account, type: 'account' });
    expect(plain.quantity.timeBasedUnitCostPriceReference).toEqual({ id: hourly, type: 'account' });
    expect(plain.estimation.total).toBe(100);
    expect((await previewThenCreate({ ...base, domain: w.domain.legal })).quantity.unitCostPriceReference).toEqual({ id: legal, type: 'account' });
    expect((await previewThenCreate({ ...base, languagePair: w.pair.enFr })).estimation.total).toBe(120);
    expect((await previewThenCreate({ ...base, languagePair: w.pair.enFr })).quantity.unitCostPriceReference.id).toBe(pair);
    expect((await previewThenCreate({ ...base, fixedPrice: 70 })).estimation.total).toBe(70);
    expect((await previewThenCreate({ ...base, nonBillable: true })).estimation).toMatchObject({ total: 0, details: { subtotal: 100 } });
    expect((await previewThenCreate({ ...base, timeBasedInvoice: true })).estimation.total).toBe(0);
    // Empty values mean none, as on creation.
    expect((await preview({ ...base, domain: '', languagePair: '', fixedPrice: '' })).body.estimation.total).toBe(100);
  });

  it('answers unit cost 0 and no reference when no price applies (another currency), and the minimum fee of a client in the job currency', async () => {
    const service = await newService(t.api, 'Unpriced');
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 });
    const none = await previewThenCreate({ client: w.client.acme, service, quantityType: w.unit.Words, quantity: 500, currency: 'USD' });
    expect(none.currency).toEqual(USD);
    expect(none.quantity).toMatchObject({ unitCost: 0, matchesType: 'fixed', matches: [] });
    expect(none.quantity.unitCostPriceReference).toBeUndefined();
    expect(none.estimation.total).toBe(0);

    const small = await newClient(t.api, { currency: 'EUR', minimumFee: 45 });
    const fee = await previewThenCreate({ client: small, service, quantityType: w.unit.Words, quantity: 100 });
    expect(fee.minimumFee).toBe(45);
    expect(fee.estimation).toMatchObject({ total: 45, details: { subtotal: 10, minimumFeeApplied: true } });
    // In another currency than the client's, its minimum fee does not count.
    const usd = (await preview({ client: small, service, quantityType: w.unit.Words, quantity: 100, currency: 'USD' })).body;
    expect([usd.minimumFee, usd.estimation.details.minimumFeeApplied]).toEqual([null, false]);
  });

  it('answers 400 parameter_missing for each required parameter, naming it', async () => {
    const base = jobParams(w, w.service.Translation!) as Record<string, unknown>;
    delete base.name;
    for (const param of ['client', 'quantity', 'quantityType', 'service']) {
      const params = { ...base };
      delete params[param];
      const error = expectError(await preview(params), 400, 'parameter_missing');
      expect(error.details?.map((d) => d.param)).toContain(param);
    }
  });

  it('answers 400 parameter_invalid for malformed values, naming the parameter', async () => {
    const base = { client: w.client.acme, service: w.service.Translation, quantityType: w.unit.Words, quantity: 10 };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ quantity: -1 }, 'quantity'],
      [{ quantity: 'many' }, 'quantity'],
      [{ quantity: 2e12 }, 'quantity'],
      [{ currency: 'EURO' }, 'currency'],
      [{ fixedPrice: -5 }, 'fixedPrice'],
      [{ nonBillable: 'perhaps' }, 'nonBillable'],
      [{ timeBasedInvoice: 'often' }, 'timeBasedInvoice'],
      [{ client: 'not-an-id' }, 'client'],
    ];
    for (const [params, param] of cases) {
      const error = expectError(await preview({ ...base, ...params }), 400, 'parameter_invalid');
      expect(error.details?.map((d) => d.param)).toContain(param);
    }
    for (const param of ['name', 'dueDate', 'status', 'discount']) {
      const error = expectError(await preview({ ...base, [param]: '1' }), 400, 'parameter_unknown');
      expect(error.details?.[0]?.param).toBe(param);
    }
  });

  it("answers 400 on the parameter for unknown, another account's or disabled ids, as creation does", async () => {
    const disabled = await newService(t.api, 'Disabled preview');
    await t.api.put(`/v2/account/services/${disabled}`, { disabled: true });
    const base = { client: w.client.acme, service: w.service.Translation, quantityType: w.unit.Words, quantity: 10 };
    const cases: Array<[string, string]> = [
      ['client', MISSING_ID],
      ['client', w.other.client],
      ['service', w.other.service],
      ['service', disabled],
      ['quantityType', MISSING_ID],
      ['domain', w.other.domain],
      ['languagePair', w.other.pair],
    ];
    for (const [param, value] of cases) {
      const error = expectError(await preview({ ...base, [param]: value }), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe(param);
    }
    // The other account, asking about this account's client: the client is not one of its own.
    const other = expectError(await preview({ ...base, service: w.other.service, quantityType: w.other.unit }, t.otherApi), 400, 'parameter_invalid');
    expect(other.details?.[0]?.param).toBe('client');
  });

  it('is a read: a viewer and a read-only key may ask', async () => {
    const service = await newService(t.api, 'Viewer');
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.2 });
    const viewer = await t.api.post('/v2/users', { name: 'A viewer', role: 'viewer' });
    expect(viewer.status).toBe(201);
    const { apiKey } = await insertApiKey(t.database.db, t.account.accountId, viewer.body.id as string);
    const params = { client: w.client.acme, service, quantityType: w.unit.Words, quantity: 50 };
    for (const api of [new Api(t.app, apiKey), t.api.withKey(t.account.readKey)]) {
      const reply = await preview(params, api);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.estimation.total).toBe(10);
    }
    // The viewer may not create the job it previewed.
    expectError(await new Api(t.app, apiKey).post('/v2/jobs', { name: 'No', ...params }), 403, 'forbidden');
  });
});
