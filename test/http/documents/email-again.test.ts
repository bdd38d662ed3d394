import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../helper.js';
import { addressesOf, startMailServer, type MailServer } from '../../mail-server.js';
import { testWorker } from '../outbox/fixture.js';
import { mailSteps } from './email-fixture.js';

/**
 * E-mailing a sent document again, the e-mail a send would queue, and the mail log
 * (docs/documents.md#e-mailing-documents): `POST …/:id/email`, `GET …/:id/email-draft`,
 * `GET …/:id/emails`, and the party's own e-mail when no contact is marked, against a real SMTP
 * server. Errors, the account boundary and the roles: email-again-errors.test.ts.
 */
let mail: MailServer;
let t: TestContext;
const steps = mailSteps(() => t);
/** Sends what is due as the server's worker does: the deliveries' statuses are the outbox's. */
const drain = () => testWorker(t.database, t.config).drainOnce();

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ SMTP_URL: mail.url, MAIL_FROM: 'Agency One <desk@agency.example>' });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

describe('POST /v2/invoices/:id/email', () => {
  it('queues the e-mail of a sent invoice again, to the given recipients with the given words, and logs it: 202, then sent', async () => {
    const clientId = await steps.party(t.api, '/v2/clients', 'Acme');
    await steps.contact(t.api, `clients/${clientId}`, 'Ann Payable', 'ann@acme.example', { invoice: true });
    const invoice = await steps.sent(t.api, '/v2/invoices', { client: clientId });
    expect(invoice.emailed).toBe(true);
    await drain();
    const before = (await steps.emailDeliveries()).length;

    const reply = await t.api.post(
      `/v2/invoices/${invoice.id}/email`,
      {
        to: ['ann@acme.example', 'Boss@Acme.example'],
        cc: ['ANN@acme.example', 'books@agency.example'],
        subject: 'Reminder: {number}',
        message: 'Dear Ann,\n\nInvoice {number} is still open.\nThanks',
      },
      { json: true },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(202);
    expect(reply.body).toMatchObject({
      object: 'documentEmail',
      documentId: invoice.id,
      // Named as the contacts; an addressee is not copied as well.
      to: [
        { name: 'Ann Payable', address: 'ann@acme.example' },
        { name: '', address: 'Boss@Acme.example' },
      ],
      cc: [{ name: '', address: 'books@agency.example' }],
      subject: `Reminder: ${invoice.number}`,
      customMessage: true,
      status: 'queued',
      attempts: 0,
      error: null,
      queuedBy: { type: 'key', id: t.account.userId },
    });
    const rows = await steps.emailDeliveries();
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1)!;
    expect(row).toMatchObject({ id: reply.body.id, status: 'pending', event_type: 'invoice.sent' });
    expect(JSON.parse(row.payload)).toMatchObject({
      documentId: invoice.id,
      subject: 'Reminder: {number}',
      message: 'Dear Ann,\n\nInvoice {number} is still open.\nThanks',
    });
    expect((await t.api.get(`/v2/invoices/${invoice.id}`)).body.sentDateStatus.status).toBe('processed');

    expect(await drain()).toBe(1);
    const message = mail.messages.at(-1)!;
    // (the domain as mailparser writes it: lower case)
    expect(addressesOf(message.parsed.to)).toEqual(['ann@acme.example', 'Boss@acme.example']);
    expect(addressesOf(message.parsed.cc)).toEqual(['books@agency.example']);
    expect(message.parsed.subject).toBe(`Reminder: ${invoice.number}`);
    expect(message.parsed.text).toBe(`Dear Ann,\n\nInvoice ${invoice.number} is still open.\nThanks\n`);
    expect(message.parsed.html).toContain(`<p>Invoice ${invoice.number} is still open.<br>Thanks</p>`);
    expect(message.parsed.attachments.map((file) => file.filename)).toEqual([`${invoice.number}.pdf`]);

    const log = await t.api.get(`/v2/invoices/${invoice.id}/emails`);
    expect(log.status).toBe(200);
    expect(log.body.items.map((entry: any) => [entry.subject, entry.status, entry.customMessage])).toEqual([
      [`Reminder: ${invoice.number}`, 'sent', true],
      [expect.stringMatching(new RegExp(`^Invoice ${invoice.number} from .+`)), 'sent', false],
    ]);
    expect(log.body.items[0]).toMatchObject({ attempts: 1, error: null });
    expect(log.body.items[1].to).toEqual([{ name: 'Ann Payable', address: 'ann@acme.example' }]);
    expect(log.body.items[0].queuedAt >= log.body.items[1].queuedAt).toBe(true);
    expect((await t.api.get(`/v2/invoices/${invoice.id}`)).body.sentDateStatus.status).toBe('delivered');
  });

  it('without a body: the defaults of the send (the contacts marked, their copies, the default words)', async () => {
    const clientId = await steps.party(t.api, '/v2/clients', 'Defaults');
    await steps.contact(t.api, `clients/${clientId}`, 'Ivo Invoice', 'ivo@defaults.example', { invoice: true });
    await steps.contact(t.api, `clients/${clientId}`, 'Cleo Copy', 'cleo@defaults.example', { invoice: false, ccInvoice: true });
    const invoice = await steps.sent(t.api, '/v2/invoices', { client: clientId });
    const reply = await t.api.post(`/v2/invoices/${invoice.id}/email`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(202);
    expect(reply.body).toMatchObject({ to: [{ address: 'ivo@defaults.example' }], cc: [{ address: 'cleo@defaults.example' }], customMessage: false });
    expect(reply.body.subject).toMatch(new RegExp(`^Invoice ${invoice.number} from `));
    const payload = JSON.parse((await steps.emailDeliveries()).at(-1)!.payload);
    expect(payload.subject).toBeUndefined();
    expect(payload.message).toBeUndefined();
    await drain();
    expect(mail.messages.at(-1)!.parsed.text).toContain(`Please find attached our invoice ${invoice.number}.`);
  });
});

describe('GET …/:id/emails', () => {
  it('shows a refused e-mail as failed, with the SMTP server’s error', async () => {
    const clientId = await steps.party(t.api, '/v2/clients', 'Refused', 'ap@refused.example');
    const invoice = await steps.sent(t.api, '/v2/invoices', { client: clientId });
    mail.reject(550);
    try {
      await drain();
    } finally {
      mail.reject(null);
    }
    const log = (await t.api.get(`/v2/invoices/${invoice.id}/emails`)).body.items;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ status: 'failed', attempts: 1, to: [{ address: 'ap@refused.example' }] });
    expect(log[0].error).toEqual(expect.any(String));
  });
});

