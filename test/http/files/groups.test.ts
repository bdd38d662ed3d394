import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, expectError, type Api } from '../../helper.js';
import { BACKENDS, createFileTestApp, download, upload, uploadFile, type FileTestContext } from './helper.js';
import { buildWorld, fileObject, fileRows, newJobId, newOutsourcing, shareRows, type World } from './jobs-fixture.js';
import { eventsOf } from '../jobs/fixture.js';

/** Files of a group (specification "Files of a group", docs/files.md). */
describe.each(BACKENDS)('group files (%s storage)', (backend) => {
  let t: FileTestContext;
  let w: World;

  beforeAll(async () => {
    t = await createFileTestApp(backend);
    w = await buildWorld(t);
  });
  afterAll(() => t.close());

  async function newGroup(api: Api = t.api, name = 'Group'): Promise<string> {
    const reply = await api.post('/v2/groups', { name });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.id as string;
  }
  async function addJob(groupId: string, jobId: string): Promise<void> {
    const reply = await t.api.post(`/v2/groups/${groupId}/jobs/${jobId}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  }
  const path = (groupId: string) => `/v2/groups/${groupId}`;

  it('uploads a file to a group: 201 with the group file object, listed on the group and its page, group.updated', async () => {
    const groupId = await newGroup();
    const reply = await uploadFile(t, path(groupId), 'glossary.xlsx', 'glossary');
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual(fileObject('glossary.xlsx', 8));
    expect(Object.keys(reply.body)).toEqual(['id', 'name', 'outsourcing', 'shareWithClient', 'size', 'createdAt']);
    expect((await t.api.get(`${path(groupId)}/files`)).body).toEqual([reply.body]);
    expect((await t.api.get(path(groupId))).body.files).toEqual([reply.body]);
    const page = await t.api.get('/v2/groups', { pageSize: 100 });
    expect(page.body.items.find((item: { id: string }) => item.id === groupId).files).toEqual([reply.body]);
    const events = (await eventsOf(t, 'group.updated')) as Array<{ id: string; files: unknown[] }>;
    expect(events.filter((event) => event.id === groupId).at(-1)!.files).toEqual([reply.body]);
    const download1 = await download(t, `${path(groupId)}/files/${reply.body.id}/download`);
    expect(download1.statusCode).toBe(200);
    expect(download1.body).toBe('glossary');
  });

  it("lists the group files on every job of the group with groupFileId, with the job's own files", async () => {
    const groupId = await newGroup();
    const [a, b, outside] = [await newJobId(t.api, w, 'A'), await newJobId(t.api, w, 'B'), await newJobId(t.api, w, 'Outside')];
    await addJob(groupId, a);
    await addJob(groupId, b);
    const own = (await uploadFile(t, `/v2/jobs/${a}`, 'own.txt', 'own')).body;
    const group = (await uploadFile(t, path(groupId), 'shared.txt', 'shared')).body;
    const asJobFile = { ...group, groupFileId: group.id };
    expect((await t.api.get(`/v2/jobs/${a}/files`)).body).toEqual([own, asJobFile]);
    expect(Object.keys((await t.api.get(`/v2/jobs/${b}/files`)).body[0]).sort()).toEqual([
      'createdAt',
      'groupFileId',
      'id',
      'name',
      'outsourcing',
      'shareWithClient',
      'size',
    ]);
    expect((await t.api.get(`/v2/jobs/${b}`)).body.files).toEqual([asJobFile]);
    expect((await t.api.get(`/v2/jobs/${outside}/files`)).body).toEqual([]);
    const page = await t.api.get('/v2/jobs', { pageSize: 100 });
    const filesOf = (id: string) => page.body.items.find((item: { id: string }) => item.id === id).files;
    expect([filesOf(a), filesOf(b), filesOf(outside)]).toEqual([[own, asJobFile], [asJobFile], []]);
    // Downloaded through the job; changed and deleted only through the group.
    expect((await download(t, `/v2/jobs/${b}/files/${group.id}/download`)).body).toBe('shared');
    expectError(await t.api.delete(`/v2/jobs/${b}/files/${group.id}`), 404, 'resource_missing');
    expectError(await t.api.put(`/v2/jobs/${b}/files/${group.id}/share/with/all`), 404, 'resource_missing');
    expectError(
      await download(t, `/v2/jobs/${outside}/files/${group.id}/download`).then((raw) => ({
        status: raw.statusCode,
        body: raw.json(),
        headers: raw.headers,
        raw,
      })),
      404,
      'resource_missing',
    );
    // Sharing on the group shows on the jobs.
    await t.api.put(`${path(groupId)}/files/${group.id}/share/with/all`);
    expect((await t.api.get(`/v2/jobs/${b}/files`)).body).toEqual([{ ...asJobFile, outsourcing: { shareWithAll: true, sharedWith: [] } }]);
    // A job that leaves the group no longer lists them.
    expect((await t.api.delete(`/v2/groups/${groupId}/jobs/${b}`)).status).toBe(200);
    expect((await t.api.get(`/v2/jobs/${b}/files`)).body).toEqual([]);
    expectError(
      await download(t, `/v2/jobs/${b}/files/${group.id}/download`).then((raw) => ({ status: raw.statusCode, body: raw.json(), headers: raw.headers, raw })),
      404,
      'resource_missing',
    );
  });

  it('uploads into an outsourcing of a job of the group: shared with it (on the group and its jobs)', async () => {
    const groupId = await newGroup();
    const jobId = await newJobId(t.api, w);
    await addJob(groupId, jobId);
    const outsourcingId = await newOutsourcing(t.api, w, jobId);
    const reply = await upload(t, `${path(groupId)}/files/upload/${outsourcingId}`, [{ name: 'file', filename: 'brief.txt', content: 'b' }]);
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual(fileObject('brief.txt', 1, false, [outsourcingId]));
    expect((await t.api.get(`/v2/jobs/${jobId}/files`)).body).toEqual([{ ...reply.body, groupFileId: reply.body.id }]);
    // Deleting the outsourcing drops the share.
    await t.api.delete(`/v2/jobs/${jobId}/outsourcing/${outsourcingId}`);
    expect((await t.api.get(`${path(groupId)}/files`)).body[0].outsourcing).toEqual({ shareWithAll: false, sharedWith: [] });
    expect(await shareRows(t, { outsourcingId })).toBe(0);
  });

  it('refuses an upload into an outsourcing of a job outside the group (404, nothing stored)', async () => {
    const groupId = await newGroup();
    const outside = await newJobId(t.api, w);
    const foreign = await newOutsourcing(t.api, w, outside);
    const before = await t.blobs();
    for (const id of [foreign, MISSING_ID, 'bad-id']) {
      expectError(await upload(t, `${path(groupId)}/files/upload/${id}`, [{ name: 'file', filename: 'x.txt', content: 'x' }]), 404, 'resource_missing');
    }
    expect(await t.blobs()).toBe(before);
    expect((await t.api.get(`${path(groupId)}/files`)).body).toEqual([]);
  });

  it('sets and unsets shareWithAll (200, the file object); no per-outsourcing routes on groups', async () => {
    const groupId = await newGroup();
    const jobId = await newJobId(t.api, w);
    await addJob(groupId, jobId);
    const outsourcingId = await newOutsourcing(t.api, w, jobId);
    const file = (await uploadFile(t, path(groupId), 'all.txt', 'all')).body;
    const shared = await t.api.put(`${path(groupId)}/files/${file.id}/share/with/all`);
    expect(shared.status).toBe(200);
    expect(shared.body).toEqual({ ...file, outsourcing: { shareWithAll: true, sharedWith: [] } });
    expect((await t.api.get(path(groupId))).body.files).toEqual([shared.body]);
    const unshared = await t.api.delete(`${path(groupId)}/files/${file.id}/share/with/all`);
    expect(unshared.status).toBe(200);
    expect(unshared.body).toEqual(file);
    expectError(await t.api.put(`${path(groupId)}/files/${file.id}/share/with/${outsourcingId}`), 404, 'route_missing');
  });

  it("answers 404 for a missing, malformed or another account's group, and a file of another group or of a job", async () => {
    const groupId = await newGroup();
    const otherGroup = await newGroup(t.api, 'Other');
    const jobId = await newJobId(t.api, w);
    const file = (await uploadFile(t, path(groupId), 'mine.txt', 'm')).body;
    const theirs = (await uploadFile(t, path(otherGroup), 'theirs.txt', 't')).body;
    const jobFile = (await uploadFile(t, `/v2/jobs/${jobId}`, 'job.txt', 'j')).body;
    const before = await t.blobs();
    for (const group of [MISSING_ID, 'nope']) {
      expectError(await t.api.get(`${path(group)}/files`), 404, 'resource_missing');
      expectError(await uploadFile(t, path(group), 'a.txt', 'a'), 404, 'resource_missing');
      expectError(await t.api.delete(`${path(group)}/files/${file.id}`), 404, 'resource_missing');
    }
    expectError(await t.otherApi.get(`${path(groupId)}/files`), 404, 'resource_missing');
    expectError(await uploadFile(t, path(groupId), 'a.txt', 'a', t.other.apiKey), 404, 'resource_missing');
    expectError(await t.otherApi.put(`${path(groupId)}/files/${file.id}/share/with/all`), 404, 'resource_missing');
    expectError(await t.otherApi.delete(`${path(groupId)}/files/${file.id}`), 404, 'resource_missing');
    for (const fileId of [theirs.id, jobFile.id, MISSING_ID, 'bad']) {
      expectError(await t.api.delete(`${path(groupId)}/files/${fileId}`), 404, 'resource_missing');
      expectError(await t.api.put(`${path(groupId)}/files/${fileId}/share/with/all`), 404, 'resource_missing');
      const missing = await download(t, `${path(groupId)}/files/${fileId}/download`);
      expect({ status: missing.statusCode, code: missing.json().code }).toEqual({ status: 404, code: 'resource_missing' });
    }
    expect(await t.blobs()).toBe(before);
  });

  it("deletes a file (204, content removed) and a group with all its files' content; its jobs stay", async () => {
    const groupId = await newGroup();
    const jobId = await newJobId(t.api, w);
    await addJob(groupId, jobId);
    const outsourcingId = await newOutsourcing(t.api, w, jobId);
    const first = (await uploadFile(t, path(groupId), '1.txt', '1')).body;
    let before = await t.blobs();
    const reply = await t.api.delete(`${path(groupId)}/files/${first.id}`);
    expect(reply.status).toBe(204);
    expect(reply.raw.body).toBe('');
    expect(await t.blobs()).toBe(before - 1);
    expectError(await t.api.get(`${path(groupId)}/files/${first.id}/download`), 404, 'resource_missing');
    before = await t.blobs();
    await upload(t, `${path(groupId)}/files/upload/${outsourcingId}`, [{ name: 'file', filename: '2.txt', content: '2' }]);
    await uploadFile(t, path(groupId), '3.txt', '3');
    const own = (await uploadFile(t, `/v2/jobs/${jobId}`, 'own.txt', 'own')).body;
    expect(await t.blobs()).toBe(before + 3);
    expect((await t.api.delete(path(groupId))).status).toBe(204);
    expect(await t.blobs()).toBe(before + 1);
    expect(await fileRows(t, groupId)).toBe(0);
    expect(await shareRows(t, { outsourcingId })).toBe(0);
    expect((await t.api.get(`/v2/jobs/${jobId}/files`)).body).toEqual([own]);
  });

  it('deleting a job of the group keeps the group files', async () => {
    const groupId = await newGroup();
    const jobId = await newJobId(t.api, w);
    await addJob(groupId, jobId);
    const file = (await uploadFile(t, path(groupId), 'stays.txt', 'stays')).body;
    const before = await t.blobs();
    expect((await t.api.delete(`/v2/jobs/${jobId}`)).status).toBe(204);
    expect(await t.blobs()).toBe(before);
    expect((await t.api.get(`${path(groupId)}/files`)).body).toEqual([file]);
  });

  it('refuses writes with a read-only key (403)', async () => {
    const groupId = await newGroup();
    const file = (await uploadFile(t, path(groupId), 'ro.txt', 'r')).body;
    const ro = t.api.withKey(t.account.readKey);
    expectError(await uploadFile(t, path(groupId), 'ro2.txt', 'r', t.account.readKey), 403, 'forbidden');
    expectError(await ro.delete(`${path(groupId)}/files/${file.id}`), 403, 'forbidden');
    expectError(await ro.put(`${path(groupId)}/files/${file.id}/share/with/all`), 403, 'forbidden');
    expectError(await ro.delete(`${path(groupId)}/files/${file.id}/share/with/all`), 403, 'forbidden');
    expect((await ro.get(`${path(groupId)}/files`)).body).toEqual([file]);
  });
});
