import { describe, expect, it } from 'vitest';
import { MISSING_ID, expectError, type TestContext } from '../../helper.js';
import {
  ACCOUNT_CLIENT_PRICES,
  ACCOUNT_SUPPLIER_PRICES,
  EUR,
  eventsOf,
  jobParams,
  newJob,
  newPrice,
  newService,
  newSupplier,
  worldPerFile,
  type World,
} from '../jobs/fixture.js';

/** Outsourcing of a job (docs/jobs.md#outsourcing, docs/estimation.md). */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

const ID = expect.stringMatching(/^[0-9a-f]{24}$/);
const DATE = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const base = (id: string) => `/v2/jobs/${id}/outsourcing`;

/** A job at 0.1/word (1000 words: 100.00) with a supplier whose prices are set per test. */
async function scene(extra: Record<string, unknown> = {}) {
  const service = await newService(t.api, 'Outsourced');
  await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 }, [[w.match['100%']!, 0.03]]);
  const supplier = await newSupplier(t.api, { name: 'Anna Translator' });
  const job = await newJob(
    t.api,
    jobParams(w, service, { name: 'Outsourced job', languagePair: w.pair.enFr, dueDate: '2030-05-01', startDate: '2030-04-01', ...extra }),
  );
  return { service, supplier, job };
}

