import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { BOUNDARY } from '../files/helper.js';
import { events, PDF, purchaseOrder, rawPost, submit, valid } from '../supplier-invoices/fixture.js';
import { expectNothingForeign, signedInSupplierPerson } from './fixture.js';

/** Invoices from the portal (docs/supplier-portal.md#invoices): purchase orders to invoice, a submission, the invoices listed. */
let t: TestContext;
let own: Awaited<ReturnType<typeof signedInSupplierPerson>>;
let other: Awaited<ReturnType<typeof signedInSupplierPerson>>;
let foreign: Awaited<ReturnType<typeof signedInSupplierPerson>>;
beforeAll(async () => {
  t = await createTestApp();
  own = await signedInSupplierPerson(t.app, t.api, 'Invoicing Supplier');
  other = await signedInSupplierPerson(t.app, t.api, 'Other Invoicing Supplier');
  foreign = await signedInSupplierPerson(t.app, t.otherApi, 'Foreign Invoicing Supplier');
}, 60_000);
afterAll(async () => t.close());

const foreignStrings = () => [other.supplierId, other.personId, other.email, foreign.supplierId, foreign.personId, foreign.email];

describe('GET /v2/portal/purchase-orders', () => {
  it("lists the supplier's issued orders with whether each is completed and invoiced; invoiceable=true keeps those to invoice", async () => {
    const done = await purchaseOrder(t.api, own.supplierId, { total: 120, work: 'completed' });
    const open = await purchaseOrder(t.api, own.supplierId, { total: 80, work: 'open' });
    const draft = await purchaseOrder(t.api, own.supplierId, { total: 10, work: 'free', send: false });
    const theirs = await purchaseOrder(t.api, other.supplierId, { total: 55, work: 'free' });
    const list = await own.browser.get('/v2/portal/purchase-orders');
    expect(list.status).toBe(200);
    const ids = (list.body as Array<{ id: string }>).map((order) => order.id);
    expect(ids).toEqual(expect.arrayContaining([done.id, open.id]));
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(theirs.id);
    const found = (list.body as Array<Record<string, unknown>>).find((order) => order.id === done.id);
    expect(found).toEqual({
      id: done.id,
      number: expect.any(String),
      status: 'sent',
      issueDate: expect.any(String),
      dueDate: null,
      currency: { code: 'EUR', symbol: '€' },
      total: 120,
      completed: true,
      invoiced: false,
      invoiceable: true,
    });
    expect((list.body as Array<Record<string, unknown>>).find((order) => order.id === open.id)).toMatchObject({ completed: false, invoiceable: false });
    expectNothingForeign(list.body, foreignStrings(), 'purchase orders');
    const invoiceable = await own.browser.get('/v2/portal/purchase-orders?invoiceable=true');
    expect((invoiceable.body as Array<{ id: string }>).map((order) => order.id)).toContain(done.id);
    expect((invoiceable.body as Array<{ id: string }>).map((order) => order.id)).not.toContain(open.id);
    const rest = await own.browser.get('/v2/portal/purchase-orders?invoiceable=false');
    expect((rest.body as Array<{ id: string }>).map((order) => order.id)).toContain(open.id);
  });

  it('is a 400 for an unknown or malformed parameter', async () => {
    expectError(await own.browser.get('/v2/portal/purchase-orders?extra=1'), 400, 'parameter_unknown');
    expectError(await own.browser.get('/v2/portal/purchase-orders?invoiceable=maybe'), 400, 'parameter_invalid');
  });

  it('counts work marked done by the supplier on the portal as completed', async () => {
    const order = await purchaseOrder(t.api, own.supplierId, { total: 30, work: 'open' });
    const put = await t.api.put(`/v2/jobs/${order.jobId}/outsourcing/${order.outsourcingId}/portal`, { enabled: true, confirm: false }, { json: true });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await own.browser.request('POST', `/v2/portal/work/${order.outsourcingId}/done`)).status).toBe(200);
    const list = await own.browser.get('/v2/portal/purchase-orders?invoiceable=true');
    expect((list.body as Array<{ id: string }>).map((item) => item.id)).toContain(order.id);
  });
});