describe("the party's own e-mail", () => {
  it('a purchase order to a supplier without contacts goes to the supplier’s e-mail, at the send and again', async () => {
    const supplierId = await steps.party(t.api, '/v2/suppliers', 'Freelancer', 'fran@freelance.example');
    const order = await steps.draft(t.api, '/v2/purchase-orders', { supplier: supplierId });
    const draft = await t.api.get(`/v2/purchase-orders/${order.id}/email-draft`);
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ recipientsSource: 'party', willSend: true, notEmailedReason: null, to: [{ address: 'fran@freelance.example' }] });
    const sent = await t.api.post(`/v2/purchase-orders/${order.id}/send`);
    expect(sent.body).toMatchObject({ emailed: true, notEmailedReason: null });
    expect(JSON.parse((await steps.emailDeliveries()).at(-1)!.payload).to).toEqual([
      { name: expect.stringContaining('Freelancer'), address: 'fran@freelance.example' },
    ]);
    await drain();
    const delivered = mail.messages.filter((m) => m.parsed.subject?.includes(sent.body.number));
    expect(delivered.map((m) => m.recipients)).toEqual([['fran@freelance.example']]);
    const again = await t.api.post(`/v2/purchase-orders/${order.id}/email`);
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect(again.body.to).toEqual([{ name: expect.stringContaining('Freelancer'), address: 'fran@freelance.example' }]);
  });

  it('a contact marked for the kind wins over the party’s e-mail', async () => {
    const clientId = await steps.party(t.api, '/v2/clients', 'Both', 'office@both.example');
    await steps.contact(t.api, `clients/${clientId}`, 'Quinn', 'quinn@both.example', { invoice: false, quote: true });
    const quote = await steps.draft(t.api, '/v2/quotes', { client: clientId });
    const draft = (await t.api.get(`/v2/quotes/${quote.id}/email-draft`)).body;
    expect(draft).toMatchObject({ recipientsSource: 'contacts', to: [{ name: 'Quinn', address: 'quinn@both.example' }] });
  });
});

