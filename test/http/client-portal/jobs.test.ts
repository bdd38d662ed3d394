import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { uploadFile } from '../files/helper.js';
import { expectClientPortalSafe } from './fixture.js';
import { clientJob, jobsScene, sharedFile, type JobsScene } from './jobs-fixture.js';

/** The client's jobs and deliverables on the portal (docs/client-portal.md#jobs-and-deliveries). */
let t: TestContext;
let s: JobsScene;
beforeAll(async () => {
  t = await createTestApp();
  s = await jobsScene(t, 'Jobs');
});
afterAll(async () => {
  await t.close();
});

const JOBS = '/v2/portal/client/jobs';
/** What no answer to the own client's person may carry: the other parties' ids, names and e-mails. */
const foreign = () => [s.other.clientId, s.other.email, s.foreign.clientId, s.foreign.email, s.supplier.supplierId, s.supplier.email, 'Anna'];

describe('GET /v2/portal/client/jobs', () => {
  it("lists the client's jobs, newest first, with status, due date and progress, and nothing of prices, costs or suppliers", async () => {
    const first = await clientJob(t.api, s.w, s.own.clientId, {
      name: 'Annual report',
      dueDate: '2031-03-01',
      externalReference: 'REF-9',
      purchaseOrder: 'PO-77',
      fixedPrice: 900,
    });
    await t.api.post(`/v2/jobs/${first.id}/outsourcing`, { supplier: s.w.supplier.anna });
    await t.api.put(`/v2/jobs/${first.id}`, { status: 2, progress: 40 });
    const second = await clientJob(t.api, s.w, s.own.clientId, { name: 'Brochure' });
    await clientJob(t.api, s.w, s.other.clientId, { name: 'Not theirs' });
    const reply = await s.own.browser.get(JOBS);
    expect(reply.status).toBe(200);
    expectClientPortalSafe(reply.body, foreign());
    const names = reply.body.map((job: { name: string }) => job.name);
    expect(names.indexOf('Brochure')).toBeLessThan(names.indexOf('Annual report'));
    expect(names).not.toContain('Not theirs');
    expect(reply.body.find((job: { id: string }) => job.id === first.id)).toEqual({
      id: first.id,
      number: first.number,
      name: 'Annual report',
      service: 'Translation',
      languages: { source: 'en', target: 'fr' },
      status: 'inProgress',
      dueDate: '2031-03-01T00:00:00.000Z',
      progress: 40,
      reference: 'REF-9',
      purchaseOrder: 'PO-77',
      deliveredAt: null,
      createdAt: first.createdAt,
    });
    expect(reply.body.find((job: { id: string }) => job.id === second.id)).toMatchObject({ status: 'notStarted', progress: 0, dueDate: null, reference: null });
    expect(JSON.stringify(reply.body)).not.toMatch(/"(fixedPrice|price|prices|total|unitCost|currency)"/);
  });

  it('filters open and finished jobs; an unknown state or parameter is a 400', async () => {
    const open = await clientJob(t.api, s.w, s.own.clientId, { name: 'Still open' });
    const done = await clientJob(t.api, s.w, s.own.clientId, { name: 'Done already' });
    expect((await t.api.put(`/v2/jobs/${done.id}`, { status: 3 })).status).toBe(200);
    const openList = await s.own.browser.get(`${JOBS}?state=open`);
    expect(openList.status).toBe(200);
    expectClientPortalSafe(openList.body, foreign());
    expect(openList.body.map((job: { id: string }) => job.id)).toContain(open.id);
    expect(openList.body.map((job: { id: string }) => job.id)).not.toContain(done.id);
    const finished = await s.own.browser.get(`${JOBS}?state=finished`);
    expectClientPortalSafe(finished.body, foreign());
    expect(finished.body.map((job: { id: string }) => job.id)).toEqual([done.id]);
    expect(finished.body[0]).toMatchObject({ status: 'finished', progress: 100, deliveredAt: expect.any(String) });
    expectError(await s.own.browser.get(`${JOBS}?state=closed`), 400, 'parameter_invalid');
    expectError(await s.own.browser.get(`${JOBS}?extra=1`), 400, 'parameter_unknown');
  });

  it("hides due dates and progress when the account's settings say so", async () => {
    const job = await clientJob(t.api, s.w, s.own.clientId, { name: 'Discreet', dueDate: '2031-04-01' });
    try {
      expect((await t.api.put('/v2/account', { clientsSeeDueDates: false, clientsSeeProgress: false })).status).toBe(200);
      const listed = (await s.own.browser.get(JOBS)).body.find((item: { id: string }) => item.id === job.id);
      expect(listed).not.toHaveProperty('dueDate');
      expect(listed).not.toHaveProperty('progress');
      const one = await s.own.browser.get(`${JOBS}/${job.id}`);
      expectClientPortalSafe(one.body, foreign());
      expect(one.body).not.toHaveProperty('dueDate');
      expect(one.body).not.toHaveProperty('progress');
      await t.api.put('/v2/account', { clientsSeeDueDates: true });
      const dated = await s.own.browser.get(`${JOBS}/${job.id}`);
      expect(dated.body.dueDate).toBe('2031-04-01T00:00:00.000Z');
      expect(dated.body).not.toHaveProperty('progress');
    } finally {
      await t.api.put('/v2/account', { clientsSeeDueDates: true, clientsSeeProgress: true });
    }
  });

  it('is refused to a supplier person (403), without a session (401), and to an API key or agency session (401)', async () => {
    expectError(await s.supplier.browser.get(JOBS), 403, 'forbidden');
    expectError(await new Api(t.app, undefined).get(JOBS), 401, 'unauthorized');
    expectError(await t.api.get(JOBS), 401, 'unauthorized');
    expectError(await s.agency.get(JOBS), 401, 'unauthorized');
  });

  it("answers another account's client only their own jobs", async () => {
    const mine = await clientJob(t.api, s.w, s.own.clientId, { name: 'Mine only' });
    const theirs = await s.foreign.browser.get(JOBS);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual([]);
    expectError(await s.foreign.browser.get(`${JOBS}/${mine.id}`), 404, 'resource_missing');
  });
});