describe('POST /v2/portal/invoices', () => {
  it('submits an invoice for completed orders: 201, the event with the person as actor, the PDF kept byte for byte', async () => {
    const a = await purchaseOrder(t.api, own.supplierId, { total: 100.1, work: 'completed' });
    const b = await purchaseOrder(t.api, own.supplierId, { total: 50.2, work: 'free' });
    const before = await events(t, 'supplier_invoice.submitted');
    const reply = await submit(own.browser, valid([a.id, b.id], '150.30'));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({
      number: 'INV-2026-042',
      date: '2026-11-20T00:00:00.000Z',
      currency: { code: 'EUR' },
      total: 150.3,
      purchaseOrdersTotal: 150.3,
      explanation: null,
      status: 'submitted',
      rejectionReason: null,
      pdf: { name: 'invoice 42.pdf', size: PDF.length },
      decidedAt: null,
    });
    expect((reply.body.purchaseOrders as Array<{ id: string }>).map((order) => order.id).sort()).toEqual([a.id, b.id].sort());
    expectNothingForeign(reply.body, foreignStrings(), 'submission');
    expect(await events(t, 'supplier_invoice.submitted')).toBe(before + 1);
    const event = await t.database.db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'supplier_invoice.submitted')
      .where('object_id', '=', reply.body.id as string)
      .executeTakeFirstOrThrow();
    expect(event.actor_type).toBe('portal');
    expect(event.actor_portal_person_id).toBe(own.personId);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/v2/supplier-invoices/${reply.body.id}/pdf`,
      headers: { authorization: `Bearer ${t.account.apiKey}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    // Invoiced now: neither order may go on another invoice.
    const orders = await own.browser.get('/v2/portal/purchase-orders');
    expect((orders.body as Array<{ id: string; invoiced: boolean }>).find((order) => order.id === a.id)!.invoiced).toBe(true);
    expect(expectError(await submit(own.browser, valid([a.id], '100.10')), 409, 'state_conflict').message).toContain('another of your invoices');
  });

  it('asks an explanation when the total differs from the orders (exact decimals), and keeps it', async () => {
    const order = await purchaseOrder(t.api, own.supplierId, { total: 0.3, work: 'free' });
    const refused = expectError(await submit(own.browser, valid([order.id], '0.31')), 400, 'parameter_invalid');
    expect(refused.details?.[0]?.param).toBe('explanation');
    expect(refused.message).toContain('0.01');
    expect(expectError(await submit(own.browser, valid([order.id], '0.31', { explanation: '   ' })), 400, 'parameter_invalid').details?.[0]?.param).toBe(
      'explanation',
    );
    const ok = await submit(own.browser, valid([order.id], '0.31', { explanation: 'Courier costs' }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ total: 0.31, purchaseOrdersTotal: 0.3, explanation: 'Courier costs' });
  });

  it('answers 400 for each bad field, and stores nothing', async () => {
    const order = await purchaseOrder(t.api, own.supplierId, { total: 10, work: 'free' });
    const blobs = await t.app.storage.count();
    const cases: Array<[Parameters<typeof valid>[2], string, string]> = [
      [{ number: '' }, 'number', 'parameter_invalid'],
      [{ number: undefined }, 'number', 'parameter_missing'],
      [{ date: '2026-13-45' }, 'date', 'parameter_invalid'],
      [{ date: undefined }, 'date', 'parameter_missing'],
      [{ currency: 'EURO' }, 'currency', 'parameter_invalid'],
      [{ total: '10,00' }, 'total', 'parameter_invalid'],
      [{ total: '-10' }, 'total', 'parameter_invalid'],
      [{ total: '10.001' }, 'total', 'parameter_invalid'],
      [{ purchaseOrderIds: [] }, 'purchaseOrderIds', 'parameter_missing'],
      [{ purchaseOrderIds: ['nope'] }, 'purchaseOrderIds[0]', 'parameter_invalid'],
      [{ purchaseOrderIds: [order.id, order.id] }, 'purchaseOrderIds', 'parameter_invalid'],
      [{ file: null }, 'file', 'parameter_missing'],
      [{ file: Buffer.from('GIF89a not a pdf') }, 'file', 'parameter_invalid'],
      [{ fileType: 'image/png' }, 'file', 'parameter_invalid'],
      [{ extra: [{ name: 'margin', content: '1' }] }, 'margin', 'parameter_unknown'],
    ];
    for (const [change, param, code] of cases) {
      const reply = await submit(own.browser, { ...valid([order.id], '10'), ...change });
      const error = expectError(reply, 400, code);
      expect(error.details?.[0]?.param, `${JSON.stringify(change)}: ${error.message}`).toBe(param);
    }
    expect(await t.app.storage.count()).toBe(blobs);
  });

  it('answers 415 for a body that is not multipart, 400 for a cut one, 413 for a PDF over 20 MiB', async () => {
    const headers = { cookie: `td_portal=${own.browser.cookie}`, 'x-csrf-token': own.browser.csrfToken! };
    expectError(await rawPost(t.app, { ...headers, 'content-type': 'application/json' }, '{"number":"1"}'), 415, 'unsupported_media_type');
    const cut = await rawPost(t.app, { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, `--${BOUNDARY}\r\nContent-Disp`);
    expect(cut.status).toBe(400);
    const order = await purchaseOrder(t.api, own.supplierId, { total: 10, work: 'free' });
    const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]);
    expectError(await submit(own.browser, { ...valid([order.id], '10'), file: big }), 413, 'payload_too_large');
  });

  it('is a 404 for an order of another supplier, of another account, or none; nothing is stored', async () => {
    const theirs = await purchaseOrder(t.api, other.supplierId, { total: 10, work: 'free' });
    const foreignOrder = await purchaseOrder(t.otherApi, foreign.supplierId, { total: 10, work: 'free' });
    const mine = await purchaseOrder(t.api, own.supplierId, { total: 10, work: 'free' });
    const blobs = await t.app.storage.count();
    for (const id of [theirs.id, foreignOrder.id, MISSING_ID]) expectError(await submit(own.browser, valid([mine.id, id], '20')), 404, 'resource_missing');
    expect(await t.app.storage.count()).toBe(blobs);
    expect((await own.browser.get('/v2/portal/purchase-orders?invoiceable=true')).body.map((order: { id: string }) => order.id)).toContain(mine.id);
  });

  it('is a 409 for an order not completed, not issued, or in another currency', async () => {
    const open = await purchaseOrder(t.api, own.supplierId, { total: 10, work: 'open' });
    expect(expectError(await submit(own.browser, valid([open.id], '10')), 409, 'state_conflict').message).toContain('not completed');
    const draft = await purchaseOrder(t.api, own.supplierId, { total: 10, work: 'free', send: false });
    expect(expectError(await submit(own.browser, valid([draft.id], '10')), 409, 'state_conflict').message).toContain('not issued');
    const dollars = await purchaseOrder(t.api, own.supplierId, { total: 10, work: 'free', currency: 'USD' });
    expect(expectError(await submit(own.browser, valid([dollars.id], '10')), 409, 'state_conflict').message).toContain('USD');
  });

  it('a rejected invoice frees its orders for a new one', async () => {
    const order = await purchaseOrder(t.api, own.supplierId, { total: 40, work: 'free' });
    const first = await submit(own.browser, valid([order.id], '40'));
    expect(first.status).toBe(201);
    expect((await t.api.post(`/v2/supplier-invoices/${first.body.id}/reject`, { reason: 'Wrong VAT number' })).status).toBe(200);
    const seen = await own.browser.get(`/v2/portal/invoices/${first.body.id}`);
    expect(seen.body).toMatchObject({ status: 'rejected', rejectionReason: 'Wrong VAT number', decidedAt: expect.any(String) });
    expect((await submit(own.browser, valid([order.id], '40', { number: 'INV-2026-043' }))).status).toBe(201);
  });
});

