import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { startMailServer, type MailServer } from '../../mail-server.js';
import { deliveriesOf, testWorker } from '../outbox/fixture.js';
import { apiWithRole, grantAccess, PortalBrowser, supplierWithContact, tokenOf } from './fixture.js';

/** Sending work to the portal (docs/supplier-portal.md#sending-work): on the portal, dated, and e-mailed through the outbox in each person's language. */
let t: TestContext;
let mail: MailServer;
beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ SMTP_URL: mail.url, MAIL_FROM: 'Agency One <desk@agency.example>', OUTBOX_WORKER: 'false' });
  await t.api.put('/v2/account', { name: 'Lingua Agency' });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

/** A job outsourced to a new supplier; `people`: how many of its contacts get access, with their languages. */
async function scene(name: string, languages: Array<string | null> = [null]) {
  const { supplierId, contactId, email } = await supplierWithContact(t.api, name);
  const emails = [email];
  const people: string[] = [];
  for (const [index, language] of languages.entries()) {
    let contact = contactId;
    if (index > 0) {
      const address = `second.${index}.${email}`;
      contact = (await t.api.post(`/v2/suppliers/${supplierId}/contacts`, { fullName: `Second ${index}`, email: address })).body.id;
      emails.push(address);
    }
    const granted = await grantAccess(t.api, supplierId, contact, language === null ? {} : { language });
    people.push(tokenOf(granted.body.link.url));
  }
  const service = (await t.api.post('/v2/account/services', { name: `Send ${name}` })).body.id as string;
  const unit = ((await t.api.get('/v2/account/quantity-types')).body as Array<{ id: string }>)[0]!.id;
  const client = (await t.api.post('/v2/clients', { name: `Secret Client ${name}`, currency: 'EUR' })).body.id as string;
  const job = await t.api.post('/v2/jobs', {
    name: `Manual for ${name}`,
    client,
    service,
    quantity: 1000,
    quantityType: unit,
    dueDate: '2030-05-02T15:00:00Z',
  });
  const created = await t.api.post(`/v2/jobs/${job.body.id}/outsourcing`, { supplier: supplierId, unitCost: 0.07 });
  const outsourcingId = created.body.outsourcing.at(-1).id as string;
  return {
    supplierId,
    jobId: job.body.id as string,
    outsourcingId,
    emails,
    tokens: people,
    path: `/v2/jobs/${job.body.id}/outsourcing/${outsourcingId}/portal/send`,
  };
}

const portalOf = async (jobId: string, id: string) =>
  ((await t.api.get(`/v2/jobs/${jobId}`)).body.outsourcing as Array<{ id: string; portal: any }>).find((item) => item.id === id)!.portal;