describe('GET /v2/portal/client/jobs/:id', () => {
  it("answers one of the client's jobs; another client's, an unknown one and a malformed id are refused", async () => {
    const job = await clientJob(t.api, s.w, s.own.clientId, { name: 'Single' });
    const reply = await s.own.browser.get(`${JOBS}/${job.id}`);
    expect(reply.status).toBe(200);
    expectClientPortalSafe(reply.body, foreign());
    expect(reply.body).toMatchObject({ id: job.id, name: 'Single', status: 'notStarted' });
    expectError(await s.other.browser.get(`${JOBS}/${job.id}`), 404, 'resource_missing');
    expectError(await s.own.browser.get(`${JOBS}/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await s.own.browser.get(`${JOBS}/nope`), 404, 'resource_missing');
    expectError(await s.own.browser.get(`${JOBS}/${job.id}?extra=1`), 400, 'parameter_unknown');
    expectError(await s.supplier.browser.get(`${JOBS}/${job.id}`), 403, 'forbidden');
    expectError(await new Api(t.app, undefined).get(`${JOBS}/${job.id}`), 401, 'unauthorized');
    expectError(await t.api.get(`${JOBS}/${job.id}`), 401, 'unauthorized');
  });
});

describe('the deliverables: GET /v2/portal/client/jobs/:id/files and …/files/:fileId/content', () => {
  it("lists the job's and its group's files shared with the client, by name with their history, never the others", async () => {
    const job = await clientJob(t.api, s.w, s.own.clientId, { name: 'With files' });
    const group = await t.api.post('/v2/groups', { name: 'Campaign', client: s.own.clientId });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    expect((await t.api.post(`/v2/groups/${group.body.id}/jobs/${job.id}`)).status).toBeLessThan(300);
    await uploadFile(t, `/v2/jobs/${job.id}`, 'source.docx', 'the source, not shared');
    const v1 = await sharedFile(t, `/v2/jobs/${job.id}`, 'report-fr.docx', 'first version');
    const v2 = await sharedFile(t, `/v2/jobs/${job.id}`, 'report-fr.docx', 'second version, longer');
    const glossary = await sharedFile(t, `/v2/groups/${group.body.id}`, 'glossary.xlsx', 'terms');
    const reply = await s.own.browser.get(`${JOBS}/${job.id}/files`);
    expect(reply.status).toBe(200);
    expectClientPortalSafe(reply.body, foreign());
    expect(reply.body).toEqual([
      { name: 'glossary.xlsx', latest: { id: glossary.id, size: 5, deliveredAt: expect.any(String) }, history: [] },
      {
        name: 'report-fr.docx',
        latest: { id: v2.id, size: 22, deliveredAt: expect.any(String) },
        history: [{ id: v1.id, size: 13, deliveredAt: expect.any(String) }],
      },
    ]);
    const content = await s.own.browser.get(`${JOBS}/${job.id}/files/${v1.id}/content`);
    expect(content.status).toBe(200);
    expect(content.raw.body).toBe('first version');
    expect(String(content.headers['content-disposition'])).toContain('attachment');
    expect((await s.own.browser.get(`${JOBS}/${job.id}/files/${glossary.id}/content`)).raw.body).toBe('terms');
    // Unshared again: gone from the list and from the download.
    expect((await t.api.delete(`/v2/jobs/${job.id}/files/${v1.id}/share/with/client`)).body.shareWithClient).toBe(false);
    expect((await s.own.browser.get(`${JOBS}/${job.id}/files`)).body[1].history).toEqual([]);
    expectError(await s.own.browser.get(`${JOBS}/${job.id}/files/${v1.id}/content`), 404, 'resource_missing');
  });

  it('refuses a file not shared, a file of another job, and the jobs of another client (404); bad input is a 400', async () => {
    const job = await clientJob(t.api, s.w, s.own.clientId, { name: 'Guarded' });
    const hidden = (await uploadFile(t, `/v2/jobs/${job.id}`, 'internal.txt', 'internal')).body as { id: string };
    const elsewhere = await clientJob(t.api, s.w, s.own.clientId, { name: 'Elsewhere' });
    const shared = await sharedFile(t, `/v2/jobs/${elsewhere.id}`, 'elsewhere.txt', 'elsewhere');
    const mine = await sharedFile(t, `/v2/jobs/${job.id}`, 'mine.txt', 'mine');
    expectError(await s.own.browser.get(`${JOBS}/${job.id}/files/${hidden.id}/content`), 404, 'resource_missing');
    expectError(await s.own.browser.get(`${JOBS}/${job.id}/files/${shared.id}/content`), 404, 'resource_missing');
    expectError(await s.own.browser.get(`${JOBS}/${job.id}/files/${MISSING_ID}/content`), 404, 'resource_missing');
    expectError(await s.other.browser.get(`${JOBS}/${job.id}/files`), 404, 'resource_missing');
    expectError(await s.other.browser.get(`${JOBS}/${job.id}/files/${mine.id}/content`), 404, 'resource_missing');
    expectError(await s.foreign.browser.get(`${JOBS}/${job.id}/files/${mine.id}/content`), 404, 'resource_missing');
    expectError(await s.own.browser.get(`${JOBS}/${MISSING_ID}/files`), 404, 'resource_missing');
    expectError(await s.own.browser.get(`${JOBS}/${job.id}/files?extra=1`), 400, 'parameter_unknown');
    expectError(await s.own.browser.get(`${JOBS}/${job.id}/files/${mine.id}/content?extra=1`), 400, 'parameter_unknown');
    expectError(await s.own.browser.get(`${JOBS}/${job.id}/files/nope/content`), 404, 'resource_missing');
    expectError(await s.supplier.browser.get(`${JOBS}/${job.id}/files/${mine.id}/content`), 403, 'forbidden');
    expectError(await new Api(t.app, undefined).get(`${JOBS}/${job.id}/files`), 401, 'unauthorized');
    expectError(await t.api.get(`${JOBS}/${job.id}/files/${mine.id}/content`), 401, 'unauthorized');
    expectError(await s.agency.get(`${JOBS}/${job.id}/files`), 401, 'unauthorized');
    const ok = await s.own.browser.get(`${JOBS}/${job.id}/files`);
    expectClientPortalSafe(ok.body, foreign());
    expect(ok.body.map((item: { name: string }) => item.name)).toEqual(['mine.txt']);
  });
});
