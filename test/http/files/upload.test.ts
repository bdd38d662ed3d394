import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, expectError } from '../../helper.js';
import { BACKENDS, createFileTestApp, download, upload, uploadFile, type FileTestContext } from './helper.js';

describe.each(BACKENDS)('file uploads (%s storage)', (backend) => {
  let t: FileTestContext;
  let client: string;
  let supplier: string;

  beforeAll(async () => {
    t = await createFileTestApp(backend, { MAX_UPLOAD_BYTES: '1000' });
    client = `/v2/clients/${(await t.api.post('/v2/clients', { name: 'Acme' })).body.id}`;
    supplier = `/v2/suppliers/${(await t.api.post('/v2/suppliers', { name: 'Jane' })).body.id}`;
  });
  afterAll(() => t.close());

  it('stores a client file: 201 with the client file object, listed on the client', async () => {
    const reply = await uploadFile(t, client, 'brief.txt', 'hello world');
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'brief.txt', shareOnJobs: false, size: 11, createdAt: expect.any(String) });
    const list = await t.api.get(`${client}/files`);
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(reply.body);
    expect((await t.api.get(client)).body.files).toContainEqual(reply.body);
    const page = await t.api.get('/v2/clients');
    expect(page.body.items.find((c: { id: string }) => client.endsWith(c.id)).files).toContainEqual(reply.body);
  });

  it('stores a supplier file without sharing flag', async () => {
    const reply = await uploadFile(t, supplier, 'cv.pdf', 'pdf bytes');
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ id: expect.any(String), name: 'cv.pdf', size: 9, createdAt: expect.any(String) });
    expect((await t.api.get(`${supplier}/files`)).body).toEqual([reply.body]);
    expect((await t.api.get(supplier)).body.files).toEqual([reply.body]);
  });

  it('lists files in creation order', async () => {
    const owner = `/v2/clients/${(await t.api.post('/v2/clients', { name: 'Order' })).body.id}`;
    const ids = [];
    for (const name of ['c.txt', 'a.txt', 'b.txt']) ids.push((await uploadFile(t, owner, name, name)).body.id);
    expect((await t.api.get(`${owner}/files`)).body.map((f: { id: string }) => f.id)).toEqual(ids);
  });

  it('records client.updated with the new file', async () => {
    const file = (await uploadFile(t, client, 'event.txt', 'e')).body;
    const events = await t.api.get('/v2/events', { 'type[]': 'client.updated' });
    expect(events.body.items[0].data.files).toContainEqual(file);
  });

  it.each([
    ['C:\\Users\\me\\doc.docx', 'doc.docx'],
    ['../../etc/passwd', 'passwd'],
    ['  spaced name.txt  ', 'spaced name.txt'],
    ['tab\there.txt', 'tabhere.txt'],
    ['', 'file'],
    ['dir/', 'file'],
    ['Übersetzung – 東京.txt', 'Übersetzung – 東京.txt'],
  ])('keeps the name %j as %j', async (sent, stored) => {
    const reply = await upload(t, `${client}/files/upload`, [{ name: 'file', filename: sent.replace(/\\/g, '\\\\'), content: 'x' }]);
    expect(reply.status).toBe(201);
    expect(reply.body.name).toBe(stored);
  });

  it('shortens names to 255 characters, keeping the extension', async () => {
    const reply = await uploadFile(t, client, `${'n'.repeat(400)}.xlsx`, 'x');
    expect(reply.body.name).toHaveLength(255);
    expect(reply.body.name.endsWith('.xlsx')).toBe(true);
  });

  it('records size and SHA-256 (served as the ETag)', async () => {
    const reply = await uploadFile(t, client, 'hash.bin', Buffer.from([0, 1, 2, 255]));
    const got = await download(t, `${client}/files/${reply.body.id}/download`);
    expect(reply.body.size).toBe(4);
    expect(got.headers.etag).toBe(
      `"${createHash('sha256')
        .update(Buffer.from([0, 1, 2, 255]))
        .digest('hex')}"`,
    );
  });

  it('ignores other fields and other file parts', async () => {
    const reply = await upload(t, `${client}/files/upload`, [
      { name: 'comment', content: 'ignored' },
      { name: 'other', filename: 'other.txt', content: 'not me' },
      { name: 'file', filename: 'me.txt', content: 'me' },
      { name: 'file', filename: 'second.txt', content: 'second is ignored' },
      { name: 'after', content: 'ignored too' },
    ]);
    expect(reply.status).toBe(201);
    expect(reply.body.name).toBe('me.txt');
    expect((await download(t, `${client}/files/${reply.body.id}/download`)).body).toBe('me');
  });

  it('accepts an upload of exactly MAX_UPLOAD_BYTES', async () => {
    const reply = await uploadFile(t, client, 'max.bin', Buffer.alloc(1000, 7));
    expect(reply.status).toBe(201);
    expect(reply.body.size).toBe(1000);
  });

  it('answers 413 over MAX_UPLOAD_BYTES and stores nothing', async () => {
    const before = await t.blobs();
    const listed = (await t.api.get(`${client}/files`)).body.length;
    const reply = await uploadFile(t, client, 'big.bin', Buffer.alloc(1001, 7));
    expectError(reply, 413, 'payload_too_large');
    expect(await t.blobs()).toBe(before);
    expect((await t.api.get(`${client}/files`)).body).toHaveLength(listed);
  });

  it('answers 400 parameter_missing without a file part', async () => {
    const reply = await upload(t, `${client}/files/upload`, [{ name: 'comment', content: 'no file' }]);
    expect(expectError(reply, 400, 'parameter_missing').details).toEqual([{ param: 'file', message: 'is required' }]);
    expectError(await upload(t, `${client}/files/upload`, [{ name: 'other', filename: 'x.txt', content: 'x' }]), 400, 'parameter_missing');
    const empty = await t.app.inject({
      method: 'POST',
      url: `${client}/files/upload`,
      headers: { authorization: `Basic ${Buffer.from(`${t.account.apiKey}:`).toString('base64')}` },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('parameter_missing');
  });

  it('answers 400 parameter_invalid when `file` is a plain field', async () => {
    expectError(await upload(t, `${client}/files/upload`, [{ name: 'file', content: 'just text' }]), 400, 'parameter_invalid');
  });

  it('answers 415 to a form or JSON body', async () => {
    expectError(await t.api.post(`${client}/files/upload`, { file: 'x' }), 415, 'unsupported_media_type');
    expectError(await t.api.post(`${client}/files/upload`, { file: 'x' }, { json: true }), 415, 'unsupported_media_type');
  });

  it('answers 400 body_invalid to a cut or malformed multipart body, storing nothing', async () => {
    const before = await t.blobs();
    const cut = await upload(t, `${client}/files/upload`, [{ name: 'file', filename: 'cut.txt', content: 'abc' }], { close: false });
    expectError(cut, 400, 'body_invalid');
    const noBoundary = await upload(t, `${client}/files/upload`, Buffer.from('garbage'), { contentType: 'multipart/form-data' });
    expectError(noBoundary, 400, 'body_invalid');
    expect(await t.blobs()).toBe(before);
  });

  it('answers 404 for an unknown or malformed owner id, before reading the body', async () => {
    expectError(await uploadFile(t, `/v2/clients/${MISSING_ID}`, 'a.txt', 'a'), 404, 'resource_missing');
    expectError(await uploadFile(t, '/v2/clients/nope', 'a.txt', 'a'), 404, 'resource_missing');
    expectError(await uploadFile(t, `/v2/suppliers/${MISSING_ID}`, 'a.txt', 'a'), 404, 'resource_missing');
    expectError(await t.api.get(`/v2/suppliers/${MISSING_ID}/files`), 404, 'resource_missing');
  });

  it("keeps another account's owners out of reach", async () => {
    const before = await t.blobs();
    expectError(await uploadFile(t, client, 'a.txt', 'a', t.other.apiKey), 404, 'resource_missing');
    expectError(await t.otherApi.get(`${client}/files`), 404, 'resource_missing');
    expectError(await uploadFile(t, supplier, 'a.txt', 'a', t.other.apiKey), 404, 'resource_missing');
    expect(await t.blobs()).toBe(before);
  });

  it('refuses uploads with a read-only key (403)', async () => {
    expectError(await uploadFile(t, client, 'a.txt', 'a', t.account.readKey), 403, 'forbidden');
  });
});
