import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { Browser, userWithPassword } from '../auth/fixture.js';
import { signedInSupplierPerson } from '../portal/fixture.js';
import { clientWork, invoiceOf, quoteOf, type ClientWork } from './documents-fixture.js';
import { expectClientPortalSafe, signedInClientPerson } from './fixture.js';

/** The client's invoices and credit notes on the client portal (docs/client-portal.md#invoices). */
let t: TestContext;
let w: ClientWork;
let own: Awaited<ReturnType<typeof signedInClientPerson>>;
let other: Awaited<ReturnType<typeof signedInClientPerson>>;
let foreign: string[];

const RECEIVABLE_KEYS = ['paid', 'outstanding', 'payments', 'dueDate', 'overdue', 'credited'];

beforeAll(async () => {
  t = await createTestApp();
  w = await clientWork(t.api);
  own = await signedInClientPerson(t.app, t.api, 'Invoice Client', ['invoices']);
  other = await signedInClientPerson(t.app, t.api, 'Other Invoice Client', ['invoices']);
  foreign = [other.clientId, other.personId, other.email, 'Other Invoice Client'];
  // What the e-invoice needs: the agency's and the client's VAT numbers and countries.
  expect((await t.api.put('/v2/account', { vatNumber: 'BE0123456749', address: { city: 'Ghent', country: 'BE' } })).status).toBe(200);
  expect((await t.api.put(`/v2/clients/${own.clientId}`, { vatNumber: 'BE0987654321', address: { city: 'Brussels', country: 'BE' } })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const base = '/v2/portal/client/invoices';

describe('GET /v2/portal/client/invoices', () => {
  it("lists the client's issued invoices and credit notes with what is paid and outstanding; never drafts nor another client's", async () => {
    const draft = await invoiceOf(t.api, w, own.clientId, { send: false });
    const partPaid = await invoiceOf(t.api, w, own.clientId, { paid: 21 });
    const credited = await invoiceOf(t.api, w, own.clientId);
    const credit = await t.api.post(`/v2/invoices/${credited.id}/credit`, { amount: 12.1, reason: 'Discount agreed' } /* before VAT */);
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    const others = await invoiceOf(t.api, w, other.clientId);
    const reply = await own.browser.get(base);
    expect(reply.status).toBe(200);
    expectClientPortalSafe(reply.body, foreign);
    const byId = new Map(reply.body.map((invoice: { id: string }) => [invoice.id, invoice]));
    expect(byId.has(draft.id)).toBe(false);
    expect(byId.has(others.id)).toBe(false);
    expect(byId.get(partPaid.id)).toEqual({
      id: partPaid.id,
      object: 'invoice',
      kind: 'invoice',
      number: expect.any(String),
      status: 'sent',
      issueDate: expect.any(String),
      dueDate: expect.any(String),
      overdue: false,
      currency: { code: 'EUR', symbol: '€' },
      total: 121,
      paid: 21,
      credited: 0,
      outstanding: 100,
      creditedInvoice: null,
      purchaseOrder: null,
    });
    expect(byId.get(credited.id)).toMatchObject({ kind: 'invoice', total: 121, credited: 14.64, outstanding: 106.36 });
    expect(byId.get(credit.body.id)).toMatchObject({
      kind: 'creditNote',
      status: 'sent',
      dueDate: null,
      total: -14.64,
      outstanding: 0,
      creditedInvoice: { id: credited.id, number: expect.any(String) },
    });
  });

  it('refuses an unknown query parameter (400)', async () => {
    expectError(await own.browser.get(`${base}?extra=1`), 400, 'parameter_unknown');
  });
});

describe('GET /v2/portal/client/invoices/:id', () => {
  it('answers the invoice with its lines and payments, nothing of the agency behind them', async () => {
    const invoice = await invoiceOf(t.api, w, own.clientId, { paid: 50 });
    const reply = await own.browser.get(`${base}/${invoice.id}`);
    expect(reply.status).toBe(200);
    expectClientPortalSafe(reply.body, foreign);
    expect(reply.body.lines).toEqual([{ description: expect.stringMatching(/^Job /), quantity: 100, unit: expect.any(String), unitPrice: 1, amount: 100 }]);
    expect(reply.body.payments).toEqual([{ date: expect.stringMatching(/^2026-01-15/), amount: 50 }]);
    expect(reply.body).toMatchObject({ paid: 50, outstanding: 71, totals: { subtotal: 100, total: 121 } });
    expect(JSON.stringify(reply.body)).not.toContain(invoice.job);
  });

  it("404 for a draft, another client's invoice, a quote's id, none or a malformed id; 400 for an unknown parameter", async () => {
    const draft = await invoiceOf(t.api, w, own.clientId, { send: false });
    const others = await invoiceOf(t.api, w, other.clientId);
    const quote = await quoteOf(t.api, w, own.clientId);
    for (const id of [draft.id, others.id, quote.id, MISSING_ID, 'not-an-id']) {
      expectError(await own.browser.get(`${base}/${id}`), 404, 'resource_missing');
      expectError(await own.browser.get(`${base}/${id}/pdf`), 404, 'resource_missing');
      expectError(await own.browser.get(`${base}/${id}/ubl`), 404, 'resource_missing');
    }
    expectError(await own.browser.get(`${base}/${others.id}?extra=1`), 400, 'parameter_unknown');
  });
});

describe('GET /v2/portal/client/invoices/:id/pdf and /ubl', () => {
  it("answers the PDF and the e-invoice the agency's routes make", async () => {
    const invoice = await invoiceOf(t.api, w, own.clientId);
    const pdf = await own.browser.get(`${base}/${invoice.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.raw.rawPayload.subarray(0, 5))).toBe('%PDF-');
    const ubl = await own.browser.get(`${base}/${invoice.id}/ubl`);
    expect(ubl.status, String(ubl.body).slice(0, 300)).toBe(200);
    expect(ubl.headers['content-type']).toMatch(/^application\/xml/);
    expect(ubl.headers['content-disposition']).toMatch(/^attachment; filename=".+\.xml"$/);
    expect(String(ubl.raw.rawPayload)).toContain('<Invoice');
    expectError(await own.browser.get(`${base}/${invoice.id}/pdf?extra=1`), 400, 'parameter_unknown');
    expectError(await own.browser.get(`${base}/${invoice.id}/ubl?extra=1`), 400, 'parameter_unknown');
  });
});

describe('who may reach the invoices', () => {
  it('403 for a client person without `invoices` and for a supplier person; 401 without a session, with a key or an agency session', async () => {
    const invoice = await invoiceOf(t.api, w, own.clientId);
    const approveOnly = await signedInClientPerson(t.app, t.api, 'Approver Only', ['request', 'approve']);
    const supplier = await signedInSupplierPerson(t.app, t.api, 'Invoice Supplier');
    const agency = new Browser(t.app);
    const user = await userWithPassword(t, `invoices-agency-${Math.random().toString(36).slice(2, 8)}@agency.example`);
    expect((await agency.login(user.email, user.password)).status).toBe(200);
    for (const url of [base, `${base}/${invoice.id}`, `${base}/${invoice.id}/pdf`, `${base}/${invoice.id}/ubl`]) {
      expectError(await approveOnly.browser.get(url), 403, 'forbidden');
      expectError(await supplier.browser.get(url), 403, 'forbidden');
      expectError(await t.api.get(url), 401, 'unauthorized');
      expectError(await t.api.withKey(undefined).get(url), 401, 'unauthorized');
      expectError(await agency.get(url), 401, 'unauthorized');
    }
  });

  it('no answer of the quotes carries receivables', async () => {
    const both = await signedInClientPerson(t.app, t.api, 'Approves Not Invoices', ['approve']);
    await invoiceOf(t.api, w, both.clientId, { paid: 10 });
    const quote = await quoteOf(t.api, w, both.clientId);
    for (const url of ['/v2/portal/client/quotes', `/v2/portal/client/quotes/${quote.id}`]) {
      const reply = await both.browser.get(url);
      expect(reply.status).toBe(200);
      const keys = JSON.stringify(reply.body);
      for (const key of RECEIVABLE_KEYS) expect(keys).not.toContain(`"${key}"`);
    }
    const session = await both.browser.get('/v2/portal/session');
    for (const key of RECEIVABLE_KEYS) expect(JSON.stringify(session.body)).not.toContain(`"${key}"`);
  });
});
