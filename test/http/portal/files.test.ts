import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { MISSING_ID, expectError, type Value } from '../../helper.js';
import { createFileTestApp, upload, uploadFile, type FileTestContext } from '../files/helper.js';
import { browserHeaders, expectNothingForeign, multipartPost, signedInSupplierPerson } from './fixture.js';

/** The files of the supplier's work on the portal (docs/supplier-portal.md#files). */
const LIMIT = 5000;
let t: FileTestContext;
let own: Awaited<ReturnType<typeof signedInSupplierPerson>>;
let other: Awaited<ReturnType<typeof signedInSupplierPerson>>;
let service: string;
let unit: string;
let client: string;

beforeAll(async () => {
  t = await createFileTestApp('db', { MAX_UPLOAD_BYTES: String(LIMIT) });
  own = await signedInSupplierPerson(t.app, t.api, 'Files Own Supplier');
  other = await signedInSupplierPerson(t.app, t.api, 'Files Other Supplier');
  service = (await t.api.post('/v2/account/services', { name: 'Files service' })).body.id as string;
  unit = ((await t.api.get('/v2/account/quantity-types')).body as Array<{ id: string }>)[0]!.id;
  client = (await t.api.post('/v2/clients', { name: 'Secret Client Ltd', currency: 'EUR' })).body.id as string;
});
afterAll(() => t.close());

/** A job with an outsourcing to the supplier (own by default), put on the portal with these settings. */
async function work(portal: Record<string, Value> = { enabled: true }, supplierId = own.supplierId, jobId?: string) {
  const job = jobId ?? ((await t.api.post('/v2/jobs', { name: 'Files job', client, service, quantity: 100, quantityType: unit })).body.id as string);
  const created = await t.api.post(`/v2/jobs/${job}/outsourcing`, { supplier: supplierId, unitCost: 0.1 });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.outsourcing.at(-1).id as string;
  const put = await t.api.put(`/v2/jobs/${job}/outsourcing/${id}/portal`, portal, { json: true });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return { jobId: job, id };
}

/** A file the agency uploads to a job or group, shared with all (`'all'`), with one outsourcing (its id) or with none (null). */
async function agencyFile(base: string, name: string, content: string, share: string | null) {
  const reply = await uploadFile(t, base, name, content);
  expect(reply.status).toBe(201);
  const fileId = reply.body.id as string;
  if (share === 'all') expect((await t.api.put(`${base}/files/${fileId}/share/with/all`)).status).toBe(200);
  else if (share !== null) expect((await t.api.put(`${base}/files/${fileId}/share/with/${share}`)).status).toBe(200);
  return fileId;
}

async function newGroup(jobIds: string[]): Promise<string> {
  const group = await t.api.post('/v2/groups', { name: 'Files group' });
  expect(group.status).toBe(201);
  for (const jobId of jobIds) expect((await t.api.post(`/v2/groups/${group.body.id}/jobs/${jobId}`)).status).toBe(200);
  return group.body.id as string;
}

