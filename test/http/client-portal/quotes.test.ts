import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { Browser, userWithPassword } from '../auth/fixture.js';
import { deliveriesOf } from '../outbox/fixture.js';
import { signedInSupplierPerson } from '../portal/fixture.js';
import { clientWork, quoteOf, type ClientWork } from './documents-fixture.js';
import { expectClientPortalSafe, signedInClientPerson } from './fixture.js';

/** The client's quotes on the client portal (docs/client-portal.md#quotes): reading, the PDF, accepting and refusing with evidence. */
let t: TestContext;
let w: ClientWork;
let own: Awaited<ReturnType<typeof signedInClientPerson>>;
let other: Awaited<ReturnType<typeof signedInClientPerson>>;
let foreign: string[];
const UA = 'Mozilla/5.0 (Quote test)';

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM: 'Agency One <desk@agency.example>', OUTBOX_WORKER: 'false' });
  w = await clientWork(t.api);
  // The manager's e-mail goes to the quote's creator, else (a key's user without an address, here) to the account's address.
  expect((await t.api.put('/v2/account', { email: 'desk@agency.example' })).status).toBe(200);
  own = await signedInClientPerson(t.app, t.api, 'Quote Client', ['approve']);
  other = await signedInClientPerson(t.app, t.api, 'Other Quote Client', ['approve']);
  foreign = [other.clientId, other.personId, other.email, 'Other Quote Client'];
});
afterAll(async () => {
  await t.close();
});

const base = '/v2/portal/client/quotes';

