import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, createTestApp, expectError, type TestContext } from '../../helper.js';
import { docWorld, fixedJob, job, type DocWorld } from './fixture.js';

let t: TestContext;
let w: DocWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await docWorld(t.api);
});
afterAll(() => t.close());

describe('quotes', () => {
  it('create, send, accept: fixes the estimation of its jobs (type quote)', async () => {
    const jobId = await fixedJob(t.api, w, 80);
    const created = await t.api.post('/v2/quotes', { client: w.client, jobs: [jobId], validityDate: '2025-06-30', tax1: w.vat });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      object: 'quote',
      status: 1,
      number: null,
      validityDate: '2025-06-30T00:00:00.000Z',
      total: { subtotal: 80, tax1: 16.8, total: 96.8 },
    });
    expect(created.body.type).toBeUndefined();
    expect((await job(t.api, jobId)).status).toBe(1);
    expectError(await t.api.post(`/v2/quotes/${created.body.id}/accept`), 409, 'state_conflict');
    expect((await t.api.post(`/v2/quotes/${created.body.id}/send`)).body).toMatchObject({ status: 2, number: expect.stringMatching(/^Q-\d{4}-0001$/) });
    // The job's price changes after the quote: the accepted quote fixes it to the line total.
    expect((await t.api.put(`/v2/jobs/${jobId}/price`, { fixedPrice: 95 })).status).toBe(200);
    const accepted = await t.api.post(`/v2/quotes/${created.body.id}/accept`);
    expect(accepted.body.status).toBe(3);
    expect((await job(t.api, jobId)).estimation).toMatchObject({ type: 'quote', total: 80, totalInvoiced: null });
    expectError(await t.api.post(`/v2/quotes/${created.body.id}/refuse`), 409, 'state_conflict');
    expectError(await t.api.delete(`/v2/jobs/${jobId}`), 409, 'resource_in_use');
  });

  it('jobs added and removed while draft; refuse; 404s and the account boundary', async () => {
    const quote = (await t.api.post('/v2/quotes', { client: w.client })).body;
    const jobId = await fixedJob(t.api, w, 10);
    expect((await t.api.post(`/v2/quotes/${quote.id}/jobs/${jobId}`)).body.total.total).toBe(10);
    expectError(await t.api.post('/v2/quotes', { client: w.client, jobs: [jobId] }), 409, 'state_conflict');
    expect((await t.api.delete(`/v2/quotes/${quote.id}/jobs/${jobId}`)).body.lines).toEqual([]);
    await t.api.post(`/v2/quotes/${quote.id}/send`);
    expect((await t.api.post(`/v2/quotes/${quote.id}/refuse`)).body.status).toBe(4);
    expectError(await t.otherApi.get(`/v2/quotes/${quote.id}`), 404, 'resource_missing');
    expectError(await t.api.get(`/v2/quotes/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await t.api.post('/v2/quotes', { client: w.client, outsourcing: [MISSING_ID] }), 400, 'parameter_unknown');
    expect((await t.api.get('/v2/quotes', { status: [4] })).body.items.map((q: any) => q.id)).toEqual([quote.id]);
  });

  it('deletes a draft (204) and frees its jobs for another quote; a sent quote is kept (409)', async () => {
    const jobId = await fixedJob(t.api, w, 30);
    const draft = (await t.api.post('/v2/quotes', { client: w.client, jobs: [jobId] })).body;
    const deleted = await t.api.delete(`/v2/quotes/${draft.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.raw.body).toBe('');
    expectError(await t.api.get(`/v2/quotes/${draft.id}`), 404, 'resource_missing');
    expectError(await t.api.delete(`/v2/quotes/${draft.id}`), 404, 'resource_missing');
    const again = await t.api.post('/v2/quotes', { client: w.client, jobs: [jobId] });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    await t.api.post(`/v2/quotes/${again.body.id}/send`);
    expectError(await t.api.delete(`/v2/quotes/${again.body.id}`), 409, 'state_conflict');
    expect((await t.api.get(`/v2/quotes/${again.body.id}`)).body.status).toBe(2);
  });
});

