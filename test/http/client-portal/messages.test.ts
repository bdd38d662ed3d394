import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { startMailServer, type MailServer } from '../../mail-server.js';
import { userWithPassword } from '../auth/fixture.js';
import { eventsOf } from '../jobs/fixture.js';
import { deliveriesOf } from '../outbox/fixture.js';
import { apiWithRole } from '../portal/fixture.js';
import { expectClientPortalSafe, grantClientAccess } from './fixture.js';
import { clientJob, jobsScene, type JobsScene } from './jobs-fixture.js';
import { requestMasterData } from '../requests/fixture.js';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';

/** The message threads between a client and the agency, over jobs (docs/client-portal.md#messages). */
let t: TestContext;
let mail: MailServer;
let s: JobsScene;
let manager: { id: string; email: string };
beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ SMTP_URL: mail.url, MAIL_FROM: 'Agency One <desk@agency.example>', OUTBOX_WORKER: 'false' });
  await t.api.put('/v2/account', { name: 'Lingua Agency' });
  s = await jobsScene(t, 'Messages');
  manager = await userWithPassword(t, 'paula.pm@agency.example', { role: 'manager' });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const portal = (jobId: string) => `/v2/portal/client/jobs/${jobId}/messages`;
const agency = (jobId: string) => `/v2/jobs/${jobId}/client-messages`;
const foreign = () => [s.other.clientId, s.other.email, s.foreign.clientId, s.foreign.email, s.supplier.supplierId, s.supplier.email];
const MESSAGE = { id: expect.stringMatching(/^[0-9a-f]{24}$/), createdAt: expect.any(String) };

async function portalMails(): Promise<Array<{ to: string; subject: string; text: string }>> {
  const rows = (await deliveriesOf(t.database, t.account.accountId)).filter((row) => row.kind === 'portal_mail');
  return rows.map((row) => JSON.parse(row.payload) as { to: string; subject: string; text: string });
}