const filesOf = (workId: string) => own.browser.get(`/v2/portal/work/${workId}/files`);
const contentOf = (workId: string, fileId: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/v2/portal/work/${workId}/files/${fileId}/content`, headers: { ...browserHeaders(own.browser), ...headers } });

describe('GET /v2/portal/work/:id/files', () => {
  it('lists the job’s and the group’s files shared with this work, nothing else, and nothing of the agency', async () => {
    const w = await work();
    const sibling = await work({ enabled: true }, other.supplierId, w.jobId);
    const job = `/v2/jobs/${w.jobId}`;
    const all = await agencyFile(job, 'source.docx', 'source text', 'all');
    const mine = await agencyFile(job, 'glossary.xlsx', 'terms', w.id);
    await agencyFile(job, 'internal.txt', 'not shared', null);
    await agencyFile(job, 'theirs.txt', 'for another supplier', sibling.id);
    const groupId = await newGroup([w.jobId]);
    const grouped = await agencyFile(`/v2/groups/${groupId}`, 'style guide.pdf', 'style', 'all');

    const list = await filesOf(w.id);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: all,
        name: 'source.docx',
        size: 11,
        contentType: expect.stringContaining('wordprocessingml'),
        kind: 'job',
        deliverable: false,
        createdAt: expect.any(String),
      },
      { id: mine, name: 'glossary.xlsx', size: 5, contentType: expect.any(String), kind: 'job', deliverable: false, createdAt: expect.any(String) },
      { id: grouped, name: 'style guide.pdf', size: 5, contentType: 'application/pdf', kind: 'group', deliverable: false, createdAt: expect.any(String) },
    ]);
    expectNothingForeign(list.body, [client, 'Secret Client', other.supplierId, sibling.id], 'GET /v2/portal/work/:id/files');
    // The other supplier sees the file shared with their work, and nothing of this one's.
    expect((await other.browser.get(`/v2/portal/work/${sibling.id}/files`)).body.map((file: { name: string }) => file.name)).toEqual([
      'source.docx',
      'theirs.txt',
      'style guide.pdf',
    ]);
  });

  it('answers 404 for work of another supplier, not on the portal, or unknown; 400 for an unknown parameter', async () => {
    const w = await work();
    expectError(await other.browser.get(`/v2/portal/work/${w.id}/files`), 404, 'resource_missing');
    const off = await work({ enabled: false });
    expectError(await filesOf(off.id), 404, 'resource_missing');
    expectError(await filesOf(MISSING_ID), 404, 'resource_missing');
    expectError(await own.browser.get(`/v2/portal/work/${w.id}/files?extra=1`), 400, 'parameter_unknown');
  });
});

describe('GET /v2/portal/work/:id/files/:fileId/content', () => {
  it('answers the exact bytes as an attachment, with ranges and the entity tag', async () => {
    const w = await work();
    const fileId = await agencyFile(`/v2/jobs/${w.jobId}`, 'brief.txt', 'hello portal', 'all');
    const whole = await contentOf(w.id, fileId);
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe('hello portal');
    expect(whole.headers['content-disposition']).toContain('attachment');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    const part = await contentOf(w.id, fileId, { range: 'bytes=6-' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('portal');
    expect(part.headers['content-range']).toBe('bytes 6-11/12');
    expect((await contentOf(w.id, fileId, { 'if-none-match': String(whole.headers.etag) })).statusCode).toBe(304);
    expect((await contentOf(w.id, fileId, { range: 'bytes=50-' })).statusCode).toBe(416);
    const head = await t.app.inject({ method: 'HEAD', url: `/v2/portal/work/${w.id}/files/${fileId}/content`, headers: browserHeaders(own.browser) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('12');
    expect(head.body).toBe('');
  });

  it('answers 404 for a file not shared with the work, of another job, another supplier’s person, or unknown; 400 for an unknown parameter', async () => {
    const w = await work();
    const hidden = await agencyFile(`/v2/jobs/${w.jobId}`, 'hidden.txt', 'agency only', null);
    const shared = await agencyFile(`/v2/jobs/${w.jobId}`, 'shared.txt', 'shared', 'all');
    const elsewhere = await work();
    const foreign = await agencyFile(`/v2/jobs/${elsewhere.jobId}`, 'elsewhere.txt', 'other job', 'all');
    for (const fileId of [hidden, foreign, MISSING_ID]) expect((await contentOf(w.id, fileId)).statusCode).toBe(404);
    expect((await other.browser.get(`/v2/portal/work/${w.id}/files/${shared}/content`)).status).toBe(404);
    expect((await contentOf(w.id, shared)).statusCode).toBe(200);
    expect((await own.browser.get(`/v2/portal/work/${w.id}/files/${shared}/content?extra=1`)).status).toBe(400);
  });
});

describe('POST /v2/portal/work/:id/files', () => {
  it('stores a deliverable on the job, shared with the work, recorded as the person’s, seen by the agency', async () => {
    const w = await work();
    const reply = await own.browser.upload(w.id, 'translation.docx', 'übersetzt');
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toEqual({
      id: expect.any(String),
      name: 'translation.docx',
      size: Buffer.byteLength('übersetzt'),
      contentType: expect.any(String),
      kind: 'job',
      deliverable: true,
      createdAt: expect.any(String),
    });
    expect((await filesOf(w.id)).body).toEqual([reply.body]);
    expect((await contentOf(w.id, reply.body.id)).body).toBe('übersetzt');
    const agency = await t.api.get(`/v2/jobs/${w.jobId}/files`);
    expect(agency.body).toEqual([
      {
        id: reply.body.id,
        name: 'translation.docx',
        outsourcing: { shareWithAll: false, sharedWith: [w.id] },
        deliverable: { outsourcingId: w.id, portalPersonId: own.personId },
        shareWithClient: false,
        size: reply.body.size,
        createdAt: reply.body.createdAt,
      },
    ]);
    // The job's own object lists it the same way.
    expect((await t.api.get(`/v2/jobs/${w.jobId}`)).body.files).toEqual(agency.body);
    const uploaded = (await t.api.get('/v2/events', { type: 'file.uploaded' })).body.items[0];
    expect(uploaded.actor).toMatchObject({ type: 'portal', portalPersonId: own.personId });
    expect(uploaded.data).toMatchObject({ id: reply.body.id, owner: { type: 'job', id: w.jobId }, deliverable: { outsourcingId: w.id } });
    const updated = (await t.api.get('/v2/events', { type: 'job.updated' })).body.items[0];
    expect(updated.data.id).toBe(w.jobId);
    expect(updated.actor.type).toBe('portal');
  });

  it('stores it on the job’s group when the work says so: the group’s file, listed on the job, seen by this work only', async () => {
    const w = await work({ enabled: true, uploadFileOnGroup: true });
    const sibling = await work({ enabled: true }, own.supplierId, w.jobId);
    const groupId = await newGroup([w.jobId]);
    const reply = await own.browser.upload(w.id, 'all of it.zip', 'zip bytes');
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({ kind: 'group', deliverable: true, name: 'all of it.zip' });
    const groupFiles = (await t.api.get(`/v2/groups/${groupId}/files`)).body;
    expect(groupFiles).toEqual([expect.objectContaining({ id: reply.body.id, deliverable: { outsourcingId: w.id, portalPersonId: own.personId } })]);
    expect((await t.api.get(`/v2/groups/${groupId}`)).body.files).toEqual(groupFiles);
    expect((await t.api.get(`/v2/jobs/${w.jobId}/files`)).body).toEqual([expect.objectContaining({ id: reply.body.id, groupFileId: reply.body.id })]);
    expect((await t.api.get(`/v2/jobs/${w.jobId}`)).body.files).toEqual([
      expect.objectContaining({ id: reply.body.id, deliverable: { outsourcingId: w.id, portalPersonId: own.personId } }),
    ]);
    expect((await filesOf(sibling.id)).body).toEqual([]);
  });

  it('stores it on the job when the work says group but the job is in none', async () => {
    const w = await work({ enabled: true, uploadFileOnGroup: true });
    const reply = await own.browser.upload(w.id, 'alone.txt', 'alone');
    expect(reply.body).toMatchObject({ kind: 'job', deliverable: true });
  });

  it.each([
    ['offered work (an answer pending)', { enabled: true, confirm: true }, null, 'Accept the work'],
    ['refused work', { enabled: true, confirm: true }, 'refuse', 'You refused'],
    ['work marked done', { enabled: true }, 'done', 'done'],
    ['cancelled work', { enabled: true }, 'cancel', 'cancelled'],
  ] as const)('answers 409 for %s, and stores nothing', async (_label, portal, then, message) => {
    const w = await work(portal);
    if (then === 'refuse') expect((await own.browser.request('POST', `/v2/portal/work/${w.id}/refuse`, { reason: 'busy' })).status).toBe(200);
    if (then === 'done') expect((await own.browser.request('POST', `/v2/portal/work/${w.id}/done`)).status).toBe(200);
    if (then === 'cancel') expect((await t.api.put(`/v2/jobs/${w.jobId}/outsourcing/${w.id}`, { status: 5 })).status).toBe(200);
    const blobs = await t.blobs();
    const reply = await own.browser.upload(w.id, 'late.txt', 'late');
    expectError(reply, 409, 'state_conflict');
    expect(reply.body.message).toContain(message);
    expect(await t.blobs()).toBe(blobs);
    expect((await t.api.get(`/v2/jobs/${w.jobId}/files`)).body).toEqual([]);
  });

  it('accepts deliverables once offered work is accepted', async () => {
    const w = await work({ enabled: true, confirm: true });
    expect((await own.browser.request('POST', `/v2/portal/work/${w.id}/accept`)).status).toBe(200);
    expect((await own.browser.upload(w.id, 'now.txt', 'now')).status).toBe(201);
  });

  it('answers 400 without a file part, with a file as a text field, or an unknown parameter; 415 for another body; 413 over the limit; nothing stored', async () => {
    const w = await work();
    const url = `/v2/portal/work/${w.id}/files`;
    const headers = browserHeaders(own.browser);
    const blobs = await t.blobs();
    expectError(await multipartPost(t.app, url, headers, [{ name: 'note', content: 'no file' }]), 400, 'parameter_missing');
    expectError(await multipartPost(t.app, url, headers, [{ name: 'file', content: 'text' }]), 400, 'parameter_invalid');
    expectError(await own.browser.request('POST', url), 400, 'parameter_missing');
    expectError(await multipartPost(t.app, `${url}?extra=1`, headers, [{ name: 'file', filename: 'a.txt', content: 'a' }]), 400, 'parameter_unknown');
    expectError(await own.browser.request('POST', url, { file: 'x' }), 415, 'unsupported_media_type');
    expectError(await own.browser.upload(w.id, 'big.bin', Buffer.alloc(LIMIT + 1)), 413, 'payload_too_large');
    expect(await t.blobs()).toBe(blobs);
    expect((await own.browser.upload(w.id, 'exact.bin', Buffer.alloc(LIMIT))).status).toBe(201);
  });

  it('answers 404 to another supplier’s person, for work not on the portal and unknown work; 403 without the CSRF token', async () => {
    const w = await work();
    expectError(await other.browser.upload(w.id, 'x.txt', 'x'), 404, 'resource_missing');
    expectError(await own.browser.upload((await work({ enabled: false })).id, 'x.txt', 'x'), 404, 'resource_missing');
    expectError(await own.browser.upload(MISSING_ID, 'x.txt', 'x'), 404, 'resource_missing');
    expectError(await own.browser.upload(w.id, 'x.txt', 'x', { csrf: false }), 403, 'forbidden');
    // An agency key on the portal's route: the portal's authentication only.
    expect((await upload(t, `/v2/portal/work/${w.id}/files`, [{ name: 'file', filename: 'x.txt', content: 'x' }])).status).toBe(401);
    expect((await t.api.get(`/v2/jobs/${w.jobId}/files`)).body).toEqual([]);
  });

  it('takes 200 MB uploads by default', () => {
    expect(loadConfig({}).maxUploadBytes).toBeGreaterThanOrEqual(200 * 1000 * 1000);
  });
});

describe('DELETE /v2/portal/work/:id/files/:fileId', () => {
  it('removes the person’s deliverable and its content: gone from the portal and the agency, job.updated', async () => {
    const w = await work();
    const file = (await own.browser.upload(w.id, 'wrong.docx', 'wrong')).body;
    const blobs = await t.blobs();
    const reply = await own.browser.request('DELETE', `/v2/portal/work/${w.id}/files/${file.id}`);
    expect(reply.status).toBe(204);
    expect((await filesOf(w.id)).body).toEqual([]);
    expect((await t.api.get(`/v2/jobs/${w.jobId}/files`)).body).toEqual([]);
    expect((await t.api.get('/v2/events', { type: 'job.updated' })).body.items[0].data.files).toEqual([]);
    // The content goes once the transaction commits (the db storage: at once).
    expect(await t.blobs()).toBe(blobs - 1);
  });

  it('answers 409 for a file of the agency and when the work is done; 404 for a file not shared, another supplier’s person, unknown ids; 400 for an unknown parameter', async () => {
    const w = await work();
    const agencys = await agencyFile(`/v2/jobs/${w.jobId}`, 'source.txt', 'source', 'all');
    const hidden = await agencyFile(`/v2/jobs/${w.jobId}`, 'hidden.txt', 'hidden', null);
    const mine = (await own.browser.upload(w.id, 'mine.txt', 'mine')).body.id as string;
    expectError(await own.browser.request('DELETE', `/v2/portal/work/${w.id}/files/${agencys}`), 409, 'state_conflict');
    expectError(await own.browser.request('DELETE', `/v2/portal/work/${w.id}/files/${hidden}`), 404, 'resource_missing');
    expectError(await own.browser.request('DELETE', `/v2/portal/work/${w.id}/files/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await own.browser.request('DELETE', `/v2/portal/work/${MISSING_ID}/files/${mine}`), 404, 'resource_missing');
    expectError(await other.browser.request('DELETE', `/v2/portal/work/${w.id}/files/${mine}`), 404, 'resource_missing');
    expectError(await own.browser.request('DELETE', `/v2/portal/work/${w.id}/files/${mine}?extra=1`), 400, 'parameter_unknown');
    expect((await own.browser.request('POST', `/v2/portal/work/${w.id}/done`)).status).toBe(200);
    expectError(await own.browser.request('DELETE', `/v2/portal/work/${w.id}/files/${mine}`), 409, 'state_conflict');
    expect((await filesOf(w.id)).body.map((file: { id: string }) => file.id)).toEqual([agencys, mine]);
  });
});
