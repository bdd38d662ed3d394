import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { BACKENDS, createFileTestApp } from '../files/helper.js';
import { apiWithRole, signedInSupplierPerson } from '../portal/fixture.js';
import { events, PDF, purchaseOrder, submit, valid } from './fixture.js';

/** The agency's side of supplier invoices (docs/supplier-invoices.md): list, read, PDF, approve, reject; roles; payables. */
let t: TestContext;
let sam: Awaited<ReturnType<typeof signedInSupplierPerson>>;
let uma: Awaited<ReturnType<typeof signedInSupplierPerson>>;
beforeAll(async () => {
  t = await createTestApp();
  sam = await signedInSupplierPerson(t.app, t.api, 'Sam Supplier');
  uma = await signedInSupplierPerson(t.app, t.api, 'Uma Supplier');
}, 60_000);
afterAll(async () => t.close());

/** A submitted invoice of the supplier for one new order of `total`. */
async function submitted(who: typeof sam, total = 100, number = 'INV-1') {
  const order = await purchaseOrder(t.api, who.supplierId, { total, work: 'free' });
  const reply = await submit(who.browser, valid([order.id], String(total), { number }));
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return { id: reply.body.id as string, orderId: order.id };
}

describe('GET /v2/supplier-invoices', () => {
  it('lists the invoices, newest first, with filters status and supplierId, paged', async () => {
    const a = await submitted(sam, 10, 'A');
    const b = await submitted(uma, 20, 'B');
    const c = await submitted(sam, 30, 'C');
    expect((await t.api.post(`/v2/supplier-invoices/${c.id}/approve`)).status).toBe(200);
    const all = await t.api.get('/v2/supplier-invoices');
    expect(all.status).toBe(200);
    expect(all.body.items.map((item: { id: string }) => item.id).slice(0, 3)).toEqual([c.id, b.id, a.id]);
    expect(all.body.items[0]).toMatchObject({
      id: c.id,
      number: 'C',
      supplier: { id: sam.supplierId, name: 'Sam Supplier' },
      status: 'approved',
      total: 30,
      purchaseOrdersTotal: 30,
      purchaseOrders: [{ id: c.orderId, number: expect.any(String), total: 30 }],
      pdf: { name: 'invoice 42.pdf', size: PDF.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      submittedByPortalPersonId: sam.personId,
      decidedByUserId: expect.any(String),
      decidedAt: expect.any(String),
    });
    const ofSam = await t.api.get(`/v2/supplier-invoices?supplierId=${sam.supplierId}`);
    expect(ofSam.body.items.every((item: { supplier: { id: string } }) => item.supplier.id === sam.supplierId)).toBe(true);
    const approved = await t.api.get('/v2/supplier-invoices?status=approved');
    expect(approved.body.items.map((item: { id: string }) => item.id)).toEqual([c.id]);
    const paged = await t.api.get('/v2/supplier-invoices?pageSize=1&page=2&sort=createdAt&direction=asc');
    expect(paged.body).toMatchObject({ page: 2, pageSize: 1, hasPreviousPage: true });
    expect(paged.body.items).toHaveLength(1);
    const csv = await t.api.get('/v2/supplier-invoices?format=csv');
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('C');
  });

  it('is a 400 for an unknown or bad parameter', async () => {
    expectError(await t.api.get('/v2/supplier-invoices?extra=1'), 400, 'parameter_unknown');
    expectError(await t.api.get('/v2/supplier-invoices?status=paid'), 400, 'parameter_invalid');
    expectError(await t.api.get('/v2/supplier-invoices?supplierId=nope'), 400, 'parameter_invalid');
  });

  it("never lists another account's invoices", async () => {
    await submitted(sam, 5, 'MINE');
    const theirs = await t.otherApi.get('/v2/supplier-invoices');
    expect(theirs.status).toBe(200);
    expect(theirs.body.items).toEqual([]);
  });
});

describe('GET /v2/supplier-invoices/:id and /pdf', () => {
  it('answers one, and its PDF as sent; 404 for none and for another account', async () => {
    const made = await submitted(sam, 15, 'ONE');
    const one = await t.api.get(`/v2/supplier-invoices/${made.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: made.id, number: 'ONE', status: 'submitted', decidedByUserId: null, decidedAt: null });
    const pdf = await t.app.inject({ method: 'GET', url: `/v2/supplier-invoices/${made.id}/pdf`, headers: { authorization: `Bearer ${t.account.apiKey}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('attachment');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    expectError(await t.api.get(`/v2/supplier-invoices/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await t.otherApi.get(`/v2/supplier-invoices/${made.id}`), 404, 'resource_missing');
    expectError(await t.otherApi.get(`/v2/supplier-invoices/${made.id}/pdf`), 404, 'resource_missing');
    expectError(await t.api.get(`/v2/supplier-invoices/${made.id}?extra=1`), 400, 'parameter_unknown');
    expectError(await t.api.get(`/v2/supplier-invoices/${made.id}/pdf?extra=1`), 400, 'parameter_unknown');
  });
});

describe('POST /v2/supplier-invoices/:id/approve and /reject', () => {
  it('approves a submitted invoice once (409 after), recording supplier_invoice.approved', async () => {
    const made = await submitted(sam, 25, 'APPROVE');
    const before = await events(t, 'supplier_invoice.approved');
    const approved = await t.api.post(`/v2/supplier-invoices/${made.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', decidedAt: expect.any(String), rejectionReason: null });
    expect(await events(t, 'supplier_invoice.approved')).toBe(before + 1);
    expectError(await t.api.post(`/v2/supplier-invoices/${made.id}/approve`), 409, 'state_conflict');
    expectError(await t.api.post(`/v2/supplier-invoices/${made.id}/reject`, { reason: 'late' }), 409, 'state_conflict');
    expect(await events(t, 'supplier_invoice.approved')).toBe(before + 1);
  });

  it('rejects with a reason (400 without one), recording supplier_invoice.rejected; 409 once decided', async () => {
    const made = await submitted(uma, 35, 'REJECT');
    expectError(await t.api.post(`/v2/supplier-invoices/${made.id}/reject`, {}), 400, 'parameter_missing');
    expect(expectError(await t.api.post(`/v2/supplier-invoices/${made.id}/reject`, { reason: '  ' }), 400, 'parameter_invalid').details?.[0]?.param).toBe(
      'reason',
    );
    expectError(await t.api.post(`/v2/supplier-invoices/${made.id}/reject`, { reason: 'x', extra: 1 }), 400, 'parameter_unknown');
    expectError(await t.api.post(`/v2/supplier-invoices/${made.id}/approve`, { extra: 1 }), 400, 'parameter_unknown');
    const before = await events(t, 'supplier_invoice.rejected');
    const rejected = await t.api.post(`/v2/supplier-invoices/${made.id}/reject`, { reason: 'Wrong bank account' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'Wrong bank account' });
    expect(await events(t, 'supplier_invoice.rejected')).toBe(before + 1);
    expectError(await t.api.post(`/v2/supplier-invoices/${made.id}/approve`), 409, 'state_conflict');
  });

  it('is a 404 for none and for another account', async () => {
    const made = await submitted(sam, 5, 'FOREIGN');
    expectError(await t.api.post(`/v2/supplier-invoices/${MISSING_ID}/approve`), 404, 'resource_missing');
    expectError(await t.otherApi.post(`/v2/supplier-invoices/${made.id}/approve`), 404, 'resource_missing');
    expectError(await t.otherApi.post(`/v2/supplier-invoices/${made.id}/reject`, { reason: 'no' }), 404, 'resource_missing');
    expect((await t.api.get(`/v2/supplier-invoices/${made.id}`)).body.status).toBe('submitted');
  });

  it('owner, admin and finance decide; manager and viewer read only (403)', async () => {
    for (const role of ['manager', 'viewer'] as const) {
      const api = await apiWithRole(t, role);
      const made = await submitted(sam, 7, `ROLE-${role}`);
      expect((await api.get(`/v2/supplier-invoices/${made.id}`)).status).toBe(200);
      expectError(await api.post(`/v2/supplier-invoices/${made.id}/approve`), 403, 'forbidden');
      expectError(await api.post(`/v2/supplier-invoices/${made.id}/reject`, { reason: 'no' }), 403, 'forbidden');
    }
    for (const role of ['admin', 'finance'] as const) {
      const api = await apiWithRole(t, role);
      const made = await submitted(sam, 7, `ROLE-${role}`);
      expect((await api.post(`/v2/supplier-invoices/${made.id}/approve`)).status).toBe(200);
      const other = await submitted(sam, 7, `ROLE-${role}-2`);
      expect((await api.post(`/v2/supplier-invoices/${other.id}/reject`, { reason: 'no' })).status).toBe(200);
    }
  });
});

describe('payables', () => {
  it('counts an approved invoice instead of the orders it covers; a submitted or rejected one changes nothing', async () => {
    const p = await signedInSupplierPerson(t.app, t.api, 'Payable Supplier');
    const first = await purchaseOrder(t.api, p.supplierId, { total: 100, work: 'free' });
    const second = await purchaseOrder(t.api, p.supplierId, { total: 50, work: 'free' });
    const report = async () => (await t.api.get(`/v2/reports/payables?supplier=${p.supplierId}`)).body;
    expect((await report()).totals).toMatchObject({
      purchaseOrders: 2,
      supplierInvoices: 0,
      byCurrency: [{ currency: 'EUR', purchaseOrders: 2, supplierInvoices: 0, amount: 150 }],
    });
    const invoice = await submit(p.browser, valid([first.id, second.id], '155', { explanation: 'Courier' }));
    expect(invoice.status).toBe(201);
    expect((await report()).totals).toMatchObject({ purchaseOrders: 2, supplierInvoices: 0 });
    expect((await t.api.post(`/v2/supplier-invoices/${invoice.body.id}/approve`)).status).toBe(200);
    const after = await report();
    expect(after.totals).toMatchObject({ purchaseOrders: 0, supplierInvoices: 1, accountAmount: 155 });
    expect(after.rows).toEqual([expect.objectContaining({ supplierId: p.supplierId, purchaseOrders: 0, supplierInvoices: 1, amount: 155 })]);
  });
});

describe("the storage's sweep", () => {
  for (const backend of BACKENDS) {
    it(`keeps the PDF of a supplier invoice, which has no file row (${backend})`, async () => {
      const f = await createFileTestApp(backend);
      try {
        const person = await signedInSupplierPerson(f.app, f.api, 'Swept Supplier');
        const order = await purchaseOrder(f.api, person.supplierId, { total: 9, work: 'free' });
        const reply = await submit(person.browser, valid([order.id], '9'));
        expect(reply.status).toBe(201);
        // An orphan (a crash between storing and committing) goes; the invoice's PDF stays.
        await f.app.storage.put(Readable.from([Buffer.from('orphan')]));
        // The db backend tells a blob's age by the second of its id.
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        await f.app.storage.sweep(0);
        const pdf = await f.app.inject({
          method: 'GET',
          url: `/v2/supplier-invoices/${reply.body.id}/pdf`,
          headers: { authorization: `Bearer ${f.account.apiKey}` },
        });
        expect(pdf.statusCode).toBe(200);
        expect(pdf.rawPayload.equals(PDF)).toBe(true);
        if (backend === 'db') expect(await f.blobs()).toBe(1);
      } finally {
        await f.close();
      }
    });
  }
});
