import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../src/core/db/schema.js';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { MISSING_ID, createTestApp, expectError, type Api, type TestContext } from '../../helper.js';
import { startMailServer, type MailServer } from '../../mail-server.js';
import { mailSteps } from './email-fixture.js';

/**
 * `POST …/:id/email`, `GET …/:id/email-draft` and `GET …/:id/emails` refuse what they must
 * (docs/documents.md#e-mailing-documents): each validation error, a draft (409
 * `document_not_sent`), an unknown or another account's document (404), the roles of the kind
 * (docs/access.md#roles), and a server without SMTP (409 `smtp_not_configured`). Nothing is queued
 * by a refusal.
 */
let mail: MailServer;
let t: TestContext;
const steps = mailSteps(() => t);
let invoice: any;
let quote: any;

async function keyOf(role: Role): Promise<Api> {
  const user = await t.api.post('/v2/users', { name: `The ${role}`, role });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  const { apiKey } = await insertApiKey(t.database.db, t.account.accountId, user.body.id, { name: `${role} key` });
  return t.api.withKey(apiKey);
}

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ SMTP_URL: mail.url, MAIL_FROM: 'Agency One <desk@agency.example>' });
  const clientId = await steps.party(t.api, '/v2/clients', 'Errors', 'ap@errors.example');
  invoice = await steps.sent(t.api, '/v2/invoices', { client: clientId });
  quote = await steps.sent(t.api, '/v2/quotes', { client: clientId });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

describe('validation (400, nothing queued)', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['an address that is not one', { to: ['not-an-address'] }, 'parameter_invalid'],
    ['a copy that is not an address', { cc: ['ann@'] }, 'parameter_invalid'],
    ['to that is not a list', { to: 'ann@errors.example' }, 'parameter_invalid'],
    ['more than 50 addressees', { to: Array.from({ length: 51 }, (_, i) => `p${i}@errors.example`) }, 'parameter_invalid'],
    ['an empty subject', { subject: '' }, 'parameter_invalid'],
    ['a blank subject', { subject: '   ' }, 'parameter_invalid'],
    ['a subject on two lines', { subject: 'Invoice\r\nBcc: spy@evil.example' }, 'parameter_invalid'],
    ['a subject over 300 characters', { subject: 'x'.repeat(301) }, 'parameter_invalid'],
    ['an empty message', { message: '' }, 'parameter_invalid'],
    ['a blank message', { message: ' \n ' }, 'parameter_invalid'],
    ['a message over 20 000 characters', { message: 'x'.repeat(20_001) }, 'parameter_invalid'],
    ['an unknown field', { bcc: ['spy@evil.example'] }, 'parameter_unknown'],
  ];
  it.each(cases)('%s', async (_name, body, code) => {
    const before = (await steps.emailDeliveries()).length;
    const reply = await t.api.post(`/v2/invoices/${invoice.id}/email`, body as never, { json: true });
    expectError(reply, 400, code);
    expect(await steps.emailDeliveries()).toHaveLength(before);
  });

  it('the send refuses the same body errors, and stays a draft', async () => {
    const draft = await steps.draft(t.api, '/v2/quotes', { client: quote.client.id });
    expectError(await t.api.post(`/v2/quotes/${draft.id}/send`, { to: ['nope'] }, { json: true }), 400, 'parameter_invalid');
    expect((await t.api.get(`/v2/quotes/${draft.id}`)).body.status).toBe(1);
  });
});