describe('POST /v2/jobs/:id/outsourcing', () => {
  it("defaults to the job's values and the supplier price of docs/prices.md#which-price-applies, answers the job (200) with its estimation following", async () => {
    const { service, supplier, job } = await scene();
    // docs/prices.md#which-price-applies order: the supplier's service restricted to the job's client comes before its general one and the defaults.
    await newPrice(t.api, ACCOUNT_SUPPLIER_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.07 });
    await newPrice(t.api, `/v2/suppliers/${supplier}/services`, { service, quantityType: w.unit.Words, unitCost: 0.06 });
    const taken = await newPrice(t.api, `/v2/suppliers/${supplier}/services`, { service, quantityType: w.unit.Words, unitCost: 0.05, client: w.client.acme });
    const reply = await t.api.post(base(job.id), { supplier });
    expect(reply.status).toBe(200);
    expect(reply.body.id).toBe(job.id);
    expect(reply.body.outsourcing).toEqual([
      {
        id: ID,
        name: 'Outsourced job',
        supplier: { id: supplier, name: 'Anna Translator' },
        service: job.service,
        quantityType: { id: w.unit.Words, name: 'Words' },
        languagePair: job.languagePair,
        quantity: {
          catFile: { fileIds: [] },
          hasMatches: false,
          matches: [],
          matchesType: 'fixed',
          unitCost: 0.05,
          unitCostPriceReference: { id: taken, type: 'supplier' },
          value: 1000,
        },
        currency: EUR,
        discount: 0,
        extraCharge: { amount: 0, percentage: 0, type: 'percentage' },
        fixedPrice: { amount: null, currency: EUR },
        // A day before the client's due date (docs/jobs.md#outsourcing).
        dueDate: '2030-04-30T00:00:00.000Z',
        startDate: '2030-04-01T00:00:00.000Z',
        deliveryDate: null,
        status: 1,
        subtotal: 50,
        total: 50,
        totalDetails: { subtotal: { amount: 50, discount: 0, total: 50 }, extraCharge: { amount: 0, discount: 0, total: 0 }, total: 50 },
        notes: [],
        // The client price has a 100% entry (0.03), the supplier's none: its words would be paid in full (docs/estimation.md#margin-warnings).
        warnings: [{ code: 'supplierPriceLacksMatch', match: { id: w.match['100%'], name: '100%' }, clientRate: 0.03, supplierRate: 0.05, quantity: 0 }],
        // The supplier portal, off (docs/jobs.md#portal; test/http/outsourcing/portal.test.ts).
        portal: {
          enabled: false,
          reference: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          instructions: null,
          checklist: [],
          confirm: { enabled: false, generatePurchaseOrderOnAcceptation: false, status: null, acceptedDate: null, comment: null },
          sentDate: null,
          sentDateStatus: null,
          doneDate: null,
          supplierComments: null,
          uploadFileOnGroup: false,
        },
        createdAt: DATE,
        updatedAt: DATE,
      },
    ]);
    expect(reply.body.estimation).toMatchObject({
      total: 100,
      outsourcing: { suppliers: [{ id: supplier, name: 'Anna Translator' }], totals: [{ currency: EUR, total: 50 }] },
      profitability: { status: 'profitable', margin: 50, marginRate: 0.5, withMargin: { status: 'aboveTarget' } },
    });
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body).toEqual(reply.body);
    const events = (await eventsOf(t, 'job.updated')) as Array<{ id: string }>;
    expect(events.filter((event) => event.id === job.id)).toEqual([reply.body]);
  });

  it('takes every optional parameter; amounts by the job rules without minimum fee (docs/estimation.md#5-outsourcing)', async () => {
    const { supplier, job } = await scene();
    const other = await newService(t.api, 'Outsourced other');
    const reply = await t.api.post(base(job.id), {
      supplier,
      name: 'Part one',
      service: other,
      quantity: 333,
      quantityType: w.unit.Pages,
      languagePair: '',
      currency: 'USD',
      unitCost: 0.125,
      dueDate: '2030-06-01',
      startDate: null,
      discount: 0.1,
    });
    expect(reply.status).toBe(200);
    const item = reply.body.outsourcing[0];
    expect(item).toMatchObject({
      name: 'Part one',
      service: { id: other },
      quantityType: { id: w.unit.Pages, name: 'Pages' },
      quantity: { unitCost: 0.125, value: 333, hasMatches: false },
      currency: { code: 'USD', symbol: '$' },
      discount: 0.1,
      dueDate: '2030-06-01T00:00:00.000Z',
      startDate: null,
      // 333 × 0.125 = 41.625 → 41.63; discount 4.163 → 4.16
      subtotal: 41.63,
      totalDetails: { subtotal: { amount: 41.63, discount: 4.16, total: 37.47 }, total: 37.47 },
      total: 37.47,
    });
    expect(item).not.toHaveProperty('languagePair');
    expect(item.quantity).not.toHaveProperty('unitCostPriceReference');
    // An outsourcing in another currency: converted with the rate of the job's day, none here
    // (docs/estimation.md#6-profitability-and-performance).
    expect(reply.body.estimation.outsourcing.totals).toEqual([{ currency: { code: 'USD', symbol: '$' }, total: 37.47 }]);
    expect(reply.body.estimation.profitability).toMatchObject({ status: 'noExchangeRate', missing: [{ currency: 'USD', date: job.dueDate.slice(0, 10) }] });
    const fixed = (await t.api.post(base(job.id), { supplier, fixedPrice: 12.5, quantity: 1 }, { json: true })).body.outsourcing[1];
    expect(fixed).toMatchObject({ fixedPrice: { amount: 12.5, currency: EUR }, total: 12.5 });
  });

  it("copies the job's match lines with the supplier's rates when no quantity is sent", async () => {
    const { service, supplier, job } = await scene();
    await newPrice(t.api, `/v2/suppliers/${supplier}/services`, { service, quantityType: w.unit.Words, unitCost: 0.05 }, [[w.match['100%']!, 0.01]]);
    await t.api.put(`/v2/jobs/${job.id}/price`, {
      matches: [
        { id: w.match['100%'], value: 600 },
        { id: w.match['No match'], value: 400 },
      ],
    });
    const item = (await t.api.post(base(job.id), { supplier })).body.outsourcing[0];
    expect(item.quantity).toMatchObject({
      hasMatches: true,
      value: 1000,
      matches: [
        { id: w.match['100%'], name: '100%', unitCost: 0.01, value: 600 },
        { id: w.match['No match'], name: 'No match', unitCost: 0.05, percentage: 1, value: 400 },
      ],
    });
    expect(item.total).toBe(26); // 6 + 20
  });

  it('validates its parameters', async () => {
    const { supplier, job } = await scene();
    expectError(await t.api.post(base(job.id), {}), 400, 'parameter_missing');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ supplier: MISSING_ID }, 'supplier'],
      [{ supplier: w.other.supplier }, 'supplier'],
      [{ supplier: 'bad' }, 'supplier'],
      [{ supplier, service: w.other.service }, 'service'],
      [{ supplier, quantityType: w.other.unit }, 'quantityType'],
      [{ supplier, languagePair: w.other.pair }, 'languagePair'],
      [{ supplier, discount: 2 }, 'discount'],
      [{ supplier, quantity: -1 }, 'quantity'],
      [{ supplier, unitCost: -0.1 }, 'unitCost'],
      [{ supplier, currency: 'EURO' }, 'currency'],
      [{ supplier, dueDate: 'later' }, 'dueDate'],
      [{ supplier, name: '' }, 'name'],
    ];
    for (const [params, param] of cases) {
      const error = expectError(await t.api.post(base(job.id), params as never), 400, 'parameter_invalid');
      expect(error.details?.map((d) => d.param)).toContain(param);
    }
    expectError(await t.api.post(base(job.id), { supplier, status: 2 }), 400, 'parameter_unknown');
    expectError(await t.api.post(base(MISSING_ID), { supplier }), 404, 'resource_missing');
    expectError(await t.otherApi.post(base(job.id), { supplier: w.other.supplier }), 404, 'resource_missing');
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body.outsourcing).toEqual([]);
  });
});