describe('purchase orders', () => {
  it('lines from outsourcing; send, accept, cancel', async () => {
    const jobId = await fixedJob(t.api, w, 100);
    const withOutsourcing = await t.api.post(`/v2/jobs/${jobId}/outsourcing`, { supplier: w.supplier, fixedPrice: 60 });
    expect(withOutsourcing.status, JSON.stringify(withOutsourcing.body)).toBe(200);
    const outsourcingId = withOutsourcing.body.outsourcing[0].id;
    const created = await t.api.post('/v2/purchase-orders', {
      supplier: w.supplier,
      outsourcing: [outsourcingId],
      lines: [{ description: 'Review', quantity: 2, unitCost: 12.5 }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ object: 'purchaseOrder', supplier: { id: w.supplier }, status: 1, total: { subtotal: 85, total: 85 } });
    expect(created.body.client).toBeUndefined();
    expect(created.body.lines[1]).toMatchObject({ outsourcing: { id: outsourcingId }, total: 60 });
    expectError(await t.api.post('/v2/purchase-orders', { supplier: w.supplier, outsourcing: [outsourcingId] }), 409, 'state_conflict');
    expectError(await t.api.post('/v2/purchase-orders', { supplier: w.supplier, outsourcing: [MISSING_ID] }), 400, 'parameter_invalid');
    expectError(await t.api.post('/v2/purchase-orders', { supplier: MISSING_ID }), 400, 'parameter_invalid');
    const removed = await t.api.delete(`/v2/purchase-orders/${created.body.id}/outsourcing/${outsourcingId}`);
    expect(removed.body.total.total).toBe(25);
    expect((await t.api.post(`/v2/purchase-orders/${created.body.id}/outsourcing/${outsourcingId}`)).body.total.total).toBe(85);
    expect((await t.api.post(`/v2/purchase-orders/${created.body.id}/send`)).body).toMatchObject({
      status: 2,
      number: expect.stringMatching(/^PO-\d{4}-0001$/),
    });
    expectError(await t.api.delete(`/v2/purchase-orders/${created.body.id}/outsourcing/${outsourcingId}`), 409, 'state_conflict');
    expect((await t.api.post(`/v2/purchase-orders/${created.body.id}/accept`)).body.status).toBe(3);
    expect((await t.api.post(`/v2/purchase-orders/${created.body.id}/cancel`)).body.status).toBe(4);
    expectError(await t.api.post(`/v2/purchase-orders/${created.body.id}/cancel`), 409, 'state_conflict');
    expectError(await t.otherApi.get(`/v2/purchase-orders/${created.body.id}`), 404, 'resource_missing');
    expect((await t.api.get('/v2/purchase-orders', { supplier: [w.supplier] })).body.totalItems).toBe(1);
  });

  it('deletes a draft (204) and frees its outsourcing for another order; a sent order is kept (409)', async () => {
    const jobId = await fixedJob(t.api, w, 100);
    const outsourcingId = (await t.api.post(`/v2/jobs/${jobId}/outsourcing`, { supplier: w.supplier, fixedPrice: 40 })).body.outsourcing[0].id;
    const draft = (await t.api.post('/v2/purchase-orders', { supplier: w.supplier, outsourcing: [outsourcingId] })).body;
    const deleted = await t.api.delete(`/v2/purchase-orders/${draft.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.raw.body).toBe('');
    expectError(await t.api.get(`/v2/purchase-orders/${draft.id}`), 404, 'resource_missing');
    expectError(await t.otherApi.delete(`/v2/purchase-orders/${draft.id}`), 404, 'resource_missing');
    const again = await t.api.post('/v2/purchase-orders', { supplier: w.supplier, outsourcing: [outsourcingId] });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.total.total).toBe(40);
    await t.api.post(`/v2/purchase-orders/${again.body.id}/send`);
    expectError(await t.api.delete(`/v2/purchase-orders/${again.body.id}`), 409, 'state_conflict');
    expect((await t.api.get(`/v2/purchase-orders/${again.body.id}`)).body.status).toBe(2);
  });
});
