import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, expectError } from '../../helper.js';
import { BACKENDS, createFileTestApp, download, uploadFile, type FileTestContext } from './helper.js';

describe.each(BACKENDS)('file lifecycle, sharing and tenancy (%s storage)', (backend) => {
  let t: FileTestContext;
  const newClient = async (name = 'Client') => `/v2/clients/${(await t.api.post('/v2/clients', { name })).body.id}`;
  const newSupplier = async (name = 'Supplier') => `/v2/suppliers/${(await t.api.post('/v2/suppliers', { name })).body.id}`;

  beforeAll(async () => {
    t = await createFileTestApp(backend);
  });
  afterAll(() => t.close());

  it('deletes a file and its content (204), then 404', async () => {
    const client = await newClient();
    const file = (await uploadFile(t, client, 'a.txt', 'content')).body;
    const before = await t.blobs();
    const reply = await t.api.delete(`${client}/files/${file.id}`);
    expect(reply.status).toBe(204);
    expect(reply.raw.body).toBe('');
    expect(await t.blobs()).toBe(before - 1);
    expect((await t.api.get(`${client}/files`)).body).toEqual([]);
    expectError(await t.api.get(`${client}/files/${file.id}/download`), 404, 'resource_missing');
    expectError(await t.api.delete(`${client}/files/${file.id}`), 404, 'resource_missing');
  });

  it('deletes a supplier file and its content', async () => {
    const supplier = await newSupplier();
    const file = (await uploadFile(t, supplier, 'cv.pdf', 'pdf')).body;
    const before = await t.blobs();
    expect((await t.api.delete(`${supplier}/files/${file.id}`)).status).toBe(204);
    expect(await t.blobs()).toBe(before - 1);
    expect((await t.api.get(supplier)).body.files).toEqual([]);
  });

  it('removes the content of every file of a deleted client (no orphan content)', async () => {
    const client = await newClient();
    const keep = await newClient('Keep');
    const before = await t.blobs();
    for (const name of ['1.txt', '2.txt', '3.txt']) await uploadFile(t, client, name, name);
    const kept = (await uploadFile(t, keep, 'kept.txt', 'kept')).body;
    expect(await t.blobs()).toBe(before + 4);
    expect((await t.api.delete(client)).status).toBe(204);
    expect(await t.blobs()).toBe(before + 1);
    expect((await download(t, `${keep}/files/${kept.id}/download`)).body).toBe('kept');
  });

  it('removes the content of every file of a deleted supplier', async () => {
    const supplier = await newSupplier();
    const before = await t.blobs();
    await uploadFile(t, supplier, '1.txt', '1');
    await uploadFile(t, supplier, '2.txt', '2');
    expect(await t.blobs()).toBe(before + 2);
    expect((await t.api.delete(supplier)).status).toBe(204);
    expect(await t.blobs()).toBe(before);
  });

  it('keeps the files of a client whose delete is refused (409)', async () => {
    const client = await newClient('In use');
    const file = (await uploadFile(t, client, 'keep.txt', 'still here')).body;
    await t.api.post('/v2/suppliers', { name: 'Dedicated', dedicatedClients: [client.split('/')[3]!] });
    const before = await t.blobs();
    expectError(await t.api.delete(client), 409, 'resource_in_use');
    expect(await t.blobs()).toBe(before);
    expect((await download(t, `${client}/files/${file.id}/download`)).body).toBe('still here');
  });

  it('sets and clears shareOnJobs (200, the file object), recording client.updated', async () => {
    const client = await newClient();
    const file = (await uploadFile(t, client, 'share.txt', 's')).body;
    const shared = await t.api.put(`${client}/files/${file.id}/share/with-jobs`);
    expect(shared.status).toBe(200);
    expect(shared.body).toEqual({ ...file, shareOnJobs: true });
    expect((await t.api.put(`${client}/files/${file.id}/share/with-jobs`)).body.shareOnJobs).toBe(true);
    expect((await t.api.get(`${client}/files`)).body).toEqual([{ ...file, shareOnJobs: true }]);
    const events = await t.api.get('/v2/events', { 'type[]': 'client.updated' });
    expect(events.body.items[0].data.files).toEqual([{ ...file, shareOnJobs: true }]);
    const unshared = await t.api.delete(`${client}/files/${file.id}/share/with-jobs`);
    expect(unshared.status).toBe(200);
    expect(unshared.body).toEqual(file);
  });

  it('has no sharing routes for supplier files', async () => {
    const supplier = await newSupplier();
    const file = (await uploadFile(t, supplier, 'a.txt', 'a')).body;
    expectError(await t.api.put(`${supplier}/files/${file.id}/share/with-jobs`), 404, 'route_missing');
  });

  it('answers 404 for a file of another client, another account, or unknown ids', async () => {
    const client = await newClient();
    const other = await newClient('Other');
    const file = (await uploadFile(t, client, 'mine.txt', 'm')).body;
    expectError(await t.api.delete(`${other}/files/${file.id}`), 404, 'resource_missing');
    expectError(await t.api.put(`${other}/files/${file.id}/share/with-jobs`), 404, 'resource_missing');
    expectError(await t.api.put(`${client}/files/${MISSING_ID}/share/with-jobs`), 404, 'resource_missing');
    expectError(await t.otherApi.delete(`${client}/files/${file.id}`), 404, 'resource_missing');
    expectError(await t.otherApi.put(`${client}/files/${file.id}/share/with-jobs`), 404, 'resource_missing');
    expectError(await t.api.get(`${client}/files/not-an-id/download`), 404, 'resource_missing');
    expect((await download(t, `${client}/files/${file.id}/download`)).body).toBe('m');
    expect((await t.otherApi.get('/v2/clients')).body.items).toEqual([]);
  });

  it('refuses deletes and sharing with a read-only key', async () => {
    const client = await newClient();
    const file = (await uploadFile(t, client, 'ro.txt', 'r')).body;
    const ro = t.api.withKey(t.account.readKey);
    expectError(await ro.delete(`${client}/files/${file.id}`), 403, 'forbidden');
    expectError(await ro.put(`${client}/files/${file.id}/share/with-jobs`), 403, 'forbidden');
    expect((await ro.get(`${client}/files`)).status).toBe(200);
  });
});
