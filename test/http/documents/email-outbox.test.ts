import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../helper.js';
import { startMailServer, type MailServer } from '../../mail-server.js';
import { deliveriesOf, makeDue, testWorker } from '../outbox/fixture.js';

/**
 * A sent document's e-mail goes through the outbox's worker, as the server sends it
 * (docs/documents.md#e-mailing-documents): delivered once the SMTP server takes it; a refusal that
 * lasts through every retry leaves the document's e-mail `failed`.
 */
let mail: MailServer;
let t: TestContext;

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ SMTP_URL: mail.url, MAIL_FROM: 'Agency One <desk@agency.example>' });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

async function sentInvoice(): Promise<{ id: string; number: string }> {
  const client = await t.api.post('/v2/clients', { name: `Client ${Math.random().toString(36).slice(2, 8)}`, currency: 'EUR' });
  expect(client.status).toBe(201);
  const contact = await t.api.post(
    `/v2/clients/${client.body.id}/contacts`,
    { fullName: 'Ann Ledger', email: 'ann@client.example', emails: { invoice: true } },
    { json: true },
  );
  expect(contact.status).toBe(201);
  const invoice = await t.api.post(
    '/v2/invoices',
    { client: client.body.id, lines: [{ description: 'Translation', quantity: 1, unitCost: 100 }] },
    { json: true },
  );
  expect(invoice.status).toBe(201);
  const sent = await t.api.post(`/v2/invoices/${invoice.body.id}/send`);
  expect(sent.body).toMatchObject({ emailed: true, sentDateStatus: { status: 'processed' } });
  return { id: invoice.body.id, number: sent.body.number };
}

const emailDeliveries = async () => (await deliveriesOf(t.database, t.account.accountId)).filter((delivery) => delivery.kind === 'email');

describe('e-mailed documents through the outbox', () => {
  it('the worker sends the e-mail after the send committed; the invoice shows delivered', async () => {
    const { id, number } = await sentInvoice();
    const before = mail.messages.length;
    const worker = testWorker(t.database, t.config);
    expect(await worker.drainOnce()).toBeGreaterThanOrEqual(1);
    expect(mail.messages.length).toBe(before + 1);
    expect(mail.messages.at(-1)!.parsed.subject).toContain(number);
    expect((await t.api.get(`/v2/invoices/${id}`)).body.sentDateStatus).toMatchObject({ status: 'delivered' });
    expect((await emailDeliveries()).find((delivery) => JSON.parse(delivery.payload).documentId === id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('a temporary refusal through every retry ends failed: the delivery and the invoice’s e-mail status', async () => {
    const { id } = await sentInvoice();
    mail.reject(451);
    try {
      // The worker's clock jumps past each retry's wait instead of waiting days.
      let clock = Date.now();
      const worker = testWorker(t.database, t.config, { now: () => new Date(clock) });
      for (let round = 0; round < 20; round++) {
        await worker.drainOnce();
        const delivery = (await emailDeliveries()).find((row) => JSON.parse(row.payload).documentId === id)!;
        if (delivery.status !== 'pending') break;
        expect((await t.api.get(`/v2/invoices/${id}`)).body.sentDateStatus).toMatchObject({ status: 'processed' });
        clock += 11 * 3_600_000;
        await makeDue(t.database);
      }
    } finally {
      mail.reject(null);
    }
    const delivery = (await emailDeliveries()).find((row) => JSON.parse(row.payload).documentId === id)!;
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts).toBeGreaterThan(5);
    expect(delivery.last_status_code).toBe(451);
    // The hook runs beside the write of the result: wait for it.
    await expect.poll(async () => (await t.api.get(`/v2/invoices/${id}`)).body.sentDateStatus?.status).toBe('failed');
  });

  const deliveryOf = async (documentId: string) => (await emailDeliveries()).find((row) => JSON.parse(row.payload).documentId === documentId)!;

  it('every attempt of a delivery carries the same Message-ID, <delivery id@sender domain>', async () => {
    const { id } = await sentInvoice();
    const worker = testWorker(t.database, t.config);
    const [refusedBefore, takenBefore] = [mail.refused.length, mail.messages.length];
    mail.reject(451);
    try {
      await worker.drainOnce();
    } finally {
      mail.reject(null);
    }
    expect(mail.refused.length).toBe(refusedBefore + 1);
    expect(await deliveryOf(id)).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 451 });
    await makeDue(t.database);
    await worker.drainOnce();
    expect(mail.messages.length).toBe(takenBefore + 1);
    const delivery = await deliveryOf(id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(mail.refused.at(-1)!.parsed.messageId).toBe(`<${delivery.id}@agency.example>`);
    expect(mail.messages.at(-1)!.parsed.messageId).toBe(`<${delivery.id}@agency.example>`);
  });

  it('a delivery sent again (its outcome lost in a crash) repeats its Message-ID; another delivery has its own', async () => {
    const { id } = await sentInvoice();
    const worker = testWorker(t.database, t.config);
    await worker.drainOnce();
    const first = mail.messages.at(-1)!;
    // As if the process died after the SMTP server took the message and before the outcome was written.
    const delivery = await deliveryOf(id);
    await t.database.db
      .updateTable('deliveries')
      .set({ status: 'pending', next_attempt_at: new Date(Date.now() - 1000).toISOString(), locked_by: null, locked_until: null })
      .where('id', '=', delivery.id)
      .execute();
    await worker.drainOnce();
    const again = mail.messages.at(-1)!;
    expect(again).not.toBe(first);
    expect(again.parsed.subject).toBe(first.parsed.subject);
    expect(first.parsed.messageId).toBe(`<${delivery.id}@agency.example>`);
    expect(again.parsed.messageId).toBe(first.parsed.messageId);
    const other = await sentInvoice();
    await worker.drainOnce();
    expect(mail.messages.at(-1)!.parsed.messageId).toBe(`<${(await deliveryOf(other.id)).id}@agency.example>`);
  });
});