describe('the document', () => {
  it('a draft cannot be e-mailed (409 document_not_sent); its e-mail draft and empty log read', async () => {
    const draft = await steps.draft(t.api, '/v2/invoices', { client: invoice.client.id });
    const reply = await t.api.post(`/v2/invoices/${draft.id}/email`);
    expect(expectError(reply, 409, 'document_not_sent').message).toContain('send it first');
    expect((await t.api.get(`/v2/invoices/${draft.id}/email-draft`)).status).toBe(200);
    expect((await t.api.get(`/v2/invoices/${draft.id}/emails`)).body).toEqual({ items: [] });
  });

  it('an unknown document, or one of another kind: 404', async () => {
    for (const path of [`/v2/invoices/${MISSING_ID}`, `/v2/purchase-orders/${invoice.id}`, `/v2/invoices/${quote.id}`]) {
      expectError(await t.api.post(`${path}/email`), 404, 'resource_missing');
      expectError(await t.api.get(`${path}/emails`), 404, 'resource_missing');
      expectError(await t.api.get(`${path}/email-draft`), 404, 'resource_missing');
    }
  });

  it("another account's document: 404, nothing queued, its log unseen", async () => {
    expect((await t.api.post(`/v2/invoices/${invoice.id}/email`)).status).toBe(202);
    const before = (await steps.emailDeliveries()).length;
    expectError(await t.otherApi.post(`/v2/invoices/${invoice.id}/email`, { to: ['x@other.example'] }, { json: true }), 404, 'resource_missing');
    expectError(await t.otherApi.get(`/v2/invoices/${invoice.id}/emails`), 404, 'resource_missing');
    expectError(await t.otherApi.get(`/v2/invoices/${invoice.id}/email-draft`), 404, 'resource_missing');
    expect(await steps.emailDeliveries()).toHaveLength(before);
  });
});

describe('roles', () => {
  it('who may send a kind e-mails it; every role reads the log and the draft', async () => {
    const keys = { manager: await keyOf('manager'), finance: await keyOf('finance'), viewer: await keyOf('viewer') };
    expectError(await keys.manager.post(`/v2/invoices/${invoice.id}/email`), 403, 'forbidden');
    expectError(await keys.viewer.post(`/v2/invoices/${invoice.id}/email`), 403, 'forbidden');
    expectError(await keys.viewer.post(`/v2/quotes/${quote.id}/email`), 403, 'forbidden');
    const byFinance = await keys.finance.post(`/v2/invoices/${invoice.id}/email`);
    expect(byFinance.status).toBe(202);
    expect(byFinance.body.queuedBy).toEqual({ type: 'key', id: expect.any(String), name: 'The finance' });
    expect((await keys.manager.post(`/v2/quotes/${quote.id}/email`)).status).toBe(202);
    for (const key of Object.values(keys)) {
      expect((await key.get(`/v2/invoices/${invoice.id}/emails`)).status).toBe(200);
      expect((await key.get(`/v2/quotes/${quote.id}/email-draft`)).status).toBe(200);
    }
    const { items } = (await t.api.get(`/v2/quotes/${quote.id}/emails`)).body;
    expect(items[0].queuedBy.name).toBe('The manager');
  });

  it('a read-only key reads but does not e-mail', async () => {
    const reader = t.api.withKey(t.account.readKey);
    expectError(await reader.post(`/v2/invoices/${invoice.id}/email`), 403, 'forbidden');
    expect((await reader.get(`/v2/invoices/${invoice.id}/emails`)).status).toBe(200);
  });
});

describe('without SMTP', () => {
  it('409 smtp_not_configured; the draft says so', async () => {
    const bare = await createTestApp();
    try {
      const clientId = await steps.party(bare.api, '/v2/clients', 'Bare', 'ap@bare.example');
      const sent = await steps.sent(bare.api, '/v2/invoices', { client: clientId });
      expect(sent).toMatchObject({ emailed: false, notEmailedReason: 'smtp_not_configured' });
      expectError(await bare.api.post(`/v2/invoices/${sent.id}/email`), 409, 'smtp_not_configured');
      expect((await bare.api.get(`/v2/invoices/${sent.id}/email-draft`)).body).toMatchObject({
        willSend: false,
        notEmailedReason: 'smtp_not_configured',
        to: [{ address: 'ap@bare.example' }],
      });
      expect((await bare.api.get(`/v2/invoices/${sent.id}/emails`)).body.items).toEqual([]);
    } finally {
      await bare.close();
    }
    // A second app migrates a database of its own: slow on PostgreSQL.
  }, 120_000);
});
