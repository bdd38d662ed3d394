import { describe, expect, it } from 'vitest';
import { MISSING_ID, expectError, type TestContext } from '../../helper.js';
import {
  ACCOUNT_CLIENT_PRICES,
  EUR,
  eventsOf,
  expectStoredAsAnswered,
  jobParams,
  newClient,
  newJob,
  newPrice,
  newService,
  worldPerFile,
  type World,
} from './fixture.js';

let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

const ID = expect.stringMatching(/^[0-9a-f]{24}$/);
const DATE = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const ref = (id: string, name: string) => ({ id, name });

describe('POST /v2/jobs', () => {
  it('creates a job with every default of docs/jobs.md#creation and the first applicable price, frozen into it (exact body)', async () => {
    const service = await newService(t.api, 'Exact');
    // A default price (second in docs/prices.md#which-price-applies order) and the client's own price (first), plus a price of the hours unit.
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 });
    const taken = await newPrice(
      t.api,
      `/v2/clients/${w.client.acme}/prices`,
      { service, quantityType: w.unit.Words, unitCost: 0.085, matchesType: 'percentage' },
      [
        [w.match['75-84%']!, 0.3],
        [w.match['100%']!, 0.25],
      ],
    );
    const hourly = await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Hours, unitCost: 45.5 });

    const reply = await t.api.post('/v2/jobs', { name: '  Manual  ', client: w.client.acme, quantity: 1234.5, quantityType: w.unit.Words, service });
    expect(reply.status).toBe(201);
    const totals = { amount: 104.93, discount: 0, total: 104.93 };
    const zero = { amount: 0, discount: 0, total: 0 };
    expect(reply.body).toEqual({
      id: ID,
      object: 'job',
      number: expect.stringMatching(/^J-\d{4}-\d{4,}$/),
      name: 'Manual',
      additionalInfo: null,
      applyMinimumFee: true,
      archive: false,
      client: ref(w.client.acme, 'Acme'),
      currency: EUR,
      deliveryDate: null,
      discount: 0,
      domain: null,
      dueDate: null,
      estimation: {
        currency: EUR,
        details: {
          currency: EUR,
          discount: { amount: 0, value: 0 },
          extraCharge: { amount: 0, percentage: 0, type: 'percentage' },
          matches: [],
          minimumFeeApplied: false,
          quantity: { quantityType: ref(w.unit.Words!, 'Words'), value: 1234.5 },
          service: { id: service, name: expect.stringContaining('Exact') },
          subtotal: 104.93,
          total: 104.93,
          totalDetails: { subtotal: totals, extraCharge: zero, total: 104.93 },
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
      externalReference: null,
      extraCharge: { amount: 0, percentage: 0, type: 'percentage' },
      files: [],
      fixedPrice: { amount: null, currency: EUR },
      group: null,
      isV2: true,
      labels: [],
      nonBillable: false,
      notes: [],
      outsourcing: [],
      pinned: false,
      progress: 0,
      projectManager: null,
      purchaseOrder: null,
      quantity: {
        catFile: { fileIds: [] },
        hasMatches: false,
        matches: [
          { id: w.match['75-84%'], name: '75-84%', percentage: 0.3, unitCost: 0.0255, value: 0 },
          { id: w.match['100%'], name: '100%', percentage: 0.25, unitCost: 0.02125, value: 0 },
        ],
        matchesType: 'percentage',
        timeBasedUnitCost: 45.5,
        timeBasedUnitCostPriceReference: { id: hourly, type: 'account' },
        unitCost: 0.085,
        unitCostPriceReference: { id: taken, type: 'client' },
        value: 1234.5,
      },
      quantityType: ref(w.unit.Words!, 'Words'),
      service: { id: service, name: expect.stringContaining('Exact') },
      startDate: null,
      status: 1,
      timeBasedInvoice: false,
      timeTrackers: { duration: 0, running: false, list: [] },
      user: ref(t.account.userId, 'Owner'),
      createdAt: DATE,
      updatedAt: DATE,
    });
    expect((await t.api.get(`/v2/jobs/${reply.body.id}`)).body).toEqual(reply.body);
  });

  it('takes unit cost 0, no price reference and no matches when no price applies', async () => {
    const service = await newService(t.api, 'Unpriced');
    const job = await newJob(t.api, jobParams(w, service, { quantity: 500 }));
    expect(job.quantity).toEqual({
      catFile: { fileIds: [] },
      hasMatches: false,
      matches: [],
      matchesType: 'fixed',
      timeBasedUnitCost: 0,
      unitCost: 0,
      value: 500,
    });
    expect(job.estimation.total).toBe(0);
    expect(job.estimation.details.subtotal).toBe(0);
  });

  it('defaults the currency to the client currency, takes an explicit one, and resolves prices in that currency', async () => {
    const service = await newService(t.api, 'Currency');
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 });
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.12, currency: 'USD' });
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 3.5, currency: 'JPY' });
    const dollarClient = await newClient(t.api, { currency: 'USD' });
    const inDollars = await newJob(t.api, jobParams(w, service, { client: dollarClient }));
    expect(inDollars.currency).toEqual({ code: 'USD', symbol: '$' });
    expect(inDollars.quantity.unitCost).toBe(0.12);
    expect(inDollars.estimation.total).toBe(120);
    expect(inDollars.fixedPrice).toEqual({ amount: null, currency: { code: 'USD', symbol: '$' } });
    const inYen = await newJob(t.api, jobParams(w, service, { client: dollarClient, currency: 'JPY', quantity: 1234.5 }));
    expect(inYen.currency).toEqual({ code: 'JPY', symbol: '¥' });
    expect(inYen.estimation.total).toBe(4321);
    expect((await newJob(t.api, jobParams(w, service))).quantity.unitCost).toBe(0.1);
  });

  it('takes every optional parameter of the specification (form body)', async () => {
    const service = await newService(t.api, 'Optional');
    const manager = (await t.api.post('/v2/users', { name: 'Paula PM' })).body.id;
    const job = await newJob(t.api, {
      ...jobParams(w, service),
      additionalInfo: 'Shown on the invoice',
      currency: 'EUR',
      domain: w.domain.legal,
      dueDate: '2030-05-01',
      externalReference: ' EXT-1 ',
      fixedPrice: 250.5,
      languagePair: w.pair.enFr,
      nonBillable: false,
      projectManager: manager,
      purchaseOrder: 'PO-7',
      startDate: '2030-04-01T08:30:00+02:00',
      timeBasedInvoice: false,
    });
    expect(job).toMatchObject({
      additionalInfo: 'Shown on the invoice',
      domain: { id: w.domain.legal, name: 'Legal' },
      dueDate: '2030-05-01T00:00:00.000Z',
      externalReference: 'EXT-1',
      fixedPrice: { amount: 250.5, currency: EUR },
      languagePair: { id: w.pair.enFr, source: { code: 'en', name: 'English' }, target: { code: 'fr', name: 'French' }, bidirectional: true },
      projectManager: { id: manager, name: 'Paula PM' },
      purchaseOrder: 'PO-7',
      startDate: '2030-04-01T06:30:00.000Z',
      timeBasedInvoice: false,
    });
    // A fixed price is the base amount (docs/estimation.md#1-base-amount), and no minimum fee applies to it.
    expect(job.estimation.total).toBe(250.5);
    expect(job.estimation.details.totalDetails.subtotal.amount).toBe(250.5);
  });

  it('takes JSON bodies, nulls for the nullable parameters, non-billable and time-based jobs', async () => {
    const service = await newService(t.api, 'Json');
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.2 });
    const reply = await t.api.post(
      '/v2/jobs',
      {
        ...jobParams(w, service),
        additionalInfo: null,
        domain: null,
        dueDate: null,
        externalReference: null,
        projectManager: null,
        purchaseOrder: null,
        startDate: null,
        timeBasedInvoice: null,
        nonBillable: true,
      },
      { json: true },
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      additionalInfo: null,
      domain: null,
      dueDate: null,
      externalReference: null,
      purchaseOrder: null,
      startDate: null,
      timeBasedInvoice: false,
      nonBillable: true,
    });
    // Non-billable: total 0, the breakdown still shows the value of the work (docs/estimation.md#3-minimum-fee-and-non-billable).
    expect(reply.body.estimation.total).toBe(0);
    expect(reply.body.estimation.details.subtotal).toBe(200);
    expect(reply.body.estimation.profitability.status).toBe('incorrectStatus');
    const timeBased = await newJob(t.api, jobParams(w, service, { timeBasedInvoice: true }));
    // No tracked time yet: 0 hours at the hourly rate.
    expect(timeBased.timeBasedInvoice).toBe(true);
    expect(timeBased.estimation.total).toBe(0);
    expect(timeBased.estimation.details.quantity.value).toBe(0);
  });

  it('answers 400 parameter_missing for each required parameter', async () => {
    const service = await newService(t.api);
    for (const param of ['name', 'client', 'quantity', 'quantityType', 'service']) {
      const params: Record<string, unknown> = jobParams(w, service);
      delete params[param];
      const error = expectError(await t.api.post('/v2/jobs', params as never), 400, 'parameter_missing');
      expect(error.details?.map((d) => d.param)).toContain(param);
    }
  });

  it('answers 400 parameter_unknown for parameters the create does not take', async () => {
    const service = await newService(t.api);
    for (const param of ['status', 'owner', 'progress', 'discount', 'unitCost', 'color']) {
      const error = expectError(await t.api.post('/v2/jobs', { ...jobParams(w, service), [param]: '1' }), 400, 'parameter_unknown');
      expect(error.details?.[0]?.param).toBe(param);
    }
  });

  it('answers 400 parameter_invalid for malformed values', async () => {
    const service = await newService(t.api);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'n'.repeat(256) }, 'name'],
      [{ quantity: -1 }, 'quantity'],
      [{ quantity: 'many' }, 'quantity'],
      [{ currency: 'EURO' }, 'currency'],
      [{ dueDate: 'tomorrow' }, 'dueDate'],
      [{ startDate: '2030-02-30' }, 'startDate'],
      [{ fixedPrice: -5 }, 'fixedPrice'],
      [{ nonBillable: 'perhaps' }, 'nonBillable'],
      [{ timeBasedInvoice: 'often' }, 'timeBasedInvoice'],
      [{ client: 'not-an-id' }, 'client'],
    ];
    for (const [params, param] of cases) {
      const error = expectError(await t.api.post('/v2/jobs', { ...jobParams(w, service), ...params }), 400, 'parameter_invalid');
      expect(error.details?.map((d) => d.param)).toContain(param);
    }
  });

  it("answers 400 for unknown, another account's or disabled referenced ids", async () => {
    const service = await newService(t.api);
    const disabledService = await newService(t.api, 'Disabled');
    await t.api.put(`/v2/account/services/${disabledService}`, { disabled: true });
    const otherUser = t.other.userId;
    const cases: Array<[string, string]> = [
      ['client', MISSING_ID],
      ['client', w.other.client],
      ['service', w.other.service],
      ['service', disabledService],
      ['quantityType', w.other.unit],
      ['quantityType', MISSING_ID],
      ['domain', w.other.domain],
      ['languagePair', w.other.pair],
      ['projectManager', otherUser],
      ['projectManager', MISSING_ID],
    ];
    for (const [param, value] of cases) {
      const error = expectError(await t.api.post('/v2/jobs', { ...jobParams(w, service), [param]: value }), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe(param);
    }
  });

  it('refuses writes with a read-only key (403) and records job.created with the full object', async () => {
    const service = await newService(t.api);
    expectError(await t.api.withKey(t.account.readKey).post('/v2/jobs', jobParams(w, service)), 403, 'forbidden');
    const job = await newJob(t.api, jobParams(w, service, { name: 'Evented' }));
    const events = (await eventsOf(t, 'job.created')) as Array<{ id: string }>;
    expect(events.filter((event) => event.id === job.id)).toEqual([job]);
  });
});