describe('POST /v2/jobs/:id/outsourcing/:outsourcingId/portal/send', () => {
  it('puts the work on the portal, asks the answer, dates it, and e-mails each person in their language after the commit', async () => {
    const s = await scene('Sent Supplier', [null, 'fr']);
    await t.api.put(`/v2/jobs/${s.jobId}/outsourcing/${s.outsourcingId}/portal`, { confirm: true }, { json: true });
    const before = Date.now();
    const sent = await t.api.post(s.path, {}, { json: true });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const portal = sent.body.outsourcing.find((item: { id: string }) => item.id === s.outsourcingId).portal;
    expect(portal).toMatchObject({ enabled: true, confirm: { enabled: true, status: 1 } });
    expect(Date.parse(portal.sentDate)).toBeGreaterThanOrEqual(before - 1000);

    const queued = (await deliveriesOf(t.database, t.account.accountId)).filter((row) => row.kind === 'portal_mail');
    expect(queued.map((row) => JSON.parse(row.payload).to).sort()).toEqual([...s.emails].sort());
    const count = mail.messages.length;
    await testWorker(t.database, t.config).drainOnce();
    expect(mail.messages.length).toBe(count + 2);
    const offers = mail.messages.slice(count);
    const english = offers.find((message) => message.recipients.includes(s.emails[0]!))!;
    const french = offers.find((message) => message.recipients.includes(s.emails[1]!))!;
    expect(english.parsed.subject).toBe('Lingua Agency: Manual for Sent Supplier');
    expect(english.parsed.text).toContain('Lingua Agency offers you new work. Please accept or refuse it on the portal.');
    expect(english.parsed.text).toContain('Your total: €70.00');
    expect(english.parsed.text).toContain(`${t.config.publicUrl}/portal/work/${s.outsourcingId}`);
    expect(french.parsed.text).toContain('Lingua Agency vous propose un nouveau travail.');
    // Nothing of the client in what the supplier is sent.
    for (const message of [english, french]) expect(message.parsed.text).not.toContain('Secret Client');

    const events = await t.api.get('/v2/events', { type: 'job.outsourcing.offered' });
    expect(events.body.items[0].data).toMatchObject({ id: s.outsourcingId, jobId: s.jobId });
    const browser = new PortalBrowser(t.app);
    await browser.signIn(s.tokens[0]!);
    expect((await browser.get(`/v2/portal/work/${s.outsourcingId}`)).body).toMatchObject({ state: 'offered', sentDate: portal.sentDate });
  });

  it('says the work is sent, not offered, when no answer is asked; sending again dates it again', async () => {
    const s = await scene('Plain Send Supplier');
    const first = await t.api.post(s.path, {}, { json: true });
    const count = mail.messages.length;
    await testWorker(t.database, t.config).drainOnce();
    expect(mail.messages.length).toBe(count + 1);
    expect(mail.messages.at(-1)!.parsed.text).toContain('Lingua Agency has sent you new work on its portal.');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await t.api.post(s.path, {}, { json: true });
    const [a, b] = [first, second].map((reply) => reply.body.outsourcing.find((item: { id: string }) => item.id === s.outsourcingId).portal.sentDate as string);
    expect(Date.parse(b!)).toBeGreaterThan(Date.parse(a!));
  });

  it('409 when none of the supplier’s people has access, and nothing changes', async () => {
    const { supplierId } = await supplierWithContact(t.api, 'Nobody Supplier');
    const service = (await t.api.post('/v2/account/services', { name: 'Nobody service' })).body.id as string;
    const unit = ((await t.api.get('/v2/account/quantity-types')).body as Array<{ id: string }>)[0]!.id;
    const client = (await t.api.post('/v2/clients', { name: 'Nobody client', currency: 'EUR' })).body.id as string;
    const job = await t.api.post('/v2/jobs', { name: 'Nobody job', client, service, quantity: 10, quantityType: unit });
    const outsourcingId = (await t.api.post(`/v2/jobs/${job.body.id}/outsourcing`, { supplier: supplierId })).body.outsourcing.at(-1).id as string;
    const refused = expectError(
      await t.api.post(`/v2/jobs/${job.body.id}/outsourcing/${outsourcingId}/portal/send`, {}, { json: true }),
      409,
      'state_conflict',
    );
    expect(refused.message).toContain('portal access');
    expect(await portalOf(job.body.id, outsourcingId)).toMatchObject({ enabled: false, sentDate: null });
  });

  it('404 for an unknown job or outsourcing and another account’s; 400 for a parameter; 403 for a viewer; 409 when cancelled', async () => {
    const s = await scene('Errors Supplier');
    expectError(await t.api.post(`/v2/jobs/${MISSING_ID}/outsourcing/${s.outsourcingId}/portal/send`, {}, { json: true }), 404, 'resource_missing');
    expectError(await t.api.post(`/v2/jobs/${s.jobId}/outsourcing/${MISSING_ID}/portal/send`, {}, { json: true }), 404, 'resource_missing');
    expectError(await t.otherApi.post(s.path, {}, { json: true }), 404, 'resource_missing');
    expectError(await t.api.post(s.path, { urgent: true }, { json: true }), 400, 'parameter_unknown');
    const viewer = await apiWithRole(t, 'viewer');
    expectError(await viewer.post(s.path, {}, { json: true }), 403, 'forbidden');
    expect(await portalOf(s.jobId, s.outsourcingId)).toMatchObject({ enabled: false, sentDate: null });
    await t.api.put(`/v2/jobs/${s.jobId}/outsourcing/${s.outsourcingId}`, { status: 5 });
    expectError(await t.api.post(s.path, {}, { json: true }), 409, 'state_conflict');
  });
});