describe('GET /v2/portal/invoices', () => {
  it("lists the supplier's own invoices, newest first, and answers one; another supplier's is a 404", async () => {
    const order = await purchaseOrder(t.api, own.supplierId, { total: 12, work: 'free' });
    const created = await submit(own.browser, valid([order.id], '12', { number: 'LIST-1' }));
    expect(created.status).toBe(201);
    const list = await own.browser.get('/v2/portal/invoices');
    expect(list.status).toBe(200);
    expect(list.body[0]).toEqual(created.body);
    expectNothingForeign(list.body, foreignStrings(), 'invoices');
    expect((await other.browser.get('/v2/portal/invoices')).body).toEqual([]);
    expect((await own.browser.get(`/v2/portal/invoices/${created.body.id}`)).body).toEqual(created.body);
    expectError(await other.browser.get(`/v2/portal/invoices/${created.body.id}`), 404, 'resource_missing');
    expectError(await foreign.browser.get(`/v2/portal/invoices/${created.body.id}`), 404, 'resource_missing');
    expectError(await own.browser.get(`/v2/portal/invoices/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await own.browser.get('/v2/portal/invoices/nope'), 404, 'resource_missing');
    expectError(await own.browser.get('/v2/portal/invoices?extra=1'), 400, 'parameter_unknown');
  });
});