/**
 * A new job is answered from what the request stores, not read back: the answer and the event must
 * still be exactly the object built from the database afterwards (expectStoredAsAnswered).
 */

describe('POST /v2/jobs: the answer is the stored job', () => {
  it('with a price with match entries, a domain, a pair, a project manager, a client with a minimum fee', async () => {
    const service = await newService(t.api, 'Answered');
    await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 }, [
      [w.match['100%']!, 0.03],
      [w.match.Repetitions!, 0.02],
    ]);
    const client = await newClient(t.api, { currency: 'EUR', minimumFee: 500 });
    const manager = (await t.api.post('/v2/users', { name: 'Paula Manager', email: `pm-${Date.now()}@example.com` })).body.id as string;
    const reply = await t.api.post('/v2/jobs', jobParams(w, service, { client, languagePair: w.pair.enFr, domain: w.domain.legal, projectManager: manager }));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.quantity.matches.map((line: { name: string }) => line.name)).toEqual(['100%', 'Repetitions']);
    expect(reply.body.projectManager).toEqual({ id: manager, name: 'Paula Manager' });
    expect(reply.body.estimation.total).toBe(500); // 1000 words × 0.1 = 100, raised to the client's minimum fee
    await expectStoredAsAnswered(t, reply.body, 'job.created');
  });

  it('without any applicable price, and after the calling user was renamed (the owner under its new name)', async () => {
    const renamed = await t.api.put(`/v2/users/${t.account.userId}`, { name: `Renamed ${Date.now()}` });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const job = await newJob(t.api, jobParams(w, await newService(t.api, 'Unpriced')));
    expect(job.user).toEqual({ id: t.account.userId, name: renamed.body.name });
    expect(job.quantity.matches).toEqual([]);
    await expectStoredAsAnswered(t, job, 'job.created');
  });
});