describe('a thread over a job', () => {
  it('the client writes: 201, on both sides, an event, and an e-mail to the job’s project manager', async () => {
    const job = await clientJob(t.api, s.w, s.own.clientId, { name: 'Website', projectManager: manager.id });
    const before = (await portalMails()).length;
    const posted = await s.own.browser.request('POST', portal(job.id), { text: 'Could you use our glossary?' }, { json: true });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expectClientPortalSafe(posted.body, foreign());
    expect(posted.body).toEqual({ ...MESSAGE, from: 'client', authorName: 'Messages Own Client Person', text: 'Could you use our glossary?' });
    const listed = await s.own.browser.get(portal(job.id));
    expect(listed.status).toBe(200);
    expectClientPortalSafe(listed.body, foreign());
    expect(listed.body).toEqual([posted.body]);
    expect((await t.api.get(agency(job.id))).body).toEqual([posted.body]);
    const events = (await eventsOf(t, 'client_message.created')) as Array<{ id: string; subject: unknown; clientId: string }>;
    expect(events.find((event) => event.id === posted.body.id)).toMatchObject({
      subject: { kind: 'job', id: job.id },
      clientId: s.own.clientId,
      from: 'client',
    });
    const mails = (await portalMails()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: manager.email, subject: `Client message: ${job.number} Website` });
    expect(mails[0]!.text).toContain('Could you use our glossary?');
    expect(mails[0]!.text).toContain(`/jobs/${job.id}`);
  });

  it("the agency writes: 201, on the portal, and an e-mail to each of the client's people in their language", async () => {
    const job = await clientJob(t.api, s.w, s.own.clientId, { name: 'Leaflet' });
    const second = await t.api.post(`/v2/clients/${s.own.clientId}/contacts`, { fullName: 'Greta Client', email: 'greta@client.example' });
    expect((await grantClientAccess(t.api, s.own.clientId, second.body.id, { language: 'de' })).status).toBe(200);
    const before = (await portalMails()).length;
    const posted = await t.api.post(agency(job.id), { text: 'The files are ready.' }, { json: true });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body).toMatchObject({ from: 'agency', text: 'The files are ready.' });
    const seen = await s.own.browser.get(portal(job.id));
    expectClientPortalSafe(seen.body, foreign());
    expect(seen.body).toEqual([posted.body]);
    const mails = (await portalMails()).slice(before);
    expect(mails.map((item) => item.to).sort()).toEqual(['greta@client.example', s.own.email].sort());
    expect(mails.find((item) => item.to === 'greta@client.example')!.subject).toBe('Lingua Agency: eine Nachricht zu Leaflet');
    expect(mails.find((item) => item.to === s.own.email)!.subject).toBe('Lingua Agency: a message about Leaflet');
    expect(mails.every((item) => item.text.includes(`/portal/client/jobs/${job.id}`))).toBe(true);
    // A reply keeps the order: oldest first.
    const reply = await s.own.browser.request('POST', portal(job.id), { text: 'Thank you!' });
    expect(reply.status).toBe(201);
    expect((await s.own.browser.get(portal(job.id))).body.map((item: { text: string }) => item.text)).toEqual(['The files are ready.', 'Thank you!']);
  });

  it("never shows the agency's internal notes", async () => {
    const job = await clientJob(t.api, s.w, s.own.clientId, { name: 'Noted' });
    expect((await t.api.post(`/v2/jobs/${job.id}/notes`, { content: 'Internal: client pays late' })).status).toBe(200);
    const thread = await s.own.browser.get(portal(job.id));
    expect(thread.body).toEqual([]);
    expect((await t.api.get(agency(job.id))).body).toEqual([]);
    expect(JSON.stringify((await s.own.browser.get(`/v2/portal/client/jobs/${job.id}`)).body)).not.toContain('pays late');
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const job = await clientJob(t.api, s.w, s.own.clientId, { name: 'Validated' });
    for (const url of [portal(job.id), agency(job.id)]) {
      const as = url.startsWith('/v2/portal')
        ? (body: Record<string, unknown>, query = '') => s.own.browser.request('POST', url + query, body, { json: true })
        : (body: Record<string, unknown>, query = '') => t.api.post(url + query, body as never, { json: true });
      expectError(await as({ text: 'hi', extra: 1 }), 400, 'parameter_unknown');
      expectError(await as({}), 400, 'parameter_missing');
      expectError(await as({ text: '' }), 400, 'parameter_invalid');
      expectError(await as({ text: '   \n ' }), 400, 'parameter_invalid');
      expectError(await as({ text: 'x'.repeat(10_001) }), 400, 'parameter_invalid');
      expectError(await as({ text: 'hi' }, '?extra=1'), 400, 'parameter_unknown');
    }
    expectError(await s.own.browser.get(`${portal(job.id)}?extra=1`), 400, 'parameter_unknown');
    expectError(await t.api.get(`${agency(job.id)}?extra=1`), 400, 'parameter_unknown');
    expect((await t.api.get(agency(job.id))).body).toEqual([]);
    // The longest message passes.
    expect((await s.own.browser.request('POST', portal(job.id), { text: 'x'.repeat(10_000) }, { json: true })).status).toBe(201);
  });

  it("keeps each thread to its client and account: 404 for another client's person, another account, an unknown job", async () => {
    const job = await clientJob(t.api, s.w, s.own.clientId, { name: 'Private' });
    await s.own.browser.request('POST', portal(job.id), { text: 'only ours' });
    expectError(await s.other.browser.get(portal(job.id)), 404, 'resource_missing');
    expectError(await s.other.browser.request('POST', portal(job.id), { text: 'intrude' }), 404, 'resource_missing');
    expectError(await s.foreign.browser.get(portal(job.id)), 404, 'resource_missing');
    expectError(await s.foreign.browser.request('POST', portal(job.id), { text: 'intrude' }), 404, 'resource_missing');
    expectError(await s.own.browser.get(portal(MISSING_ID)), 404, 'resource_missing');
    expectError(await s.own.browser.request('POST', portal(MISSING_ID), { text: 'lost' }), 404, 'resource_missing');
    expectError(await t.otherApi.get(agency(job.id)), 404, 'resource_missing');
    expectError(await t.otherApi.post(agency(job.id), { text: 'intrude' }), 404, 'resource_missing');
    expectError(await t.api.get(agency(MISSING_ID)), 404, 'resource_missing');
    expect((await t.api.get(agency(job.id))).body.map((item: { text: string }) => item.text)).toEqual(['only ours']);
    const otherJob = await clientJob(t.api, s.w, s.other.clientId, { name: 'Theirs' });
    const theirs = await s.other.browser.get(portal(otherJob.id));
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual([]);
  });

  it('refuses a supplier person (403), no session (401), an API key or agency session on the portal (401)', async () => {
    const job = await clientJob(t.api, s.w, s.own.clientId, { name: 'Closed door' });
    expectError(await s.supplier.browser.get(portal(job.id)), 403, 'forbidden');
    expectError(await s.supplier.browser.request('POST', portal(job.id), { text: 'hello' }), 403, 'forbidden');
    expectError(await new Api(t.app, undefined).get(portal(job.id)), 401, 'unauthorized');
    expectError(await new Api(t.app, undefined).post(portal(job.id), { text: 'hello' }), 401, 'unauthorized');
    expectError(await t.api.get(portal(job.id)), 401, 'unauthorized');
    expectError(await t.api.post(portal(job.id), { text: 'hello' }), 401, 'unauthorized');
    expectError(await s.agency.get(portal(job.id)), 401, 'unauthorized');
    expectError(await s.agency.request('POST', portal(job.id), { text: 'hello' }), 401, 'unauthorized');
    expectError(await new Api(t.app, undefined).get(agency(job.id)), 401, 'unauthorized');
  });

  it("follows the agency's roles: everyone reads, project writers write (viewer and finance 403)", async () => {
    const job = await clientJob(t.api, s.w, s.own.clientId, { name: 'Roles' });
    for (const role of ['viewer', 'finance'] as const) {
      const api = await apiWithRole(t, role);
      expect((await api.get(agency(job.id))).status).toBe(200);
      expectError(await api.post(agency(job.id), { text: `from ${role}` }), 403, 'forbidden');
    }
    const asManager = await apiWithRole(t, 'manager');
    const posted = await asManager.post(agency(job.id), { text: 'from the manager' });
    expect(posted.status).toBe(201);
    expect(posted.body.authorName).toMatch(/^The manager /);
    expect((await s.own.browser.get(portal(job.id))).body.map((item: { text: string }) => item.text)).toEqual(['from the manager']);
  });
});

