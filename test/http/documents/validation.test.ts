import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, createTestApp, expectError, type TestContext } from '../../helper.js';
import { docWorld, fixedJob, job, type DocWorld } from './fixture.js';

/** Quotes and purchase orders: parameter validation, read-only keys, whole bodies, job refusals. */
let t: TestContext;
let w: DocWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await docWorld(t.api);
});
afterAll(() => t.close());

const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ID = /^[0-9a-f]{24}$/;

function paramOf(error: { details?: Array<{ param: string }> }): string | undefined {
  return error.details?.[0]?.param;
}

async function outsourcingOf(jobId: string, fixedPrice: number): Promise<string> {
  const reply = await t.api.post(`/v2/jobs/${jobId}/outsourcing`, { supplier: w.supplier, fixedPrice });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.outsourcing.at(-1).id;
}

describe('quote parameters', () => {
  it('create: missing client, unknown parameters, invalid values (form and JSON)', async () => {
    expect(paramOf(expectError(await t.api.post('/v2/quotes', {}), 400, 'parameter_missing'))).toBe('client');
    expectError(await t.api.post('/v2/quotes', { validityDate: '2025-01-01' }), 400, 'parameter_missing');
    expectError(await t.api.post('/v2/quotes', { client: w.client, foo: 1 }), 400, 'parameter_unknown');
    expectError(await t.api.post('/v2/quotes', { client: w.client, supplier: w.supplier }), 400, 'parameter_unknown');
    expectError(await t.api.post('/v2/quotes', { client: w.client, outsourcing: [MISSING_ID] }), 400, 'parameter_unknown');
    expectError(
      await t.api.post('/v2/quotes', { client: w.client, lines: [{ description: 'x', quantity: 1, unitCost: 1, foo: 2 }] }),
      400,
      'parameter_unknown',
    );
    const invalid: Array<[string, unknown]> = [
      ['validityDate', 'nope'],
      ['issueDate', '2025-13-45'],
      ['dueDate', 'tomorrow'],
      ['discount', 'abc'],
      ['discount', 1.5],
      ['discount', -0.1],
      ['paymentTerms', 1.5],
      ['paymentTerms', -1],
      ['currency', 'EURO'],
      ['applyVATReverseCharge', 'maybe'],
      ['archive', 'perhaps'],
      ['tax1', MISSING_ID],
      ['tax2', 'not-an-id'],
    ];
    for (const [param, value] of invalid) {
      const error = expectError(await t.api.post('/v2/quotes', { client: w.client, [param]: value as never }), 400, 'parameter_invalid');
      expect(paramOf(error), `${param}=${String(value)}`).toBe(param);
    }
    expectError(await t.api.post('/v2/quotes', { client: 'nope' }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/quotes', { client: MISSING_ID }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/quotes', { client: w.client, jobs: [MISSING_ID] }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/quotes', { client: w.client, lines: [{ description: 'x', quantity: 1 }] }), 400, 'parameter_missing');
    expectError(await t.api.post('/v2/quotes', { client: w.client, lines: [{ description: 'x', quantity: 'one', unitCost: 1 }] }), 400, 'parameter_invalid');
    expectError(
      await t.api.post('/v2/quotes', { client: w.client, lines: [{ description: 'x', quantity: 1, unitCost: 1, quantityType: MISSING_ID }] }),
      400,
      'parameter_invalid',
    );
    // JSON bodies are not coerced.
    expectError(await t.api.post('/v2/quotes', { client: w.client, discount: '0.1' }, { json: true }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/quotes', { client: w.client, pinned: 'true' }, { json: true }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/quotes', { client: w.client, jobs: MISSING_ID }, { json: true }), 400, 'parameter_invalid');
    // The other account's client and tax are unknown here.
    const other = await docWorld(t.otherApi);
    expectError(await t.api.post('/v2/quotes', { client: other.client }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/quotes', { client: w.client, tax1: other.vat }), 400, 'parameter_invalid');
    expect((await t.api.get('/v2/quotes', { client: [w.client] })).body.totalItems).toBe(0);
  });

  it('update: unknown parameters (the party, jobs), invalid values; nothing is changed', async () => {
    const quote = (await t.api.post('/v2/quotes', { client: w.client })).body;
    expectError(await t.api.put(`/v2/quotes/${quote.id}`, { foo: 1 }), 400, 'parameter_unknown');
    expectError(await t.api.put(`/v2/quotes/${quote.id}`, { client: w.otherClient }), 400, 'parameter_unknown');
    expectError(await t.api.put(`/v2/quotes/${quote.id}`, { jobs: [MISSING_ID] }), 400, 'parameter_unknown');
    expectError(await t.api.put(`/v2/quotes/${quote.id}`, { lines: [{ description: 'x', quantity: 1, unitCost: 1 }] }), 400, 'parameter_unknown');
    for (const [param, value] of [
      ['validityDate', 'nope'],
      ['discount', 2],
      ['paymentTerms', 'ten'],
      ['currency', '12'],
      ['tax1', MISSING_ID],
      ['pinned', 'sometimes'],
    ] as const) {
      const error = expectError(await t.api.put(`/v2/quotes/${quote.id}`, { [param]: value }), 400, 'parameter_invalid');
      expect(paramOf(error), param).toBe(param);
    }
    expectError(await t.api.put(`/v2/quotes/${quote.id}`, { discount: '0.5' }, { json: true }), 400, 'parameter_invalid');
    expect((await t.api.get(`/v2/quotes/${quote.id}`)).body).toEqual(quote);
  });
});

describe('purchase order parameters', () => {
  it('create: missing supplier, unknown parameters, invalid values', async () => {
    expect(paramOf(expectError(await t.api.post('/v2/purchase-orders', {}), 400, 'parameter_missing'))).toBe('supplier');
    expectError(await t.api.post('/v2/purchase-orders', { client: w.client }), 400, 'parameter_unknown');
    expectError(await t.api.post('/v2/purchase-orders', { supplier: w.supplier, jobs: [MISSING_ID] }), 400, 'parameter_unknown');
    expectError(await t.api.post('/v2/purchase-orders', { supplier: w.supplier, validityDate: '2025-01-01' }), 400, 'parameter_unknown');
    expectError(await t.api.post('/v2/purchase-orders', { supplier: w.supplier, bar: 'x' }), 400, 'parameter_unknown');
    for (const [param, value] of [
      ['issueDate', 'nope'],
      ['discount', 7],
      ['paymentTerms', 4000],
      ['currency', 'E'],
      ['tax2', MISSING_ID],
      ['applyVATReverseCharge', 'x'],
    ] as const) {
      const error = expectError(await t.api.post('/v2/purchase-orders', { supplier: w.supplier, [param]: value }), 400, 'parameter_invalid');
      expect(paramOf(error), param).toBe(param);
    }
    expectError(await t.api.post('/v2/purchase-orders', { supplier: 'nope' }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/purchase-orders', { supplier: w.client }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/purchase-orders', { supplier: w.supplier, outsourcing: [MISSING_ID] }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/purchase-orders', { supplier: w.supplier, lines: [{ quantity: 1, unitCost: 1 }] }), 400, 'parameter_missing');
    expectError(
      await t.api.post('/v2/purchase-orders', { supplier: w.supplier, lines: [{ description: 'x', quantity: 1, unitCost: 'free' }] }),
      400,
      'parameter_invalid',
    );
    expectError(await t.api.post('/v2/purchase-orders', { supplier: w.supplier, archive: 1 }, { json: true }), 400, 'parameter_invalid');
    const other = await docWorld(t.otherApi);
    expectError(await t.api.post('/v2/purchase-orders', { supplier: other.supplier }), 400, 'parameter_invalid');
    expect((await t.api.get('/v2/purchase-orders', {})).body.totalItems).toBe(0);
  });

  it('update: unknown parameters, invalid values; nothing is changed', async () => {
    const order = (await t.api.post('/v2/purchase-orders', { supplier: w.supplier })).body;
    expectError(await t.api.put(`/v2/purchase-orders/${order.id}`, { supplier: w.supplier }), 400, 'parameter_unknown');
    expectError(await t.api.put(`/v2/purchase-orders/${order.id}`, { outsourcing: [MISSING_ID] }), 400, 'parameter_unknown');
    expectError(await t.api.put(`/v2/purchase-orders/${order.id}`, { validityDate: '2025-01-01' }), 400, 'parameter_unknown');
    for (const [param, value] of [
      ['dueDate', 'nope'],
      ['discount', -1],
      ['paymentTerms', 2.5],
      ['tax1', 'x'],
      ['archive', 'no way'],
    ] as const) {
      const error = expectError(await t.api.put(`/v2/purchase-orders/${order.id}`, { [param]: value }), 400, 'parameter_invalid');
      expect(paramOf(error), param).toBe(param);
    }
    expect((await t.api.get(`/v2/purchase-orders/${order.id}`)).body).toEqual(order);
  });
});

describe('read-only keys', () => {
  it('403 forbidden on every document write route; nothing changes', async () => {
    const read = t.api.withKey(t.account.readKey);
    const jobId = await fixedJob(t.api, w, 10);
    const outsourcingId = await outsourcingOf(await fixedJob(t.api, w, 30), 20);
    const label = (await t.api.post('/v2/account/labels', { name: 'Read-only check', color: '#00ff00' })).body.id;
    const invoice = (await t.api.post('/v2/invoices', { client: w.client, lines: [{ description: 'Work', quantity: 1, unitCost: 10 }] })).body;
    const sent = (await t.api.post('/v2/invoices', { client: w.client, lines: [{ description: 'Work', quantity: 1, unitCost: 10 }] })).body;
    await t.api.post(`/v2/invoices/${sent.id}/send`);
    const payment = (await t.api.post(`/v2/invoices/${sent.id}/payments`, { amount: 1, date: '2025-01-01' })).body.payments[0].id;
    const quote = (await t.api.post('/v2/quotes', { client: w.client })).body;
    const order = (await t.api.post('/v2/purchase-orders', { supplier: w.supplier })).body;
    const noted = async (base: string, id: string) => (await t.api.post(`${base}/${id}/notes`, { content: 'A note' })).body.notes[0].id as string;
    const docs: Array<[string, string, string, string]> = [
      ['/v2/invoices', invoice.id, 'jobs', jobId],
      ['/v2/quotes', quote.id, 'jobs', jobId],
      ['/v2/purchase-orders', order.id, 'outsourcing', outsourcingId],
    ];
    const routes: Array<[string, string, Record<string, unknown>?]> = [
      ['POST', '/v2/invoices', { client: w.client }],
      ['POST', '/v2/quotes', { client: w.client }],
      ['POST', '/v2/purchase-orders', { supplier: w.supplier }],
      ['POST', `/v2/invoices/${sent.id}/payments`, { amount: 1, date: '2025-01-02' }],
      ['DELETE', `/v2/invoices/${sent.id}/payments/${payment}`],
      ['POST', `/v2/invoices/${sent.id}/credit`],
      ['POST', `/v2/quotes/${quote.id}/accept`],
      ['POST', `/v2/quotes/${quote.id}/refuse`],
      ['POST', `/v2/purchase-orders/${order.id}/accept`],
      ['POST', `/v2/purchase-orders/${order.id}/cancel`],
    ];
    for (const [base, id, source, sourceId] of docs) {
      const note = await noted(base, id);
      routes.push(
        ['PUT', `${base}/${id}`, { pinned: true }],
        ['DELETE', `${base}/${id}`],
        ['POST', `${base}/${id}/${source}/${sourceId}`],
        ['DELETE', `${base}/${id}/${source}/${sourceId}`],
        ['POST', `${base}/${id}/send`],
        ['POST', `${base}/${id}/notes`, { content: 'x' }],
        ['PUT', `${base}/${id}/notes/${note}`, { content: 'y' }],
        ['DELETE', `${base}/${id}/notes/${note}`],
        ['POST', `${base}/${id}/labels/${label}`],
        ['DELETE', `${base}/${id}/labels/${label}`],
      );
    }
    const before = await Promise.all(docs.map(([base, id]) => t.api.get(`${base}/${id}`)));
    const sentBefore = await t.api.get(`/v2/invoices/${sent.id}`);
    for (const [method, url, params] of routes) {
      const reply = await read.request(method, url, params as never);
      expect(`${method} ${url} → ${reply.status} ${reply.body?.code}`).toBe(`${method} ${url} → 403 forbidden`);
    }
    // Reads work with the key; nothing changed.
    for (const [index, [base, id]] of docs.entries()) expect((await read.get(`${base}/${id}`)).body).toEqual(before[index]!.body);
    expect((await read.get(`/v2/invoices/${sent.id}`)).body).toEqual(sentBefore.body);
    expect((await read.get('/v2/invoices', {})).status).toBe(200);
  });
});

describe('whole bodies', () => {
  it('a quote, field by field', async () => {
    const jobId = await fixedJob(t.api, w, 80);
    const j = await job(t.api, jobId);
    const client = (await t.api.get(`/v2/clients/${w.client}`)).body;
    const unit = (await t.api.get(`/v2/account/quantity-types/${w.unit}`)).body;
    const reply = await t.api.post('/v2/quotes', {
      client: w.client,
      jobs: [jobId],
      lines: [{ description: 'Proofreading', quantity: 2, quantityType: w.unit, unitCost: 15.5 }],
      issueDate: '2025-06-01',
      dueDate: '2025-07-15',
      validityDate: '2025-06-30',
      discount: 0.05,
      tax1: w.vat,
      tax2: w.tax2,
      terms: 'Valid for 30 days',
      pinned: true,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const vat = (await t.api.get(`/v2/account/taxes/${w.vat}`)).body;
    const levy = (await t.api.get(`/v2/account/taxes/${w.tax2}`)).body;
    expect(reply.body).toEqual({
      id: expect.stringMatching(ID),
      object: 'quote',
      number: null,
      status: 1,
      issueDate: '2025-06-01T00:00:00.000Z',
      dueDate: '2025-07-15T00:00:00.000Z',
      validityDate: '2025-06-30T00:00:00.000Z',
      currency: { code: 'EUR', symbol: '€' },
      client: { id: w.client, name: client.name },
      lines: [
        { id: expect.stringMatching(ID), description: 'Proofreading', quantity: 2, quantityType: { id: w.unit, name: unit.name }, unitCost: 15.5, total: 31 },
        {
          id: expect.stringMatching(ID),
          job: { id: jobId, name: j.name },
          description: j.name,
          quantity: 100,
          quantityType: { id: w.unit, name: unit.name },
          unitCost: 0.8,
          total: 80,
        },
      ],
      paymentTerms: 30,
      discount: 0.05,
      tax1: { id: w.vat, name: vat.name, value: 0.21 },
      tax2: { id: w.tax2, name: levy.name, value: 0.015 },
      applyVATReverseCharge: false,
      terms: 'Valid for 30 days',
      purchaseOrder: null,
      matchDisplay: null,
      // 31 + 80 = 111; discount 5.55; 105.45 × 0.21 = 22.1445 → 22.14; × 0.015 = 1.58175 → 1.58; 129.17
      total: { subtotal: 111, discount: 5.55, tax1: 22.14, tax2: 1.58, total: 129.17 },
      exchangeRates: [],
      sentDate: null,
      sentDateStatus: null,
      notes: [],
      labels: [],
      archive: false,
      pinned: true,
      createdAt: expect.stringMatching(DATE),
      updatedAt: expect.stringMatching(DATE),
    });
    expect((await t.api.get(`/v2/quotes/${reply.body.id}`)).body).toEqual(reply.body);
  });

  it('a purchase order, field by field', async () => {
    const jobId = await fixedJob(t.api, w, 100);
    const outsourcingId = await outsourcingOf(jobId, 60);
    const outsourcing = (await job(t.api, jobId)).outsourcing.find((item: any) => item.id === outsourcingId);
    const supplier = (await t.api.get(`/v2/suppliers/${w.supplier}`)).body;
    const reply = await t.api.post('/v2/purchase-orders', {
      supplier: w.supplier,
      outsourcing: [outsourcingId],
      lines: [{ description: 'Review', quantity: 3, unitCost: 12.345 }],
      issueDate: '2025-09-01',
      tax1: w.vat,
      applyVATReverseCharge: false,
      terms: 'Deliver by Friday',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toEqual({
      id: expect.stringMatching(ID),
      object: 'purchaseOrder',
      number: null,
      status: 1,
      issueDate: '2025-09-01T00:00:00.000Z',
      dueDate: null,
      currency: { code: 'EUR', symbol: '€' },
      supplier: { id: w.supplier, name: supplier.name },
      lines: [
        // 3 × 12.345 = 37.035 → 37.04 (half away from zero)
        { id: expect.stringMatching(ID), description: 'Review', quantity: 3, quantityType: null, unitCost: 12.345, total: 37.04 },
        {
          id: expect.stringMatching(ID),
          outsourcing: { id: outsourcingId, name: outsourcing.name },
          description: outsourcing.name,
          // The outsourcing's quantity and unit; the effective unit cost 60 ÷ 100 of its total (fixed price 60).
          quantity: 100,
          quantityType: { id: w.unit, name: outsourcing.quantityType.name },
          unitCost: 0.6,
          total: 60,
        },
      ],
      paymentTerms: 30,
      discount: 0,
      tax1: { id: w.vat, name: expect.any(String), value: 0.21 },
      tax2: null,
      applyVATReverseCharge: false,
      terms: 'Deliver by Friday',
      // 97.04 × 0.21 = 20.3784 → 20.38; 117.42
      total: { subtotal: 97.04, discount: 0, tax1: 20.38, tax2: 0, total: 117.42 },
      exchangeRates: [],
      sentDate: null,
      sentDateStatus: null,
      notes: [],
      labels: [],
      archive: false,
      pinned: false,
      createdAt: expect.stringMatching(DATE),
      updatedAt: expect.stringMatching(DATE),
    });
    expect((await t.api.get(`/v2/purchase-orders/${reply.body.id}`)).body).toEqual(reply.body);
  });
});

describe('jobs refused on quotes (409 state_conflict)', () => {
  it('non-billable, of another client, in another currency: on create and added by path', async () => {
    const quote = (await t.api.post('/v2/quotes', { client: w.client })).body;
    const count = (await t.api.get('/v2/quotes', { pageSize: 1 })).body.totalItems;
    const refused = [
      await fixedJob(t.api, w, 10, { nonBillable: true }),
      await fixedJob(t.api, w, 10, { client: w.otherClient }),
      await fixedJob(t.api, w, 10, { currency: 'USD' }),
    ];
    for (const jobId of refused) {
      expectError(await t.api.post('/v2/quotes', { client: w.client, jobs: [jobId] }), 409, 'state_conflict');
      expectError(await t.api.post(`/v2/quotes/${quote.id}/jobs/${jobId}`), 409, 'state_conflict');
    }
    const after = (await t.api.get(`/v2/quotes/${quote.id}`)).body;
    expect(after).toMatchObject({ lines: [], total: { total: 0 } });
    expect((await t.api.get('/v2/quotes', { pageSize: 1 })).body.totalItems).toBe(count);
    for (const jobId of refused) expect((await job(t.api, jobId)).status).toBe(1);
  });
});
