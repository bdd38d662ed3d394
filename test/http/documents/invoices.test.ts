import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, createTestApp, expectError, type TestContext } from '../../helper.js';
import { docWorld, fixedJob, job, newInvoice, type DocWorld } from './fixture.js';

let t: TestContext;
let w: DocWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await docWorld(t.api);
});
afterAll(() => t.close());

const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('POST /v2/invoices', () => {
  it('creates a draft with job and free lines; totals hand-computed', async () => {
    const jobId = await fixedJob(t.api, w, 100);
    const reply = await t.api.post('/v2/invoices', {
      client: w.client,
      jobs: [jobId],
      lines: [{ description: 'Rush fee', quantity: 3, unitCost: 1.005, quantityType: w.unit }],
      discount: 0.1,
      tax1: w.vat,
      tax2: w.tax2,
      issueDate: '2025-01-15',
      paymentTerms: 30,
      terms: 'Pay within 30 days',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const body = reply.body;
    expect(body).toMatchObject({
      object: 'invoice',
      number: null,
      status: 1,
      type: 1,
      creditedInvoice: null,
      issueDate: '2025-01-15T00:00:00.000Z',
      dueDate: '2025-02-14T00:00:00.000Z',
      currency: { code: 'EUR', symbol: '€' },
      client: { id: w.client },
      paymentTerms: 30,
      discount: 0.1,
      tax1: { id: w.vat, value: 0.21 },
      tax2: { id: w.tax2, value: 0.015 },
      applyVATReverseCharge: false,
      terms: 'Pay within 30 days',
      // 103.02 − 10.30 = 92.72; 19.4712 → 19.47; 1.3908 → 1.39
      total: { subtotal: 103.02, discount: 10.3, tax1: 19.47, tax2: 1.39, total: 113.58 },
      payments: [],
      isPartiallyPaid: false,
      paymentDate: null,
      notes: [],
      labels: [],
      archive: false,
      pinned: false,
    });
    expect(body.lines).toEqual([
      { id: expect.any(String), description: 'Rush fee', quantity: 3, quantityType: { id: w.unit, name: expect.any(String) }, unitCost: 1.005, total: 3.02 },
      {
        id: expect.any(String),
        job: { id: jobId, name: expect.any(String) },
        description: expect.any(String),
        quantity: 100,
        quantityType: { id: w.unit, name: expect.any(String) },
        unitCost: 1,
        total: 100,
      },
    ]);
    expect(body.createdAt).toMatch(DATE);
    // The job is invoiced: status 4, estimation fixed by the line.
    const j = await job(t.api, jobId);
    expect(j.status).toBe(4);
    expect(j.estimation).toMatchObject({ type: 'invoiced', total: 100, totalInvoiced: 100 });
    expect((await t.api.get(`/v2/invoices/${body.id}`)).body).toEqual(body);
  });

  it('validation: missing client, unknown parameter, bad values, ids of other accounts', async () => {
    expectError(await t.api.post('/v2/invoices', {}), 400, 'parameter_missing');
    expectError(await t.api.post('/v2/invoices', { client: w.client, foo: 1 }), 400, 'parameter_unknown');
    expectError(await t.api.post('/v2/invoices', { client: w.client, discount: 2 }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/invoices', { client: w.client, issueDate: 'nope' }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/invoices', { client: w.client, lines: [{ description: 'x', quantity: 1 }] }), 400, 'parameter_missing');
    expectError(await t.api.post('/v2/invoices', { client: MISSING_ID }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/invoices', { client: w.client, jobs: [MISSING_ID] }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/invoices', { client: w.client, tax1: MISSING_ID }), 400, 'parameter_invalid');
    const other = await docWorld(t.otherApi);
    expectError(await t.api.post('/v2/invoices', { client: other.client }), 400, 'parameter_invalid');
  });

  it('refuses jobs already invoiced, non-billable, of another client or currency (409)', async () => {
    const invoiced = await fixedJob(t.api, w, 10);
    await newInvoice(t.api, { client: w.client, jobs: [invoiced] });
    expectError(await t.api.post('/v2/invoices', { client: w.client, jobs: [invoiced] }), 409, 'state_conflict');
    const nonBillable = await fixedJob(t.api, w, 10, { nonBillable: true });
    expectError(await t.api.post('/v2/invoices', { client: w.client, jobs: [nonBillable] }), 409, 'state_conflict');
    const otherClient = await fixedJob(t.api, w, 10, { client: w.otherClient });
    expectError(await t.api.post('/v2/invoices', { client: w.client, jobs: [otherClient] }), 409, 'state_conflict');
    const usd = await fixedJob(t.api, w, 10, { currency: 'USD' });
    expectError(await t.api.post('/v2/invoices', { client: w.client, jobs: [usd] }), 409, 'state_conflict');
    // A refused create leaves nothing behind: the job is still free.
    expect((await job(t.api, usd)).status).toBe(1);
  });
});

describe('retrieve, list, update, delete', () => {
  it('404 for missing, malformed and other accounts', async () => {
    const invoice = await newInvoice(t.api, { client: w.client });
    expectError(await t.api.get(`/v2/invoices/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await t.api.get('/v2/invoices/nope'), 404, 'resource_missing');
    expectError(await t.otherApi.get(`/v2/invoices/${invoice.id}`), 404, 'resource_missing');
    expectError(await t.otherApi.put(`/v2/invoices/${invoice.id}`, { pinned: true }), 404, 'resource_missing');
    expectError(await t.otherApi.delete(`/v2/invoices/${invoice.id}`), 404, 'resource_missing');
    expectError(await t.otherApi.post(`/v2/invoices/${invoice.id}/send`), 404, 'resource_missing');
    expectError(await t.api.get(`/v2/quotes/${invoice.id}`), 404, 'resource_missing');
  });

  it('lists with filters (status, client, q, issue dates) and pagination', async () => {
    const client = (await t.api.post('/v2/clients', { name: 'Listing Client Zeta', currency: 'EUR' })).body.id;
    const a = await newInvoice(t.api, { client, issueDate: '2024-03-01' });
    const b = await newInvoice(t.api, { client, issueDate: '2024-06-01' });
    await t.api.post(`/v2/invoices/${b.id}/send`);
    const page = await t.api.get('/v2/invoices', { client: [client], sort: 'issueDate', direction: 'asc' });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page: 1, pageSize: 20, totalItems: 2, totalPages: 1, hasNextPage: false, hasPreviousPage: false });
    expect(page.body.items.map((item: any) => item.id)).toEqual([a.id, b.id]);
    expect((await t.api.get('/v2/invoices', { client: [client], status: [2] })).body.items.map((i: any) => i.id)).toEqual([b.id]);
    expect((await t.api.get('/v2/invoices', { client: [client], issuedAfter: '2024-04-01' })).body.items.map((i: any) => i.id)).toEqual([b.id]);
    expect((await t.api.get('/v2/invoices', { client: [client], issuedBefore: '2024-04-01' })).body.items.map((i: any) => i.id)).toEqual([a.id]);
    expect((await t.api.get('/v2/invoices', { q: 'listing client zeta' })).body.totalItems).toBe(2);
    expect((await t.otherApi.get('/v2/invoices', {})).body.totalItems).toBe(0);
    expectError(await t.api.get('/v2/invoices', { client: [MISSING_ID] }), 400, 'parameter_invalid');
    expectError(await t.api.get('/v2/invoices', { status: [9] }), 400, 'parameter_invalid');
    expectError(await t.api.get('/v2/invoices', { foo: 1 }), 400, 'parameter_unknown');
  });

  it('updates while draft; after draft only archive and pinned (409 otherwise)', async () => {
    const invoice = await newInvoice(t.api, { client: w.client, lines: [{ description: 'Work', quantity: 2, unitCost: 50 }] });
    const updated = await t.api.put(`/v2/invoices/${invoice.id}`, { tax1: w.vat, applyVATReverseCharge: true, issueDate: '2025-03-01', paymentTerms: 10 });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      dueDate: '2025-03-11T00:00:00.000Z',
      applyVATReverseCharge: true,
      total: { subtotal: 100, discount: 0, tax1: 0, tax2: 0, total: 100 },
    });
    const noReverse = await t.api.put(`/v2/invoices/${invoice.id}`, { applyVATReverseCharge: false, tax1: null });
    expect(noReverse.body).toMatchObject({ tax1: null, total: { total: 100 } });
    expectError(await t.api.put(`/v2/invoices/${invoice.id}`, { tax2: MISSING_ID }), 400, 'parameter_invalid');
    expectError(await t.api.put(`/v2/invoices/${invoice.id}`, { paymentTerms: -1 }), 400, 'parameter_invalid');
    await t.api.post(`/v2/invoices/${invoice.id}/send`);
    expectError(await t.api.put(`/v2/invoices/${invoice.id}`, { discount: 0.2 }), 409, 'state_conflict');
    const pinned = await t.api.put(`/v2/invoices/${invoice.id}`, { pinned: true, archive: true });
    expect(pinned.body).toMatchObject({ pinned: true, archive: true, status: 2 });
    expectError(await t.api.delete(`/v2/invoices/${invoice.id}`), 409, 'state_conflict');
  });

  it('deletes a draft (204); its jobs go back to 3', async () => {
    const jobId = await fixedJob(t.api, w, 40);
    const invoice = await newInvoice(t.api, { client: w.client, jobs: [jobId] });
    const deleted = await t.api.delete(`/v2/invoices/${invoice.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.raw.body).toBe('');
    expectError(await t.api.get(`/v2/invoices/${invoice.id}`), 404, 'resource_missing');
    const j = await job(t.api, jobId);
    expect(j.status).toBe(3);
    expect(j.estimation).toMatchObject({ type: 'estimation', total: 40, totalInvoiced: null });
  });
});

describe('jobs on an invoice', () => {
  it('adds and removes a job while draft; job status and estimation follow', async () => {
    const invoice = await newInvoice(t.api, { client: w.client });
    const jobId = await fixedJob(t.api, w, 12.34);
    const added = await t.api.post(`/v2/invoices/${invoice.id}/jobs/${jobId}`);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.total.total).toBe(12.34);
    expect((await job(t.api, jobId)).estimation).toMatchObject({ type: 'invoiced', total: 12.34, totalInvoiced: 12.34 });
    // Guards on the job while invoiced.
    expectError(await t.api.delete(`/v2/jobs/${jobId}`), 409, 'resource_in_use');
    expectError(await t.api.put(`/v2/jobs/${jobId}`, { status: 3 }), 409, 'invalid_transition');
    expectError(await t.api.post(`/v2/invoices/${invoice.id}/jobs/${jobId}`), 409, 'state_conflict');
    const removed = await t.api.delete(`/v2/invoices/${invoice.id}/jobs/${jobId}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ lines: [], total: { subtotal: 0, total: 0 } });
    expect(await job(t.api, jobId)).toMatchObject({ status: 3, estimation: { type: 'estimation', totalInvoiced: null } });
    expectError(await t.api.delete(`/v2/invoices/${invoice.id}/jobs/${jobId}`), 404, 'resource_missing');
    expectError(await t.api.post(`/v2/invoices/${invoice.id}/jobs/${MISSING_ID}`), 404, 'resource_missing');
    const foreign = await fixedJob(t.otherApi, await docWorld(t.otherApi), 5);
    expectError(await t.api.post(`/v2/invoices/${invoice.id}/jobs/${foreign}`), 404, 'resource_missing');
    await t.api.post(`/v2/invoices/${invoice.id}/send`);
    expectError(await t.api.post(`/v2/invoices/${invoice.id}/jobs/${jobId}`), 409, 'state_conflict');
  });
});

describe('send, payments, credit', () => {
  it('send: number, status 2, issue and due dates; twice is 409', async () => {
    const invoice = await newInvoice(t.api, { client: w.client, issueDate: '2025-05-01' });
    const sent = await t.api.post(`/v2/invoices/${invoice.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      status: 2,
      number: expect.stringMatching(/^INV-2025-\d{4}$/),
      issueDate: '2025-05-01T00:00:00.000Z',
      dueDate: '2025-05-31T00:00:00.000Z',
    });
    expectError(await t.api.post(`/v2/invoices/${invoice.id}/send`), 409, 'state_conflict');
  });

  it('payments: partial, full, delete; status follows', async () => {
    const invoice = await newInvoice(t.api, { client: w.client, lines: [{ description: 'Work', quantity: 1, unitCost: 100 }] });
    expectError(await t.api.post(`/v2/invoices/${invoice.id}/payments`, { amount: 10, date: '2025-01-01' }), 409, 'state_conflict');
    await t.api.post(`/v2/invoices/${invoice.id}/send`);
    expectError(await t.api.post(`/v2/invoices/${invoice.id}/payments`, { date: '2025-01-01' }), 400, 'parameter_missing');
    expectError(await t.api.post(`/v2/invoices/${invoice.id}/payments`, { amount: 10 }), 400, 'parameter_missing');
    expectError(await t.api.post(`/v2/invoices/${invoice.id}/payments`, { amount: 0, date: '2025-01-01' }), 400, 'parameter_invalid');
    const partial = await t.api.post(`/v2/invoices/${invoice.id}/payments`, { amount: 40, date: '2025-02-01', description: 'Advance' });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body).toMatchObject({ status: 2, isPartiallyPaid: true, paymentDate: null });
    expect(partial.body.payments).toEqual([
      {
        id: expect.any(String),
        amount: 40,
        date: '2025-02-01T00:00:00.000Z',
        description: 'Advance',
        isFullyPaid: false,
        createdAt: expect.stringMatching(DATE),
      },
    ]);
    const full = await t.api.post(`/v2/invoices/${invoice.id}/payments`, { amount: 60, date: '2025-03-01' });
    expect(full.body).toMatchObject({ status: 3, isPartiallyPaid: false, paymentDate: '2025-03-01T00:00:00.000Z' });
    const second = full.body.payments[1].id;
    const back = await t.api.delete(`/v2/invoices/${invoice.id}/payments/${second}`);
    expect(back.body).toMatchObject({ status: 2, isPartiallyPaid: true, paymentDate: null });
    expectError(await t.api.delete(`/v2/invoices/${invoice.id}/payments/${second}`), 404, 'resource_missing');
    const flagged = await t.api.post(`/v2/invoices/${invoice.id}/payments`, { amount: 50, date: '2025-04-01', isFullyPaid: true });
    expect(flagged.body).toMatchObject({ status: 3, paymentDate: '2025-04-01T00:00:00.000Z' });
  });

  it('credit: 201 credit note with negative lines; invoice 4; jobs back to 3', async () => {
    const jobId = await fixedJob(t.api, w, 200);
    const invoice = await newInvoice(t.api, { client: w.client, jobs: [jobId], tax1: w.vat });
    expectError(await t.api.post(`/v2/invoices/${invoice.id}/credit`), 409, 'state_conflict');
    await t.api.post(`/v2/invoices/${invoice.id}/send`);
    const credit = await t.api.post(`/v2/invoices/${invoice.id}/credit`);
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    expect(credit.body).toMatchObject({
      object: 'invoice',
      type: 2,
      status: 2,
      number: expect.stringMatching(/^CN-\d{4}-0001$/),
      dueDate: null,
      creditReason: null,
      creditedAmount: 0,
      creditedInvoice: { id: invoice.id },
      total: { subtotal: -200, discount: 0, tax1: -42, tax2: 0, total: -242 },
    });
    expect(credit.body.lines).toMatchObject([{ job: { id: jobId }, quantity: -100, total: -200 }]);
    expect((await t.api.get(`/v2/invoices/${invoice.id}`)).body.status).toBe(4);
    expect(await job(t.api, jobId)).toMatchObject({ status: 3, estimation: { type: 'estimation', total: 200 } });
    expectError(await t.api.post(`/v2/invoices/${invoice.id}/credit`), 409, 'state_conflict');
    expectError(await t.api.post(`/v2/invoices/${credit.body.id}/credit`), 409, 'state_conflict');
    // The job may go on a new invoice.
    await newInvoice(t.api, { client: w.client, jobs: [jobId] });
  });

  it('records events', async () => {
    const invoice = await newInvoice(t.api, { client: w.client });
    await t.api.post(`/v2/invoices/${invoice.id}/send`);
    const events = await t.api.get('/v2/events', { pageSize: 100 });
    const types = events.body.items.filter((e: any) => e.data?.id === invoice.id).map((e: any) => e.type);
    expect(types.sort()).toEqual(['invoice.created', 'invoice.sent', 'invoice.updated']);
  });
});
