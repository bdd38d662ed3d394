import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, expectError } from '../../helper.js';
import { BACKENDS, createFileTestApp, download, upload, uploadFile, type FileTestContext } from './helper.js';
import { buildWorld, fileObject, newJobId, newOutsourcing, type World } from './jobs-fixture.js';
import { eventsOf } from '../jobs/fixture.js';

/** Files of a job (specification "Files of a job", "File sharing flags", docs/files.md#files-of-jobs-and-groups). */
describe.each(BACKENDS)('job files (%s storage)', (backend) => {
  let t: FileTestContext;
  let w: World;
  const path = (jobId: string) => `/v2/jobs/${jobId}`;

  beforeAll(async () => {
    t = await createFileTestApp(backend);
    w = await buildWorld(t);
  });
  afterAll(() => t.close());

  it('uploads a file to a job: 201 with the job file object, listed on the job and its page, job.updated', async () => {
    const jobId = await newJobId(t.api, w, 'Listed');
    const reply = await uploadFile(t, path(jobId), 'source.docx', 'twelve bytes');
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual(fileObject('source.docx', 12));
    expect(Object.keys(reply.body)).toEqual(['id', 'name', 'outsourcing', 'shareWithClient', 'size', 'createdAt']);
    const list = await t.api.get(`${path(jobId)}/files`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([reply.body]);
    const second = (await uploadFile(t, path(jobId), 'ref.pdf', 'pdf')).body;
    expect((await t.api.get(`${path(jobId)}/files`)).body).toEqual([reply.body, second]);
    const job = (await t.api.get(path(jobId))).body;
    expect(job.files).toEqual([reply.body, second]);
    expect(job.updatedAt >= job.createdAt).toBe(true);
    const page = await t.api.get('/v2/jobs', { pageSize: 100 });
    expect(page.body.items.find((item: { id: string }) => item.id === jobId).files).toEqual([reply.body, second]);
    const events = (await eventsOf(t, 'job.updated')) as Array<{ id: string; files: unknown[] }>;
    expect(events.filter((event) => event.id === jobId).map((event) => event.files.length)).toEqual([1, 2]);
  });

  it('lists an empty array for a job without files', async () => {
    const jobId = await newJobId(t.api, w);
    expect((await t.api.get(`${path(jobId)}/files`)).body).toEqual([]);
    expect((await t.api.get(path(jobId))).body.files).toEqual([]);
  });

  it('uploads into an outsourcing of the job: the file is shared with it', async () => {
    const jobId = await newJobId(t.api, w);
    const outsourcingId = await newOutsourcing(t.api, w, jobId);
    const reply = await upload(t, `${path(jobId)}/files/upload/${outsourcingId}`, [{ name: 'file', filename: 'for-anna.txt', content: 'hi' }]);
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual(fileObject('for-anna.txt', 2, false, [outsourcingId]));
    expect((await t.api.get(`${path(jobId)}/files`)).body).toEqual([reply.body]);
  });

  it("refuses an upload into an outsourcing that is not the job's (404, nothing stored)", async () => {
    const jobId = await newJobId(t.api, w);
    const otherJob = await newJobId(t.api, w, 'Other');
    const foreign = await newOutsourcing(t.api, w, otherJob);
    const before = await t.blobs();
    for (const id of [foreign, MISSING_ID, 'not-an-id']) {
      expectError(await upload(t, `${path(jobId)}/files/upload/${id}`, [{ name: 'file', filename: 'x.txt', content: 'x' }]), 404, 'resource_missing');
    }
    expect(await t.blobs()).toBe(before);
    expect((await t.api.get(`${path(jobId)}/files`)).body).toEqual([]);
  });

  it("answers 404 for a missing, malformed or another account's job", async () => {
    const jobId = await newJobId(t.api, w);
    const file = (await uploadFile(t, path(jobId), 'a.txt', 'a')).body;
    const before = await t.blobs();
    for (const job of [MISSING_ID, 'nope']) {
      expectError(await t.api.get(`${path(job)}/files`), 404, 'resource_missing');
      expectError(await uploadFile(t, path(job), 'a.txt', 'a'), 404, 'resource_missing');
      expectError(await t.api.get(`${path(job)}/files/${file.id}/download`), 404, 'resource_missing');
      expectError(await t.api.delete(`${path(job)}/files/${file.id}`), 404, 'resource_missing');
    }
    expectError(await t.otherApi.get(`${path(jobId)}/files`), 404, 'resource_missing');
    expectError(await uploadFile(t, path(jobId), 'a.txt', 'a', t.other.apiKey), 404, 'resource_missing');
    expectError(await t.otherApi.get(`${path(jobId)}/files/${file.id}/download`), 404, 'resource_missing');
    expectError(await t.otherApi.put(`${path(jobId)}/files/${file.id}/share/with/all`), 404, 'resource_missing');
    expectError(await t.otherApi.delete(`${path(jobId)}/files/${file.id}`), 404, 'resource_missing');
    expect(await t.blobs()).toBe(before);
    expect((await t.api.get(`${path(jobId)}/files`)).body).toEqual([file]);
  });

  it('downloads the exact bytes (GET and HEAD)', async () => {
    const jobId = await newJobId(t.api, w);
    const file = (await uploadFile(t, path(jobId), 'notes.txt', 'the content')).body;
    const reply = await download(t, `${path(jobId)}/files/${file.id}/download`);
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toBe('the content');
    expect(reply.headers['content-disposition']).toContain('attachment');
    const head = await download(t, `${path(jobId)}/files/${file.id}/download`, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('11');
    expect(head.body).toBe('');
  });

  it('answers 404 for a file of another job, a missing or malformed file id', async () => {
    const jobId = await newJobId(t.api, w);
    const otherJob = await newJobId(t.api, w, 'Other');
    const outsourcingId = await newOutsourcing(t.api, w, jobId);
    const file = (await uploadFile(t, path(otherJob), 'theirs.txt', 't')).body;
    for (const fileId of [file.id, MISSING_ID, 'bad']) {
      expectError(await t.api.get(`${path(jobId)}/files/${fileId}/download`), 404, 'resource_missing');
      expectError(await t.api.delete(`${path(jobId)}/files/${fileId}`), 404, 'resource_missing');
      expectError(await t.api.put(`${path(jobId)}/files/${fileId}/share/with/all`), 404, 'resource_missing');
      expectError(await t.api.delete(`${path(jobId)}/files/${fileId}/share/with/all`), 404, 'resource_missing');
      expectError(await t.api.put(`${path(jobId)}/files/${fileId}/share/with/${outsourcingId}`), 404, 'resource_missing');
      expectError(await t.api.delete(`${path(jobId)}/files/${fileId}/share/with/${outsourcingId}`), 404, 'resource_missing');
    }
    expect((await download(t, `${path(otherJob)}/files/${file.id}/download`)).body).toBe('t');
  });

  it('deletes a file: 204, empty body, content removed, then 404', async () => {
    const jobId = await newJobId(t.api, w);
    const file = (await uploadFile(t, path(jobId), 'gone.txt', 'bye')).body;
    const before = await t.blobs();
    const reply = await t.api.delete(`${path(jobId)}/files/${file.id}`);
    expect(reply.status).toBe(204);
    expect(reply.raw.body).toBe('');
    expect(await t.blobs()).toBe(before - 1);
    expect((await t.api.get(`${path(jobId)}/files`)).body).toEqual([]);
    expectError(await t.api.get(`${path(jobId)}/files/${file.id}/download`), 404, 'resource_missing');
    expectError(await t.api.delete(`${path(jobId)}/files/${file.id}`), 404, 'resource_missing');
  });

  it('refuses writes with a read-only key (403), reads are allowed', async () => {
    const jobId = await newJobId(t.api, w);
    const outsourcingId = await newOutsourcing(t.api, w, jobId);
    const file = (await uploadFile(t, path(jobId), 'ro.txt', 'r')).body;
    const ro = t.api.withKey(t.account.readKey);
    const before = await t.blobs();
    expectError(await uploadFile(t, path(jobId), 'ro2.txt', 'r', t.account.readKey), 403, 'forbidden');
    expectError(await ro.delete(`${path(jobId)}/files/${file.id}`), 403, 'forbidden');
    expectError(await ro.put(`${path(jobId)}/files/${file.id}/share/with/all`), 403, 'forbidden');
    expectError(await ro.delete(`${path(jobId)}/files/${file.id}/share/with/all`), 403, 'forbidden');
    expectError(await ro.put(`${path(jobId)}/files/${file.id}/share/with/${outsourcingId}`), 403, 'forbidden');
    expectError(await ro.delete(`${path(jobId)}/files/${file.id}/share/with/${outsourcingId}`), 403, 'forbidden');
    expect(await t.blobs()).toBe(before);
    expect((await ro.get(`${path(jobId)}/files`)).body).toEqual([file]);
  });
});
