import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type TestContext, type Value } from '../../helper.js';
import { startMailServer, type MailServer } from '../../mail-server.js';
import { deliveriesOf, testWorker } from '../outbox/fixture.js';
import { expectNothingForeign, grantAccess, PortalBrowser, signedInSupplierPerson, supplierWithContact, tokenOf } from './fixture.js';

/** Purchase orders on acceptance and on the portal (docs/supplier-portal.md#purchase-orders). */
let t: TestContext;
let mail: MailServer;
beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ SMTP_URL: mail.url, MAIL_FROM: 'Agency One <desk@agency.example>', OUTBOX_WORKER: 'false' });
  expect((await t.api.put('/v2/account', { name: 'Lingua Agency', purchaseOrderNumberFormat: 'PO-{YYYY}-{SEQ:4}' })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

/** A signed-in supplier person and a job outsourced to their supplier, offered on the portal with these settings. */
async function scene(
  name: string,
  portal: Record<string, Value> = { enabled: true, confirm: true, generatePurchaseOrderOnAcceptation: true },
  currency = 'EUR',
) {
  const person = await signedInSupplierPerson(t.app, t.api, name);
  const service = (await t.api.post('/v2/account/services', { name: `PO ${name}` })).body.id as string;
  const unit = ((await t.api.get('/v2/account/quantity-types')).body as Array<{ id: string }>)[0]!.id;
  const client = (await t.api.post('/v2/clients', { name: `Secret Client ${name}`, currency })).body.id as string;
  const job = await t.api.post('/v2/jobs', { name: `Leaflet for ${name}`, client, service, quantity: 1000, quantityType: unit });
  expect(job.status, JSON.stringify(job.body)).toBe(201);
  const created = await t.api.post(`/v2/jobs/${job.body.id}/outsourcing`, { supplier: person.supplierId, unitCost: 0.07 });
  const outsourcingId = created.body.outsourcing.at(-1).id as string;
  const put = await t.api.put(`/v2/jobs/${job.body.id}/outsourcing/${outsourcingId}/portal`, portal, { json: true });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return { ...person, client, jobId: job.body.id as string, outsourcingId, work: `/v2/portal/work/${outsourcingId}` };
}

/** The agency's purchase orders of a supplier. */
const ordersOf = async (supplierId: string) =>
  (await t.api.get('/v2/purchase-orders', { supplier: supplierId })).body.items as Array<{
    id: string;
    number: string | null;
    status: number;
    issueDate: string | null;
    total: { total: number };
    lines: Array<{ outsourcing?: { id: string } }>;
  }>;

describe('a purchase order on acceptance', () => {
  it('accepting work that asks one issues its purchase order in the accept: numbered, sent, e-mailed, on the portal', async () => {
    const s = await scene('Ordered Supplier');
    const accepted = await s.browser.request('POST', `${s.work}/accept`, { comment: 'Gladly' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    const [order, ...more] = await ordersOf(s.supplierId);
    expect(more).toEqual([]);
    expect(order).toMatchObject({ status: 2, number: expect.stringMatching(/^PO-\d{4}-\d{4}$/), total: { total: 70 } });
    expect(order!.lines.map((line) => line.outsourcing?.id)).toEqual([s.outsourcingId]);
    // The answer of the accept already carries it: the supplier's figures only.
    expect(accepted.body.purchaseOrder).toEqual({
      id: order!.id,
      number: order!.number,
      date: order!.issueDate,
      total: 70,
      currency: { code: 'EUR', symbol: '€' },
    });
    expectNothingForeign(accepted.body, [s.client, 'Secret Client'], 'accept');
    expect((await s.browser.get('/v2/portal/work')).body[0].purchaseOrder).toEqual(accepted.body.purchaseOrder);

    // Events of the agency's own send, with the portal person as actor.
    const sent = await t.api.get('/v2/events', { type: 'purchase_order.sent' });
    expect(sent.body.items[0]).toMatchObject({ data: { id: order!.id }, actor: { type: 'portal', portalPersonId: s.personId } });
    expect((await t.api.get('/v2/events', { type: 'purchaseOrder.created' })).body.items[0].data.id).toBe(order!.id);

    // Its e-mail is queued in the accept's transaction, and sent with the PDF after it.
    const queued = (await deliveriesOf(t.database, t.account.accountId)).filter(
      (row) => row.kind === 'email' && JSON.parse(row.payload).documentId === order!.id,
    );
    expect(queued).toHaveLength(1);
    expect(JSON.parse(queued[0]!.payload).to).toEqual([expect.objectContaining({ address: s.email })]);
    expect((await t.api.get(`/v2/purchase-orders/${order!.id}`)).body.sentDateStatus).toMatchObject({ status: 'processed' });
    const count = mail.messages.length;
    await testWorker(t.database, t.config).drainOnce();
    const message = mail.messages.slice(count).find((item) => item.recipients.includes(s.email))!;
    expect(message.parsed.subject).toContain(order!.number!);
    expect(message.parsed.attachments.map((item: { contentType: string }) => item.contentType)).toContain('application/pdf');

    const pdf = await s.browser.get(`${s.work}/purchase-order`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(order!.number!);
    expect(pdf.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('makes none when the work does not ask one, nor when the outsourcing is on a purchase order already', async () => {
    const plain = await scene('Unordered Supplier', { enabled: true, confirm: true });
    expect((await plain.browser.request('POST', `${plain.work}/accept`)).body).toMatchObject({ confirm: { status: 2 }, purchaseOrder: null });
    expect(await ordersOf(plain.supplierId)).toEqual([]);
    expectError(await plain.browser.get(`${plain.work}/purchase-order`), 404, 'resource_missing');

    const drafted = await scene('Drafted Supplier');
    const draft = await t.api.post('/v2/purchase-orders', { supplier: drafted.supplierId, outsourcing: [drafted.outsourcingId] }, { json: true });
    expect(draft.status).toBe(201);
    expect((await drafted.browser.request('POST', `${drafted.work}/accept`)).body).toMatchObject({ confirm: { status: 2 }, purchaseOrder: null });
    expect((await ordersOf(drafted.supplierId)).map((order) => [order.id, order.status])).toEqual([[draft.body.id, 1]]);
    // A draft is not the supplier's to see; once the agency sends it, it is.
    expectError(await drafted.browser.get(`${drafted.work}/purchase-order`), 404, 'resource_missing');
    expect((await t.api.post(`/v2/purchase-orders/${draft.body.id}/send`)).status).toBe(200);
    expect((await drafted.browser.get(drafted.work)).body.purchaseOrder).toMatchObject({ id: draft.body.id });
    expect((await drafted.browser.get(`${drafted.work}/purchase-order`)).status).toBe(200);
    // Cancelled, it orders nothing any more.
    expect((await t.api.post(`/v2/purchase-orders/${draft.body.id}/cancel`)).status).toBe(200);
    expect((await drafted.browser.get(drafted.work)).body.purchaseOrder).toBeNull();
  });

  it('the agency’s accept on the supplier’s behalf issues it too, recorded as the agency’s', async () => {
    const s = await scene('Behalf Ordered Supplier');
    const accepted = await t.api.post(`/v2/jobs/${s.jobId}/outsourcing/${s.outsourcingId}/portal/accept`, {}, { json: true });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const [order, ...more] = await ordersOf(s.supplierId);
    expect(more).toEqual([]);
    expect(order).toMatchObject({ status: 2, number: expect.any(String) });
    const sent = await t.api.get('/v2/events', { type: 'purchase_order.sent' });
    expect(sent.body.items[0]).toMatchObject({ data: { id: order!.id }, actor: { type: 'key' } });
    expect((await s.browser.get(s.work)).body.purchaseOrder).toMatchObject({ id: order!.id, number: order!.number });
  });

  it('is in the outsourcing’s currency, not the supplier’s', async () => {
    // The supplier is in euros; the job, and so its outsourcing, in US dollars.
    const s = await scene('Dollar Supplier', undefined, 'USD');
    const accepted = await s.browser.request('POST', `${s.work}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.purchaseOrder).toMatchObject({ total: 70, currency: { code: 'USD' } });
    expect(await ordersOf(s.supplierId)).toEqual([expect.objectContaining({ status: 2, currency: expect.objectContaining({ code: 'USD' }) })]);
  });

  it('a refusal makes none, and a second accept is refused without another', async () => {
    const s = await scene('Refusing Supplier');
    expect((await s.browser.request('POST', `${s.work}/refuse`, { reason: 'Too busy' })).status).toBe(200);
    expect(await ordersOf(s.supplierId)).toEqual([]);
    const again = await scene('Twice Supplier');
    expect((await again.browser.request('POST', `${again.work}/accept`)).status).toBe(200);
    expectError(await again.browser.request('POST', `${again.work}/accept`), 409, 'state_conflict');
    expect(await ordersOf(again.supplierId)).toHaveLength(1);
  });
});

describe('GET /v2/portal/work/:id/purchase-order', () => {
  it('404 for unknown work, another supplier’s work and work off the portal; 400 for a query parameter', async () => {
    const s = await scene('Guarded Supplier');
    expect((await s.browser.request('POST', `${s.work}/accept`)).status).toBe(200);
    expectError(await s.browser.get(`/v2/portal/work/${MISSING_ID}/purchase-order`), 404, 'resource_missing');
    expectError(await s.browser.get(`${s.work}/purchase-order?extra=1`), 400, 'parameter_unknown');

    const other = await signedInSupplierPerson(t.app, t.api, 'Other Guarded Supplier');
    expectError(await other.browser.get(`${s.work}/purchase-order`), 404, 'resource_missing');
    // Another account's person, and the agency's credentials.
    const foreign = await supplierWithContact(t.otherApi, 'Foreign Guarded Supplier');
    const browser = new PortalBrowser(t.app);
    await browser.signIn(tokenOf((await grantAccess(t.otherApi, foreign.supplierId, foreign.contactId)).body.link.url));
    expectError(await browser.get(`${s.work}/purchase-order`), 404, 'resource_missing');
    expectError(await t.api.get(`${s.work}/purchase-order`), 401, 'unauthorized');

    await t.api.put(`/v2/jobs/${s.jobId}/outsourcing/${s.outsourcingId}/portal`, { enabled: false }, { json: true });
    expectError(await s.browser.get(`${s.work}/purchase-order`), 404, 'resource_missing');
  });
});