describe('nobody to e-mail', () => {
  it('the draft says so, the send numbers without e-mail, and e-mailing again is refused (409 no_recipients): nothing queued', async () => {
    const clientId = await steps.party(t.api, '/v2/clients', 'Nobody');
    await steps.contact(t.api, `clients/${clientId}`, 'Quotes Only', 'q@nobody.example', { invoice: false, quote: true });
    const invoice = await steps.draft(t.api, '/v2/invoices', { client: clientId });
    const draft = (await t.api.get(`/v2/invoices/${invoice.id}/email-draft`)).body;
    expect(draft).toMatchObject({ to: [], recipientsSource: 'none', willSend: false, notEmailedReason: 'no_recipients' });
    const before = (await steps.emailDeliveries()).length;
    const sent = await t.api.post(`/v2/invoices/${invoice.id}/send`);
    expect(sent.body).toMatchObject({ status: 2, emailed: false, notEmailedReason: 'no_recipients' });
    const again = await t.api.post(`/v2/invoices/${invoice.id}/email`, { cc: ['copy@nobody.example'] }, { json: true });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('no_recipients');
    const empty = await t.api.post(`/v2/invoices/${invoice.id}/email`, { to: [] }, { json: true });
    expect(empty.body.code).toBe('no_recipients');
    expect(await steps.emailDeliveries()).toHaveLength(before);
    expect((await t.api.get(`/v2/invoices/${invoice.id}/emails`)).body.items).toEqual([]);
  });
});

describe('GET …/:id/email-draft and a send with its own words', () => {
  it('a draft quote: the number as {number}, the PDF to come; the send takes the edited recipients and subject', async () => {
    const clientId = await steps.party(t.api, '/v2/clients', 'Edited');
    await steps.contact(t.api, `clients/${clientId}`, 'Quinn', 'quinn@edited.example', { invoice: false, quote: true });
    const quote = await steps.draft(t.api, '/v2/quotes', { client: clientId });
    const draft = (await t.api.get(`/v2/quotes/${quote.id}/email-draft`)).body;
    expect(draft).toMatchObject({
      object: 'documentEmailDraft',
      language: 'en',
      attachments: [{ filename: '{number}.pdf', contentType: 'application/pdf', optional: false }],
      willSend: true,
    });
    expect(draft.subject).toMatch(/^Quote \{number\} from /);
    expect(draft.message).toContain('Please find attached our quote {number}.');
    const sent = await t.api.post(`/v2/quotes/${quote.id}/send`, { to: ['other@edited.example'], cc: [], subject: 'Our quote {number}' }, { json: true });
    expect(sent.body).toMatchObject({ emailed: true });
    const log = (await t.api.get(`/v2/quotes/${quote.id}/emails`)).body.items;
    expect(log).toMatchObject([
      { to: [{ name: '', address: 'other@edited.example' }], cc: [], subject: `Our quote ${sent.body.number}`, customMessage: false },
    ]);
    await drain();
    // Found by its subject, not as the last one delivered: an earlier test's message may still be
    // queued (a retry), and the outbox does not promise an order between documents.
    const message = mail.messages.find((m) => m.parsed.subject === `Our quote ${sent.body.number}`)!;
    expect(message.recipients).toEqual(['other@edited.example']);
    expect(message.parsed.subject).toBe(`Our quote ${sent.body.number}`);
    expect(message.parsed.text).toContain(`Please find attached our quote ${sent.body.number}.`);
  });

  it('a sent invoice: its number and its file names', async () => {
    const clientId = await steps.party(t.api, '/v2/clients', 'Named', 'ap@named.example');
    const invoice = await steps.sent(t.api, '/v2/invoices', { client: clientId });
    const draft = (await t.api.get(`/v2/invoices/${invoice.id}/email-draft`)).body;
    expect(draft.subject).toMatch(new RegExp(`^Invoice ${invoice.number} from `));
    expect(draft.attachments[0]).toEqual({ filename: `${invoice.number}.pdf`, contentType: 'application/pdf', optional: false });
    expect(draft.message).toContain(`Please find attached our invoice ${invoice.number}.`);
  });
});