describe('PUT and DELETE /v2/jobs/:id/outsourcing/:outsourcingId', () => {
  it('updates parameters and status (1..6) with side effects; cancelled outsourcing leaves the estimation', async () => {
    const { service, supplier, job } = await scene();
    await newPrice(t.api, `/v2/suppliers/${supplier}/services`, { service, quantityType: w.unit.Words, unitCost: 0.04 });
    const created = (await t.api.post(base(job.id), { supplier })).body.outsourcing[0];
    const path = `${base(job.id)}/${created.id}`;
    let body = (await t.api.put(path, { name: 'Renamed part', quantity: 500, discount: 0.5 })).body;
    expect(body.outsourcing[0]).toMatchObject({ name: 'Renamed part', quantity: { value: 500, unitCost: 0.04 }, total: 10 });
    expect(body.estimation.profitability).toMatchObject({ status: 'profitable', margin: 90, marginRate: 0.9 });
    body = (await t.api.put(path, { status: 2 })).body;
    expect(body.outsourcing[0].startDate).toBe('2030-04-01T00:00:00.000Z');
    body = (await t.api.put(path, { status: 4 })).body;
    expect(body.outsourcing[0]).toMatchObject({ status: 4, deliveryDate: DATE });
    body = (await t.api.put(path, { status: 5 })).body;
    expect(body.outsourcing[0].status).toBe(5);
    expect(body.estimation.outsourcing).toEqual({ suppliers: [], totals: [] });
    expect(body.estimation.profitability.status).toBe('noOutsourcing');
    for (const status of [6, 3, 1]) expect((await t.api.put(path, { status })).body.outsourcing[0].status).toBe(status);
    expectError(await t.api.put(path, { status: 7 }), 400, 'parameter_invalid');
    expectError(await t.api.put(path, { color: 'red' }), 400, 'parameter_unknown');
  });

  it('takes the supplier price again when the supplier changes, unless a unit cost is sent', async () => {
    const { service, supplier, job } = await scene();
    const second = await newSupplier(t.api, { name: 'Bruno' });
    await newPrice(t.api, `/v2/suppliers/${supplier}/services`, { service, quantityType: w.unit.Words, unitCost: 0.04 });
    const brunoPrice = await newPrice(t.api, `/v2/suppliers/${second}/services`, { service, quantityType: w.unit.Words, unitCost: 0.03 });
    const created = (await t.api.post(base(job.id), { supplier })).body.outsourcing[0];
    const path = `${base(job.id)}/${created.id}`;
    let item = (await t.api.put(path, { supplier: second })).body.outsourcing[0];
    expect(item).toMatchObject({
      supplier: { id: second, name: 'Bruno' },
      quantity: { unitCost: 0.03, unitCostPriceReference: { id: brunoPrice, type: 'supplier' } },
      total: 30,
    });
    item = (await t.api.put(path, { unitCost: 0.035 })).body.outsourcing[0];
    expect(item.total).toBe(35);
    item = (await t.api.put(path, { supplier, unitCost: 0.02 })).body.outsourcing[0];
    expect(item.quantity.unitCost).toBe(0.02);
    // The supplier reference follows renames.
    await t.api.put(`/v2/suppliers/${supplier}`, { name: 'Anna Renamed' });
    const job2 = (await t.api.get(`/v2/jobs/${job.id}`)).body;
    expect(job2.outsourcing[0].supplier.name).toBe('Anna Renamed');
    expect(job2.estimation.outsourcing.suppliers).toEqual([{ id: supplier, name: 'Anna Renamed' }]);
  });

  it('withMargin follows the account target margin', async () => {
    const { service, supplier, job } = await scene();
    await newPrice(t.api, `/v2/suppliers/${supplier}/services`, { service, quantityType: w.unit.Words, unitCost: 0.06 });
    const body = (await t.api.post(base(job.id), { supplier })).body;
    expect(body.estimation.profitability).toEqual({
      status: 'profitable',
      margin: 40,
      marginRate: 0.4,
      withMargin: { status: 'aboveTarget' },
      revenue: 100,
      cost: 60,
      currency: EUR,
      rates: [],
    });
    await t.api.put('/v2/account', { targetMargin: 0.5 });
    expect((await t.api.get(`/v2/jobs/${job.id}`)).body.estimation.profitability.withMargin.status).toBe('belowTarget');
    await t.api.put('/v2/account', { targetMargin: 0.3 });
  });

  it("deletes an outsourcing, answering the job; 404 for another job's, a missing or malformed outsourcing", async () => {
    const { supplier, job } = await scene();
    const other = await scene();
    const created = (await t.api.post(base(job.id), { supplier, unitCost: 0.05 })).body.outsourcing[0];
    const theirs = (await t.api.post(base(other.job.id), { supplier: other.supplier })).body.outsourcing[0];
    expectError(await t.api.delete(`${base(job.id)}/${theirs.id}`), 404, 'resource_missing');
    expectError(await t.api.put(`${base(job.id)}/${theirs.id}`, { name: 'x' }), 404, 'resource_missing');
    expectError(await t.api.delete(`${base(job.id)}/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await t.api.delete(`${base(job.id)}/nope`), 404, 'resource_missing');
    expectError(await t.otherApi.delete(`${base(job.id)}/${created.id}`), 404, 'resource_missing');
    const reply = await t.api.delete(`${base(job.id)}/${created.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body.outsourcing).toEqual([]);
    expect(reply.body.estimation.outsourcing).toEqual({ suppliers: [], totals: [] });
    expectError(await t.api.delete(`${base(job.id)}/${created.id}`), 404, 'resource_missing');
    expect((await t.api.get(`/v2/jobs/${other.job.id}`)).body.outsourcing).toHaveLength(1);
  });
});
