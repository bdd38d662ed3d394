import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentEmailAbandoned, sendDocumentEmail } from '../../../src/modules/document-mail/index.js';
import type { DeliveryEnv, DeliveryOutcome, DeliveryRow } from '../../../src/modules/outbox/index.js';
import { createTestApp, type TestContext } from '../../helper.js';
import { addressesOf, startMailServer, type MailServer } from '../../mail-server.js';
import { docWorld, type DocWorld } from './fixture.js';

/**
 * Sending a document e-mails it (docs/documents.md#e-mailing-documents), against a real SMTP
 * server started here. The outbox's worker is wired at merge: these tests hand each queued
 * delivery to the handler (`sendDocumentEmail`) as the worker would, after the send committed.
 */
let mail: MailServer;
let t: TestContext;
let w: DocWorld;
const handled = new Set<string>();
const logged: string[] = [];

const env = (): DeliveryEnv => ({
  database: t.database,
  config: t.config,
  log: { info: (_object, message) => logged.push(message), warn: (_object, message) => logged.push(message) },
});

async function emailDeliveries(): Promise<DeliveryRow[]> {
  return t.database.db
    .selectFrom('deliveries')
    .selectAll()
    .where('account_id', '=', t.account.accountId)
    .where('kind', '=', 'email')
    .orderBy('created_at')
    .execute();
}

/** Hands each e-mail delivery not handled yet to the handler; answers the outcomes. */
async function deliver(): Promise<Array<{ delivery: DeliveryRow; outcome: DeliveryOutcome }>> {
  const results = [];
  for (const delivery of await emailDeliveries()) {
    if (handled.has(delivery.id)) continue;
    handled.add(delivery.id);
    results.push({ delivery, outcome: await sendDocumentEmail(delivery, env()) });
  }
  return results;
}