describe('GET /v2/portal/client/quotes', () => {
  it("lists the client's sent quotes, newest first, never drafts nor another client's", async () => {
    const draft = await quoteOf(t.api, w, own.clientId, { send: false });
    const first = await quoteOf(t.api, w, own.clientId);
    const second = await quoteOf(t.api, w, own.clientId);
    const others = await quoteOf(t.api, w, other.clientId);
    const reply = await own.browser.get(base);
    expect(reply.status).toBe(200);
    expectClientPortalSafe(reply.body, foreign);
    const ids = reply.body.map((quote: { id: string }) => quote.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(others.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const listed = reply.body.find((quote: { id: string }) => quote.id === first.id);
    expect(listed).toMatchObject({
      object: 'quote',
      number: expect.any(String),
      status: 'sent',
      expired: false,
      issueDate: expect.any(String),
      currency: { code: 'EUR' },
      total: 151.25,
      answer: null,
    });
  });

  it('refuses an unknown query parameter (400)', async () => {
    expectError(await own.browser.get(`${base}?extra=1`), 400, 'parameter_unknown');
  });
});

describe('GET /v2/portal/client/quotes/:id', () => {
  it('answers the quote with its lines and totals, and nothing of the agency behind them', async () => {
    const quote = await quoteOf(t.api, w, own.clientId);
    const reply = await own.browser.get(`${base}/${quote.id}`);
    expect(reply.status).toBe(200);
    expectClientPortalSafe(reply.body, foreign);
    expect(reply.body.lines).toEqual([
      { description: 'Project management', quantity: 2, unit: null, unitPrice: 12.5, amount: 25 },
      { description: expect.stringMatching(/^Job /), quantity: 100, unit: expect.stringMatching(/^Words /), unitPrice: 1, amount: 100 },
    ]);
    expect(reply.body.totals).toEqual({
      subtotal: 125,
      discount: 0,
      taxes: [{ name: expect.stringMatching(/^VAT/), rate: 0.21, amount: 26.25 }],
      total: 151.25,
    });
    expect(JSON.stringify(reply.body)).not.toContain(quote.job);
    expect(Object.keys(reply.body)).not.toContain('notes');
  });

  it("404 for a draft, another client's quote, or none; or a malformed id; 400 for an unknown parameter", async () => {
    const draft = await quoteOf(t.api, w, own.clientId, { send: false });
    const others = await quoteOf(t.api, w, other.clientId);
    expectError(await own.browser.get(`${base}/${draft.id}`), 404, 'resource_missing');
    expectError(await own.browser.get(`${base}/${others.id}`), 404, 'resource_missing');
    expectError(await own.browser.get(`${base}/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await own.browser.get(`${base}/not-an-id`), 404, 'resource_missing');
    expectError(await own.browser.get(`${base}/${others.id}?extra=1`), 400, 'parameter_unknown');
  });
});

describe('GET /v2/portal/client/quotes/:id/pdf', () => {
  it('answers the PDF the agency sends; 404 for a quote of another client', async () => {
    const quote = await quoteOf(t.api, w, own.clientId);
    const reply = await own.browser.get(`${base}/${quote.id}/pdf`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(String(reply.raw.rawPayload.subarray(0, 5))).toBe('%PDF-');
    const agency = await t.api.get(`/v2/quotes/${quote.id}/pdf`);
    expect(reply.headers['content-disposition']).toBe(agency.headers['content-disposition']);
    const others = await quoteOf(t.api, w, other.clientId);
    expectError(await own.browser.get(`${base}/${others.id}/pdf`), 404, 'resource_missing');
    expectError(await own.browser.get(`${base}/${quote.id}/pdf?extra=1`), 400, 'parameter_unknown');
  });
});

describe('POST /v2/portal/client/quotes/:id/accept', () => {
  it("moves the quote and its jobs exactly as the agency's accept does, with the evidence, the events and the manager's e-mail", async () => {
    const byAgency = await quoteOf(t.api, w, own.clientId);
    const byClient = await quoteOf(t.api, w, own.clientId);
    expect((await t.api.post(`/v2/quotes/${byAgency.id}/accept`, {})).status).toBe(200);
    const reply = await own.browser.request('POST', `${base}/${byClient.id}/accept`, { comment: 'Go ahead' }, { headers: { 'user-agent': UA } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expectClientPortalSafe(reply.body, foreign);
    expect(reply.body).toMatchObject({ status: 'accepted', answer: { answer: 'accepted', personName: 'Quote Client Person', comment: 'Go ahead' } });

    const agencyQuote = (await t.api.get(`/v2/quotes/${byAgency.id}`)).body;
    const clientQuote = (await t.api.get(`/v2/quotes/${byClient.id}`)).body;
    expect(clientQuote.status).toBe(agencyQuote.status);
    expect(clientQuote.status).toBe(3);
    const agencyJob = (await t.api.get(`/v2/jobs/${byAgency.job}`)).body;
    const clientJob = (await t.api.get(`/v2/jobs/${byClient.job}`)).body;
    expect(clientJob.status).toBe(agencyJob.status);
    expect(clientJob.estimation.type).toBe(agencyJob.estimation.type);

    const evidence = await t.api.get(`/v2/quotes/${byClient.id}/portal-answer`);
    expect(evidence.status).toBe(200);
    expect(evidence.body).toEqual({
      object: 'quotePortalAnswer',
      quote: { id: byClient.id },
      answer: 'accepted',
      person: { id: own.personId, name: 'Quote Client Person' },
      answeredAt: expect.any(String),
      ip: '127.0.0.1',
      userAgent: UA,
      comment: 'Go ahead',
    });
    expect((await t.api.get(`/v2/quotes/${byAgency.id}/portal-answer`)).body).toBeNull();

    const events = await t.database.db
      .selectFrom('events')
      .select(['type', 'actor_type', 'actor_portal_person_id'])
      .where('object_id', '=', byClient.id)
      .where('type', 'in', ['quote.accepted', 'quote.updated'])
      .orderBy('created_at')
      .execute();
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['quote.accepted']));
    const accepted = events.find((event) => event.type === 'quote.accepted')!;
    expect(accepted).toMatchObject({ actor_type: 'portal', actor_portal_person_id: own.personId });

    const mails = (await deliveriesOf(t.database, t.account.accountId)).filter((row) => row.kind === 'portal_mail' && row.event_type === 'quote.accepted');
    const mail = mails.map((row) => JSON.parse(row.payload)).find((payload) => payload.subject.includes(clientQuote.number));
    expect(mail).toMatchObject({ to: 'desk@agency.example', subject: `Quote ${clientQuote.number} accepted by Quote Client` });
    expect(mail.text).toContain('Go ahead');
    expect(mail.text).toContain(UA);
  });

  it('e-mails the user who created the quote when they have an address', async () => {
    const email = `quote-maker-${Math.random().toString(36).slice(2, 8)}@agency.example`;
    const user = await userWithPassword(t, email);
    const agency = new Browser(t.app);
    expect((await agency.login(user.email, user.password)).status).toBe(200);
    const job = (
      await t.api.post('/v2/jobs', { name: 'Made by a user', client: own.clientId, quantity: 1, quantityType: w.unit, service: w.service, fixedPrice: 5 })
    ).body.id as string;
    const created = await agency.request('POST', '/v2/quotes', { client: own.clientId, jobs: [job] }, { json: true });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await agency.request('POST', `/v2/quotes/${created.body.id}/send`, {}, { json: true })).status).toBe(200);
    expect((await own.browser.request('POST', `${base}/${created.body.id}/refuse`, { comment: 'Not now' })).status).toBe(200);
    const mails = (await deliveriesOf(t.database, t.account.accountId)).filter((row) => row.kind === 'portal_mail' && row.event_type === 'quote.refused');
    expect(mails.map((row) => JSON.parse(row.payload).to)).toContain(email);
  });

  it('accepts with no body at all', async () => {
    const quote = await quoteOf(t.api, w, own.clientId);
    const reply = await own.browser.request('POST', `${base}/${quote.id}/accept`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.answer.comment).toBe('');
  });

  it('409 once answered (by the portal or by the agency), and for an expired quote; nothing is written', async () => {
    const quote = await quoteOf(t.api, w, own.clientId);
    expect((await own.browser.request('POST', `${base}/${quote.id}/accept`, {})).status).toBe(200);
    expect(expectError(await own.browser.request('POST', `${base}/${quote.id}/accept`, {}), 409, 'state_conflict').message).toMatch(/already answered/);
    expectError(await own.browser.request('POST', `${base}/${quote.id}/refuse`, { comment: 'Too late' }), 409, 'state_conflict');
    const refusedByAgency = await quoteOf(t.api, w, own.clientId);
    expect((await t.api.post(`/v2/quotes/${refusedByAgency.id}/refuse`, {})).status).toBe(200);
    expect(expectError(await own.browser.request('POST', `${base}/${refusedByAgency.id}/accept`, {}), 409, 'state_conflict').message).toMatch(/refused/);
    const expired = await quoteOf(t.api, w, own.clientId, { validityDate: '2020-01-31' });
    expect((await own.browser.get(`${base}/${expired.id}`)).body.expired).toBe(true);
    expect(expectError(await own.browser.request('POST', `${base}/${expired.id}/accept`, {}), 409, 'state_conflict').message).toMatch(/expired on 2020-01-31/);
    expect((await t.api.get(`/v2/quotes/${expired.id}`)).body.status).toBe(2);
    expect((await t.api.get(`/v2/quotes/${expired.id}/portal-answer`)).body).toBeNull();
  });

  it("400 for an unknown field or a comment too long; 404 for a draft or another client's quote", async () => {
    const quote = await quoteOf(t.api, w, own.clientId);
    expectError(await own.browser.request('POST', `${base}/${quote.id}/accept`, { comment: 'ok', extra: 1 }), 400, 'parameter_unknown');
    expectError(await own.browser.request('POST', `${base}/${quote.id}/accept`, { comment: 'x'.repeat(2001) }), 400, 'parameter_invalid');
    const draft = await quoteOf(t.api, w, own.clientId, { send: false });
    const others = await quoteOf(t.api, w, other.clientId);
    expectError(await own.browser.request('POST', `${base}/${draft.id}/accept`, {}), 404, 'resource_missing');
    expectError(await own.browser.request('POST', `${base}/${others.id}/accept`, {}), 404, 'resource_missing');
    expect((await t.api.get(`/v2/quotes/${others.id}`)).body.status).toBe(2);
    expect((await t.api.get(`/v2/quotes/${quote.id}`)).body.status).toBe(2);
  });
});

describe('POST /v2/portal/client/quotes/:id/refuse', () => {
  it('refuses the quote with the reason, as the agency refuses it', async () => {
    const quote = await quoteOf(t.api, w, own.clientId);
    const reply = await own.browser.request('POST', `${base}/${quote.id}/refuse`, { comment: ' Too expensive ' }, { headers: { 'user-agent': UA } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expectClientPortalSafe(reply.body, foreign);
    expect(reply.body).toMatchObject({ status: 'refused', answer: { answer: 'refused', comment: 'Too expensive' } });
    expect((await t.api.get(`/v2/quotes/${quote.id}`)).body.status).toBe(4);
    expect((await t.api.get(`/v2/quotes/${quote.id}/portal-answer`)).body).toMatchObject({ answer: 'refused', userAgent: UA, comment: 'Too expensive' });
    const listed = (await own.browser.get(base)).body.find((item: { id: string }) => item.id === quote.id);
    expect(listed).toMatchObject({ status: 'refused', answer: { answer: 'refused' } });
  });

  it('400 without a reason, with a blank one, or an unknown field', async () => {
    const quote = await quoteOf(t.api, w, own.clientId);
    expectError(await own.browser.request('POST', `${base}/${quote.id}/refuse`, {}), 400, 'parameter_missing');
    expect(expectError(await own.browser.request('POST', `${base}/${quote.id}/refuse`, { comment: '   ' }), 400, 'parameter_invalid').details?.[0]?.param).toBe(
      'comment',
    );
    expectError(await own.browser.request('POST', `${base}/${quote.id}/refuse`, { comment: 'No', extra: 1 }), 400, 'parameter_unknown');
    expect((await t.api.get(`/v2/quotes/${quote.id}`)).body.status).toBe(2);
  });
});

describe('who may reach the quotes', () => {
  it('403 for a client person without `approve` and for a supplier person; 401 without a session, with a key or an agency session', async () => {
    const quote = await quoteOf(t.api, w, own.clientId);
    const noApprove = await signedInClientPerson(t.app, t.api, 'Requests Only', ['request', 'invoices']);
    const supplier = await signedInSupplierPerson(t.app, t.api, 'Quote Supplier');
    const agency = new Browser(t.app);
    const user = await userWithPassword(t, `quotes-agency-${Math.random().toString(36).slice(2, 8)}@agency.example`);
    expect((await agency.login(user.email, user.password)).status).toBe(200);
    const calls: Array<['GET' | 'POST', string, Record<string, string>?]> = [
      ['GET', base],
      ['GET', `${base}/${quote.id}`],
      ['GET', `${base}/${quote.id}/pdf`],
      ['POST', `${base}/${quote.id}/accept`, {}],
      ['POST', `${base}/${quote.id}/refuse`, { comment: 'No' }],
    ];
    for (const [method, url, body] of calls) {
      expectError(await noApprove.browser.request(method, url, body), 403, 'forbidden');
      expectError(await supplier.browser.request(method, url, body), 403, 'forbidden');
      expectError(await t.api.request(method, url, body), 401, 'unauthorized');
      expectError(await t.api.withKey(undefined).request(method, url, body), 401, 'unauthorized');
      expectError(await agency.request(method, url, body), 401, 'unauthorized');
    }
    expect((await t.api.get(`/v2/quotes/${quote.id}`)).body.status).toBe(2);
  });

  it("the agency's read of the portal answer: 404 for a quote of another account or none", async () => {
    const quote = await quoteOf(t.api, w, own.clientId);
    expectError(await t.otherApi.get(`/v2/quotes/${quote.id}/portal-answer`), 404, 'resource_missing');
    expectError(await t.api.get(`/v2/quotes/${MISSING_ID}/portal-answer`), 404, 'resource_missing');
    expectError(await t.api.get(`/v2/quotes/${quote.id}/portal-answer?extra=1`), 400, 'parameter_unknown');
  });
});
