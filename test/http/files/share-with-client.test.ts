import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, expectError } from '../../helper.js';
import { apiWithRole } from '../portal/fixture.js';
import { createFileTestApp, uploadFile, type FileTestContext } from './helper.js';
import { buildWorld, newJobId, type World } from './jobs-fixture.js';
import { eventsOf } from '../jobs/fixture.js';

/** Sharing job and group files with the client (docs/files.md#sharing-with-the-client): the client portal's deliverables. */
describe('sharing job and group files with the client', () => {
  let t: FileTestContext;
  let w: World;

  beforeAll(async () => {
    t = await createFileTestApp('db');
    w = await buildWorld(t);
  });
  afterAll(() => t.close());

  it('PUT and DELETE /v2/jobs/:id/files/:fileId/share/with/client answer the file with shareWithClient, recording job.updated', async () => {
    const jobId = await newJobId(t.api, w);
    const file = (await uploadFile(t, `/v2/jobs/${jobId}`, 'target.docx', 'translated')).body;
    expect(file.shareWithClient).toBe(false);
    const url = `/v2/jobs/${jobId}/files/${file.id}/share/with/client`;
    const shared = await t.api.put(url);
    expect(shared.status).toBe(200);
    expect(shared.body).toEqual({ ...file, shareWithClient: true });
    // Again: no change.
    expect((await t.api.put(url)).body).toEqual(shared.body);
    expect((await t.api.get(`/v2/jobs/${jobId}`)).body.files).toEqual([shared.body]);
    const events = (await eventsOf(t, 'job.updated')) as Array<{ id: string; files: unknown[] }>;
    expect(events.filter((event) => event.id === jobId).at(-1)!.files).toEqual([shared.body]);
    const unshared = await t.api.delete(url);
    expect(unshared.status).toBe(200);
    expect(unshared.body).toEqual(file);
    expect((await t.api.get(`/v2/jobs/${jobId}/files`)).body).toEqual([file]);
    // The outsourcing's sharing is another matter: untouched.
    expect(unshared.body.outsourcing).toEqual({ shareWithAll: false, sharedWith: [] });
  });

  it("PUT and DELETE /v2/groups/:id/files/:fileId/share/with/client; the group's file shows it on its jobs, and is shared on the group's path only", async () => {
    const group = (await t.api.post('/v2/groups', { name: 'Shared group' })).body.id as string;
    const jobId = await newJobId(t.api, w);
    expect((await t.api.post(`/v2/groups/${group}/jobs/${jobId}`)).status).toBe(200);
    const file = (await uploadFile(t, `/v2/groups/${group}`, 'glossary.xlsx', 'terms')).body;
    const shared = await t.api.put(`/v2/groups/${group}/files/${file.id}/share/with/client`);
    expect(shared.status).toBe(200);
    expect(shared.body).toEqual({ ...file, shareWithClient: true });
    expect((await t.api.get(`/v2/jobs/${jobId}/files`)).body[0]).toMatchObject({ id: file.id, groupFileId: file.id, shareWithClient: true });
    const events = (await eventsOf(t, 'group.updated')) as Array<{ id: string }>;
    expect(events.some((event) => event.id === group)).toBe(true);
    expectError(await t.api.delete(`/v2/jobs/${jobId}/files/${file.id}/share/with/client`), 404, 'resource_missing');
    expect((await t.api.delete(`/v2/groups/${group}/files/${file.id}/share/with/client`)).body.shareWithClient).toBe(false);
  });

  it('refuses an unknown file or job, another account, a query parameter, and the roles that may not write', async () => {
    const jobId = await newJobId(t.api, w);
    const file = (await uploadFile(t, `/v2/jobs/${jobId}`, 'kept.txt', 'kept')).body;
    const url = `/v2/jobs/${jobId}/files/${file.id}/share/with/client`;
    expectError(await t.api.put(`/v2/jobs/${jobId}/files/${MISSING_ID}/share/with/client`), 404, 'resource_missing');
    expectError(await t.api.put(`/v2/jobs/${MISSING_ID}/files/${file.id}/share/with/client`), 404, 'resource_missing');
    expectError(await t.api.put(`/v2/groups/${MISSING_ID}/files/${file.id}/share/with/client`), 404, 'resource_missing');
    expectError(await t.otherApi.put(url), 404, 'resource_missing');
    expectError(await t.otherApi.delete(url), 404, 'resource_missing');
    expectError(await t.api.put(`${url}?extra=1`), 400, 'parameter_unknown');
    for (const role of ['viewer', 'finance'] as const) expectError(await (await apiWithRole(t, role)).put(url), 403, 'forbidden');
    expect((await (await apiWithRole(t, 'manager')).put(url)).body.shareWithClient).toBe(true);
    expect((await t.api.get(`/v2/jobs/${jobId}/files`)).body[0].shareWithClient).toBe(true);
  });
});