describe('a thread over a request', () => {
  it('the client and the agency write about a request; the manager who answered it is e-mailed; other clients get 404', async () => {
    const { serviceId } = await requestMasterData(t.api, 'Thread translation');
    const made = await s.own.browser.request('POST', '/v2/portal/client/requests', { service: serviceId, sourceLanguage: 'en', targetLanguages: ['fr'] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as string;
    const portalPath = `/v2/portal/client/requests/${id}/messages`;
    const agencyPath = `/v2/requests/${id}/client-messages`;

    // Before the agency answers, nobody is e-mailed for the client's message: it waits on the request's page.
    const before = (await portalMails()).length;
    const asked = await s.own.browser.request('POST', portalPath, { text: 'Can it be ready on Friday?' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expectClientPortalSafe(asked.body, foreign());
    expect((await portalMails()).length).toBe(before);

    // Paula (who has an e-mail address) answers the request: she is its manager from now on.
    const managerApi = new Api(t.app, (await insertApiKey(t.database.db, t.account.accountId, manager.id)).apiKey);
    expect((await managerApi.post(`/v2/requests/${id}/quoted`, {})).status).toBe(200);
    const answered = await managerApi.post(agencyPath, { text: 'Yes, Friday noon.' });
    expect(answered.status).toBe(201);
    const again = await s.own.browser.request('POST', portalPath, { text: 'Thank you.' });
    expect(again.status).toBe(201);
    const mails = (await portalMails()).slice(before);
    expect(mails.filter((mail) => mail.to === manager.email).map((mail) => mail.subject)).toEqual([`Client message: ${made.body.number as string}`]);

    const thread = await s.own.browser.get(portalPath);
    expect(thread.body.map((item: { text: string }) => item.text)).toEqual(['Can it be ready on Friday?', 'Yes, Friday noon.', 'Thank you.']);
    expectClientPortalSafe(thread.body, foreign());
    expect((await t.api.get(agencyPath)).body.map((item: { text: string }) => item.text)).toEqual([
      'Can it be ready on Friday?',
      'Yes, Friday noon.',
      'Thank you.',
    ]);

    expectError(await s.other.browser.get(portalPath), 404, 'resource_missing');
    expectError(await s.foreign.browser.request('POST', portalPath, { text: 'intrude' }), 404, 'resource_missing');
    expectError(await t.otherApi.get(agencyPath), 404, 'resource_missing');
    expectError(await t.api.get(`/v2/requests/${MISSING_ID}/client-messages`), 404, 'resource_missing');
  });
});
