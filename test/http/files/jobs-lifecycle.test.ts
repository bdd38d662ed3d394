import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../helper.js';
import { BACKENDS, createFileTestApp, download, upload, uploadFile, type FileTestContext } from './helper.js';
import { buildWorld, fileRows, newJobId, newOutsourcing, shareRows, type World } from './jobs-fixture.js';

/** docs/files.md#lifecycle for job files: no orphan content, no orphan share rows. */
describe.each(BACKENDS)('job file lifecycle (%s storage)', (backend) => {
  let t: FileTestContext;
  let w: World;

  beforeAll(async () => {
    t = await createFileTestApp(backend);
    w = await buildWorld(t);
  });
  afterAll(() => t.close());

  it('deleting a file removes its content and its share rows', async () => {
    const jobId = await newJobId(t.api, w);
    const outsourcingId = await newOutsourcing(t.api, w, jobId);
    const file = (await upload(t, `/v2/jobs/${jobId}/files/upload/${outsourcingId}`, [{ name: 'file', filename: 'a.txt', content: 'a' }])).body;
    expect(await shareRows(t, { fileId: file.id })).toBe(1);
    const before = await t.blobs();
    expect((await t.api.delete(`/v2/jobs/${jobId}/files/${file.id}`)).status).toBe(204);
    expect(await t.blobs()).toBe(before - 1);
    expect(await shareRows(t, { fileId: file.id })).toBe(0);
    expect((await t.api.get(`/v2/jobs/${jobId}`)).body.outsourcing).toHaveLength(1);
  });

  it('deleting a job removes every file of it with its content and shares; other jobs keep theirs', async () => {
    const jobId = await newJobId(t.api, w, 'Doomed');
    const keepId = await newJobId(t.api, w, 'Kept');
    const outsourcingId = await newOutsourcing(t.api, w, jobId);
    const before = await t.blobs();
    const files = [];
    for (const name of ['1.txt', '2.txt', '3.txt']) files.push((await uploadFile(t, `/v2/jobs/${jobId}`, name, name)).body);
    await t.api.put(`/v2/jobs/${jobId}/files/${files[0].id}/share/with/${outsourcingId}`);
    const kept = (await uploadFile(t, `/v2/jobs/${keepId}`, 'kept.txt', 'kept')).body;
    expect(await t.blobs()).toBe(before + 4);
    const deleted = await t.api.delete(`/v2/jobs/${jobId}`);
    expect(deleted.status).toBe(204);
    expect(await t.blobs()).toBe(before + 1);
    expect(await fileRows(t, jobId)).toBe(0);
    expect(await shareRows(t, { outsourcingId })).toBe(0);
    expect((await download(t, `/v2/jobs/${keepId}/files/${kept.id}/download`)).body).toBe('kept');
    expectError(await t.api.get(`/v2/jobs/${jobId}/files`), 404, 'resource_missing');
  });

  it('the last state of a deleted job (job.deleted) carries its files', async () => {
    const jobId = await newJobId(t.api, w);
    const file = (await uploadFile(t, `/v2/jobs/${jobId}`, 'last.txt', 'x')).body;
    await t.api.delete(`/v2/jobs/${jobId}`);
    const events = await t.api.get('/v2/events', { 'type[]': 'job.deleted' });
    expect(events.body.items.find((item: { data: { id: string } }) => item.data.id === jobId).data.files).toEqual([file]);
  });

  it('keeps the files of a job whose delete is refused (409: invoiced)', async () => {
    const jobId = await newJobId(t.api, w, 'Invoiced');
    const file = (await uploadFile(t, `/v2/jobs/${jobId}`, 'keep.txt', 'still here')).body;
    expect((await t.api.put(`/v2/jobs/${jobId}`, { status: 3 })).status).toBe(200);
    expect((await t.api.put(`/v2/jobs/${jobId}`, { status: 4 })).status).toBe(200);
    const before = await t.blobs();
    expectError(await t.api.delete(`/v2/jobs/${jobId}`), 409, 'resource_in_use');
    expect(await t.blobs()).toBe(before);
    expect((await download(t, `/v2/jobs/${jobId}/files/${file.id}/download`)).body).toBe('still here');
    expect((await t.api.get(`/v2/jobs/${jobId}/files`)).body).toEqual([file]);
  });
});