async function client(name: string, documentLanguage?: string): Promise<string> {
  const reply = await t.api.post('/v2/clients', {
    name: `${name} ${Math.random().toString(36).slice(2, 8)}`,
    currency: 'EUR',
    address: { street: '1 Main Street', city: 'Brussels', postalCode: '1000', country: 'BE' },
    ...(documentLanguage ? { documentLanguage } : {}),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.id;
}

async function contact(owner: string, fullName: string, email: string | null, emails: Record<string, boolean>): Promise<void> {
  const reply = await t.api.post(`/v2/${owner}/contacts`, { fullName, ...(email ? { email } : {}), emails }, { json: true });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
}

async function draft(path: string, params: Record<string, unknown>): Promise<any> {
  const reply = await t.api.post(path, { lines: [{ description: 'Translation', quantity: 2, unitCost: 617.28 }], ...params }, { json: true });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

async function bytes(path: string): Promise<Buffer> {
  const reply = await t.api.get(path);
  expect(reply.status, reply.raw.payload.slice(0, 300)).toBe(200);
  return reply.raw.rawPayload;
}

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ SMTP_URL: mail.url, MAIL_FROM: 'Agency One <desk@agency.example>', SMTP_FROM: 'Ignored <old@agency.example>' });
  w = await docWorld(t.api);
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

describe('sending an invoice', () => {
  it('queues one e-mail in the send (processed), which goes to the invoice contacts in the client’s language with the PDF attached; then delivered', async () => {
    const clientId = await client('Kunde', 'de');
    await contact(`clients/${clientId}`, 'Anna Buchhaltung', 'anna@kunde.example', { invoice: true, quote: false });
    await contact(`clients/${clientId}`, 'Bert Kopie', 'bert@kunde.example', { invoice: false, ccInvoice: true });
    await contact(`clients/${clientId}`, 'Carla Angebote', 'carla@kunde.example', { invoice: false, quote: true });
    await contact(`clients/${clientId}`, 'Dora Ohne', null, { invoice: true });
    await contact(`clients/${clientId}`, 'Anna Again', 'ANNA@kunde.example', { invoice: true });
    const invoice = await draft('/v2/invoices', { client: clientId });
    expect(invoice).toMatchObject({ sentDate: null, sentDateStatus: null });

    const sent = await t.api.post(`/v2/invoices/${invoice.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 2, emailed: true, notEmailedReason: null, sentDateStatus: { status: 'processed' } });
    expect(sent.body.number).toEqual(expect.any(String));
    expect(Date.parse(sent.body.sentDate)).toBeGreaterThan(Date.now() - 60_000);
    const queued = await emailDeliveries();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ status: 'pending', event_type: 'invoice.sent', endpoint_id: null });
    expect(JSON.parse(queued[0]!.payload)).toEqual({
      documentId: invoice.id,
      kind: 'invoice',
      document: 'invoice',
      to: [{ name: 'Anna Buchhaltung', address: 'anna@kunde.example' }],
      cc: [{ name: 'Bert Kopie', address: 'bert@kunde.example' }],
      language: 'de',
    });

    const [result] = await deliver();
    expect(result!.outcome).toMatchObject({ ok: true, statusCode: 250, error: null });
    expect(mail.messages).toHaveLength(1);
    const message = mail.messages[0]!;
    expect(message.from).toBe('desk@agency.example');
    expect(message.recipients.sort()).toEqual(['anna@kunde.example', 'bert@kunde.example']);
    expect(addressesOf(message.parsed.to)).toEqual(['anna@kunde.example']);
    expect(addressesOf(message.parsed.cc)).toEqual(['bert@kunde.example']);
    expect(message.parsed.subject).toBe(`Rechnung ${sent.body.number} von Agency One`);
    expect(message.parsed.text).toContain(`anbei erhalten Sie unsere Rechnung ${sent.body.number}.`);
    expect(message.parsed.text).toContain('Gesamtbetrag: 1.234,56\u00a0€'); // as the PDF writes it: a no-break space before the sign
    expect(message.parsed.text).toMatch(/Zahlbar bis \d+\. \S+ \d{4}/);
    // The account has no VAT number: no e-invoice can be made, the e-mail goes without it and says nothing of it.
    expect(message.parsed.text).not.toContain('E-Rechnung');
    expect(logged).toContain('document e-mailed without its e-invoice: the invoice cannot be one');
    expect(message.parsed.attachments.map((file) => [file.filename, file.contentType])).toEqual([[`${sent.body.number}.pdf`, 'application/pdf']]);
    expect(message.parsed.attachments[0]!.content.equals(await bytes(`/v2/invoices/${invoice.id}/pdf`))).toBe(true);

    const after = (await t.api.get(`/v2/invoices/${invoice.id}`)).body;
    expect(after.sentDateStatus).toMatchObject({ status: 'delivered' });
    expect(Date.parse(after.sentDateStatus.updatedAt)).toBeGreaterThanOrEqual(Date.parse(sent.body.sentDateStatus.updatedAt));
    expect(after.sentDate).toBe(sent.body.sentDate);
    expect(after.updatedAt).toBe(sent.body.updatedAt);
  });

  it('attaches the e-invoice, the same bytes as GET …/ubl, when the invoice can be one; its credit note is e-mailed too', async () => {
    const account = await t.api.put('/v2/account', {
      legalName: 'Agency One SRL',
      vatNumber: 'BE0123456749',
      email: 'billing@agency.example',
      address: { street: '5 Agency Road', city: 'Ghent', postalCode: '9000', country: 'BE' },
    });
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    const clientId = await client('Acme');
    expect((await t.api.put(`/v2/clients/${clientId}`, { vatNumber: 'BE0987654321', email: 'ap@acme.example' })).status).toBe(200);
    await contact(`clients/${clientId}`, 'Ada Payable', 'ada@acme.example', {});
    const invoice = await draft('/v2/invoices', { client: clientId, tax1: w.vat });
    const sent = (await t.api.post(`/v2/invoices/${invoice.id}/send`)).body;
    expect(sent.emailed).toBe(true);
    await deliver();
    const message = mail.messages.at(-1)!;
    expect(message.parsed.subject).toBe(`Invoice ${sent.number} from Agency One SRL`);
    expect(message.parsed.text).toContain('The e-invoice (UBL XML) is attached as well.');
    const [pdf, xml] = message.parsed.attachments;
    expect([pdf!.filename, xml!.filename]).toEqual([`${sent.number}.pdf`, `${sent.number}.xml`]);
    expect(pdf!.content.equals(await bytes(`/v2/invoices/${invoice.id}/pdf`))).toBe(true);
    expect(xml!.content.equals(await bytes(`/v2/invoices/${invoice.id}/ubl`))).toBe(true);

    const credit = await t.api.post(`/v2/invoices/${invoice.id}/credit`);
    expect(credit.status).toBe(201);
    expect(credit.body).toMatchObject({ type: 2, emailed: true, notEmailedReason: null, sentDateStatus: { status: 'processed' } });
    expect(credit.body.sentDate).toEqual(expect.any(String));
    const [result] = await deliver();
    expect(result!.delivery.event_type).toBe('invoice.credited');
    const creditMail = mail.messages.at(-1)!;
    expect(creditMail.recipients).toEqual(['ada@acme.example']);
    expect(creditMail.parsed.subject).toBe(`Credit note ${credit.body.number} from Agency One SRL`);
    expect(creditMail.parsed.text).toContain('Total: -€');
    expect(creditMail.parsed.attachments[0]!.content.equals(await bytes(`/v2/invoices/${credit.body.id}/pdf`))).toBe(true);
    expect(creditMail.parsed.attachments[1]!.content.equals(await bytes(`/v2/invoices/${credit.body.id}/ubl`))).toBe(true);
    // The invoice credited keeps its own e-mail's state.
    expect((await t.api.get(`/v2/invoices/${invoice.id}`)).body.sentDateStatus.status).toBe('delivered');
    expect((await t.api.get(`/v2/invoices/${credit.body.id}`)).body.sentDateStatus.status).toBe('delivered');
  });

  it('says so when the client has no contact to e-mail: numbered, sent, emailed false (no_recipients), nothing queued', async () => {
    const clientId = await client('Nobody');
    await contact(`clients/${clientId}`, 'Quotes Only', 'quotes@nobody.example', { invoice: false, quote: true });
    const before = (await emailDeliveries()).length;
    const invoice = await draft('/v2/invoices', { client: clientId });
    const sent = await t.api.post(`/v2/invoices/${invoice.id}/send`);
    expect(sent.body).toMatchObject({ status: 2, emailed: false, notEmailedReason: 'no_recipients', sentDateStatus: null });
    expect(sent.body.number).toEqual(expect.any(String));
    expect(sent.body.sentDate).toEqual(expect.any(String));
    expect(await emailDeliveries()).toHaveLength(before);
  });
});

describe('sending a quote and a purchase order', () => {
  it('e-mails a quote to the quote contacts (cc: ccQuote) in the account’s language, with its validity', async () => {
    const clientId = await client('Quoted');
    await contact(`clients/${clientId}`, 'Quinn Quote', 'quinn@quoted.example', { invoice: false, quote: true });
    await contact(`clients/${clientId}`, 'Cory Copy', 'cory@quoted.example', { invoice: false, quote: false, ccQuote: true });
    await contact(`clients/${clientId}`, 'Ivy Invoice', 'ivy@quoted.example', { invoice: true, quote: false, ccInvoice: true });
    expect((await t.api.put('/v2/account', { documentLanguage: 'fr' })).status).toBe(200);
    try {
      const quote = await draft('/v2/quotes', { client: clientId, validityDate: '2031-03-15' });
      const sent = (await t.api.post(`/v2/quotes/${quote.id}/send`)).body;
      expect(sent).toMatchObject({ emailed: true, sentDateStatus: { status: 'processed' } });
      const [result] = await deliver();
      expect(result!.delivery.event_type).toBe('quote.sent');
      const message = mail.messages.at(-1)!;
      expect(addressesOf(message.parsed.to)).toEqual(['quinn@quoted.example']);
      expect(addressesOf(message.parsed.cc)).toEqual(['cory@quoted.example']);
      expect(message.parsed.subject).toBe(`Devis ${sent.number} de Agency One SRL`);
      expect(message.parsed.text).toContain('Valable jusqu’au 15 mars 2031');
      expect(message.parsed.attachments).toHaveLength(1);
      expect(message.parsed.attachments[0]!.content.equals(await bytes(`/v2/quotes/${quote.id}/pdf`))).toBe(true);
      expect((await t.api.get(`/v2/quotes/${quote.id}`)).body.sentDateStatus.status).toBe('delivered');
    } finally {
      await t.api.put('/v2/account', { documentLanguage: 'en' });
    }
  });

  it('e-mails a purchase order to the supplier’s purchase-order contacts', async () => {
    await contact(`suppliers/${w.supplier}`, 'Pia Orders', 'pia@translator.example', { purchaseOrder: true });
    await contact(`suppliers/${w.supplier}`, 'Carl Copy', 'carl@translator.example', { purchaseOrder: false, ccPurchaseOrder: true });
    await contact(`suppliers/${w.supplier}`, 'Nina Nothing', 'nina@translator.example', { purchaseOrder: false });
    const order = await draft('/v2/purchase-orders', { supplier: w.supplier });
    const sent = (await t.api.post(`/v2/purchase-orders/${order.id}/send`)).body;
    expect(sent).toMatchObject({ emailed: true, notEmailedReason: null, sentDateStatus: { status: 'processed' } });
    const [result] = await deliver();
    expect(result!.delivery.event_type).toBe('purchase_order.sent');
    const message = mail.messages.at(-1)!;
    expect(addressesOf(message.parsed.to)).toEqual(['pia@translator.example']);
    expect(addressesOf(message.parsed.cc)).toEqual(['carl@translator.example']);
    expect(message.parsed.subject).toBe(`Purchase order ${sent.number} from Agency One SRL`);
    expect(message.parsed.attachments[0]!.content.equals(await bytes(`/v2/purchase-orders/${order.id}/pdf`))).toBe(true);
    // Other moves answer the document alone, and keep its e-mail's state.
    const accepted = (await t.api.post(`/v2/purchase-orders/${order.id}/accept`)).body;
    expect(accepted.emailed).toBeUndefined();
    expect(accepted.sentDateStatus.status).toBe('delivered');
  });
});

describe('when the SMTP server does not take the e-mail', () => {
  async function queuedInvoice(): Promise<{ id: string; delivery: DeliveryRow }> {
    const clientId = await client('Retry');
    await contact(`clients/${clientId}`, 'Rita Retry', 'rita@retry.example', {});
    const invoice = await draft('/v2/invoices', { client: clientId });
    expect((await t.api.post(`/v2/invoices/${invoice.id}/send`)).body.emailed).toBe(true);
    const delivery = (await emailDeliveries()).find((row) => JSON.parse(row.payload).documentId === invoice.id)!;
    handled.add(delivery.id);
    return { id: invoice.id, delivery };
  }
  const statusOf = async (id: string) => (await t.api.get(`/v2/invoices/${id}`)).body.sentDateStatus.status;

  it('a temporary refusal (451) retries: the status stays processed, and becomes failed when the outbox gives up; a later success delivers', async () => {
    const { id, delivery } = await queuedInvoice();
    mail.reject(451);
    try {
      const outcome = await sendDocumentEmail(delivery, env());
      expect(outcome).toMatchObject({ ok: false, statusCode: 451, retry: true });
      expect(outcome.error).toMatch(/Refused by the test server/);
      expect(await statusOf(id)).toBe('processed');
    } finally {
      mail.reject(null);
    }
    expect(await sendDocumentEmail(delivery, env())).toMatchObject({ ok: true });
    expect(await statusOf(id)).toBe('delivered');

    const second = await queuedInvoice();
    mail.reject(421);
    try {
      expect(await sendDocumentEmail(second.delivery, env())).toMatchObject({ ok: false, retry: true });
    } finally {
      mail.reject(null);
    }
    await documentEmailAbandoned(second.delivery, env());
    expect(await statusOf(second.id)).toBe('failed');
  });

  it('a permanent refusal (550) fails at once, without retrying', async () => {
    const { id, delivery } = await queuedInvoice();
    mail.reject(550);
    try {
      expect(await sendDocumentEmail(delivery, env())).toMatchObject({ ok: false, statusCode: 550, retry: false });
    } finally {
      mail.reject(null);
    }
    expect(await statusOf(id)).toBe('failed');
  });

  it('a server that cannot be reached retries (no reply code)', async () => {
    const { id, delivery } = await queuedInvoice();
    const down = await startMailServer();
    await down.close();
    const outcome = await sendDocumentEmail(delivery, { ...env(), config: { ...t.config, smtp: { url: down.url, from: 'x@agency.example' } } });
    expect(outcome).toMatchObject({ ok: false, statusCode: null, retry: true });
    expect(await statusOf(id)).toBe('processed');
  });

  it('a delivery without a recipient, or of a document gone, cannot succeed: retry false', async () => {
    const { id, delivery } = await queuedInvoice();
    const payload = JSON.parse(delivery.payload);
    expect(await sendDocumentEmail({ ...delivery, payload: JSON.stringify({ ...payload, to: [] }) }, env())).toMatchObject({ ok: false, retry: false });
    expect(await statusOf(id)).toBe('failed');
    const gone = { ...delivery, payload: JSON.stringify({ ...payload, documentId: 'doc_missing0000000000000' }) };
    expect(await sendDocumentEmail(gone, env())).toMatchObject({ ok: false, retry: false, error: 'the invoice was deleted' });
    expect(await sendDocumentEmail({ ...delivery, payload: '{' }, env())).toMatchObject({ ok: false, retry: false });
  });
});

describe('without SMTP configured', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it('sending still numbers the document and says that no e-mail was sent (smtp_not_configured)', async () => {
    const clientReply = await plain.api.post('/v2/clients', { name: 'Plain', currency: 'EUR' });
    await plain.api.post(`/v2/clients/${clientReply.body.id}/contacts`, { fullName: 'P', email: 'p@plain.example' });
    const created = await plain.api.post(
      '/v2/invoices',
      { client: clientReply.body.id, lines: [{ description: 'x', quantity: 1, unitCost: 1 }] },
      { json: true },
    );
    const sent = await plain.api.post(`/v2/invoices/${created.body.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 2, emailed: false, notEmailedReason: 'smtp_not_configured', sentDateStatus: null });
    expect(sent.body.number).toEqual(expect.any(String));
    expect(sent.body.sentDate).toEqual(expect.any(String));
    expect(await plain.database.db.selectFrom('deliveries').selectAll().execute()).toEqual([]);
  });
});
