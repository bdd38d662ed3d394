import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, killAll, onPostgres, type Server } from '../processes.js';
import { ok, startPair, type Pair } from './two-processes-world.js';

/**
 * Files across two `serve` processes on one PostgreSQL database (docs/reliability.md): what one process
 * stores, the other serves with the same bytes and headers, with the content in the database
 * (`FILE_STORAGE=db`) and in a directory both processes share (`fs:`). PostgreSQL only.
 */
const title = onPostgres
  ? 'files across two server processes on one PostgreSQL database'
  : 'files across two server processes (skipped: PostgreSQL only, run with DATABASE_URL=postgres://…; a SQLite file is served by one process)';

const BOUNDARY = '----twoProcessesBoundary';
/** The headers of a download that must not depend on the process serving it. */
const HEADERS = ['content-type', 'content-length', 'etag', 'content-disposition', 'last-modified', 'accept-ranges', 'x-content-type-options'];
const auth = (key: string) => ({ authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` });

/** POSTs one file in the field `file` (multipart written by hand), with an ignored text field before it. */
async function upload(server: Server, key: string, path: string, name: string, content: Buffer) {
  const body = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="comment"\r\n\r\nignored\r\n`),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { ...auth(key), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function download(server: Server, key: string, path: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(`${server.url}${path}`, { method, headers: { ...auth(key), ...headers } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes, headers: Object.fromEntries(HEADERS.map((name) => [name, response.headers.get(name)])), all: response.headers };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(!onPostgres)(title, () => {
  const pairs: Partial<Record<'db' | 'fs', Pair>> = {};

  beforeAll(async () => {
    pairs.db = await startPair('db');
    pairs.fs = await startPair('fs');
  }, 240_000);

  afterAll(async () => {
    for (const pair of Object.values(pairs)) await pair?.close();
    killAll();
  }, 60_000);

  describe.each(['db', 'fs'] as const)('FILE_STORAGE=%s (shared by both processes)', (storage) => {
    let pair: Pair;
    const owners = { client: '', job: '', group: '' };

    /** Stored blobs: distinct blob ids of the chunks (db), or blob files in the shared directory (fs). */
    async function blobs(): Promise<Set<string>> {
      if (storage === 'db') return new Set((await pair.query<{ blob_id: string }>('select distinct blob_id from file_chunks')).map((row) => row.blob_id));
      const root = pair.storage.slice('fs:'.length);
      const dirs = readdirSync(root).filter((dir) => /^[0-9a-f]{2}$/.test(dir));
      return new Set(dirs.flatMap((dir) => readdirSync(join(root, dir)).filter((name) => /^[0-9a-f]{24}$/.test(name))));
    }
    const referenced = async () => new Set((await pair.query<{ blob_id: string }>('select blob_id from files')).map((row) => row.blob_id));

    beforeAll(async () => {
      pair = pairs[storage]!;
      const req = (i: number, method: string, path: string, body?: unknown) => call(pair.via(i), pair.key, method, path, body);
      owners.client = (await ok(req(0, 'POST', '/v2/clients', { name: 'Files client', currency: 'EUR' }), 201)).id;
      const service = (await ok(req(1, 'POST', '/v2/account/services', { name: 'Two-process files' }), 201)).id;
      const unit = (await ok(req(0, 'POST', '/v2/account/quantity-types', { name: 'Two-process pages' }), 201)).id;
      owners.job = (await ok(req(1, 'POST', '/v2/jobs', { name: 'Files job', client: owners.client, quantity: 1, quantityType: unit, service }), 201)).id;
      owners.group = (await ok(req(0, 'POST', '/v2/groups', { name: 'Files group' }), 201)).id;
      await ok(req(1, 'POST', `/v2/groups/${owners.group}/jobs/${owners.job}`));
    }, 60_000);

    it('a file uploaded through one process downloads through the other: same bytes and headers; HEAD, Range, If-None-Match', async () => {
      const { a, b, key } = pair;
      const content = randomBytes(700_000); // several 256 KiB chunks in the database
      const name = 'Übersetzung – final.pdf';
      const file = await upload(a, key, `/v2/clients/${owners.client}/files/upload`, name, content);
      expect(file.status, JSON.stringify(file.body)).toBe(201);
      expect(file.body).toMatchObject({ name, size: content.length });
      const path = `/v2/clients/${owners.client}/files/${file.body.id}/download`;
      const [viaA, viaB] = [await download(a, key, path), await download(b, key, path)];
      expect(viaB.status).toBe(200);
      expect(sha256(viaB.bytes)).toBe(sha256(content));
      expect(viaB.bytes.equals(content)).toBe(true);
      expect(viaB.headers).toEqual(viaA.headers);
      expect(viaB.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-length': String(content.length),
        etag: `"${sha256(content)}"`,
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
      });
      expect(viaB.headers['content-disposition']).toBe(`attachment; filename="_bersetzung _ final.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`);
      // The listing of the other process shows it.
      const client = await ok(call(b, key, 'GET', `/v2/clients/${owners.client}`));
      expect(client.files.map((f: any) => f.id)).toContain(file.body.id);

      const head = await download(b, key, path, {}, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.bytes.length).toBe(0);
      expect(head.headers).toEqual(viaA.headers);
      const range = await download(b, key, path, { range: 'bytes=262000-263999' }); // across a chunk boundary
      expect(range.status).toBe(206);
      expect(range.bytes.equals(content.subarray(262_000, 264_000))).toBe(true);
      expect(range.all.get('content-range')).toBe(`bytes 262000-263999/${content.length}`);
      expect((await download(b, key, path, { 'if-none-match': viaA.headers.etag! })).status).toBe(304);
    }, 60_000);

    it('concurrent uploads through both processes to clients, jobs and groups: each downloadable through the other; deletes through the other remove the content', async () => {
      const { key } = pair;
      const before = await blobs();
      const targets = ['clients', 'jobs', 'groups'] as const;
      const uploads = Array.from({ length: 12 }, (_, i) => {
        const kind = targets[i % 3]!;
        const owner = kind === 'clients' ? owners.client : kind === 'jobs' ? owners.job : owners.group;
        return { kind, owner, name: `part ${i}.bin`, content: randomBytes(20_000 + 30_000 * i) };
      });
      const replies = await Promise.all(uploads.map((u, i) => upload(pair.via(i), key, `/v2/${u.kind}/${u.owner}/files/upload`, u.name, u.content)));
      for (const reply of replies) expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const ids = replies.map((reply) => reply.body.id as string);
      expect(new Set(ids).size).toBe(ids.length);
      // Each through the other process, at once; group files through the job in the group as well.
      const paths = uploads.map((u, i) => `/v2/${u.kind}/${u.owner}/files/${ids[i]}/download`);
      const downloads = await Promise.all(paths.map((path, i) => download(pair.via(i + 1), key, path)));
      for (const [i, got] of downloads.entries()) {
        expect(got.status).toBe(200);
        expect(got.bytes.equals(uploads[i]!.content), `bytes of ${uploads[i]!.name}`).toBe(true);
        expect(got.headers.etag).toBe(`"${sha256(uploads[i]!.content)}"`);
      }
      for (const [i, u] of uploads.entries()) {
        if (u.kind !== 'groups') continue;
        const viaJob = await download(pair.via(i + 1), key, `/v2/jobs/${owners.job}/files/${ids[i]}/download`);
        expect(viaJob.bytes.equals(u.content)).toBe(true);
      }
      // Both processes list the job's own and group files alike.
      const listings = await Promise.all([0, 1].map((i) => ok(call(pair.via(i), key, 'GET', `/v2/jobs/${owners.job}/files`))));
      expect(listings[1]).toEqual(listings[0]);
      expect(listings[0].map((f: any) => f.id).sort()).toEqual(ids.filter((_, i) => uploads[i]!.kind !== 'clients').sort());
      const stored = await blobs();
      expect(stored.size).toBe(before.size + uploads.length);

      // Deleted through the process that did not store them, at once: gone from both, content removed.
      const deletes = await Promise.all(uploads.map((u, i) => call(pair.via(i + 1), key, 'DELETE', `/v2/${u.kind}/${u.owner}/files/${ids[i]}`)));
      expect(deletes.map((reply) => reply.status)).toEqual(uploads.map(() => 204));
      for (const [i, path] of paths.entries()) expect((await download(pair.via(i), key, path)).status).toBe(404);
      expect(await blobs()).toEqual(before);
      expect(await blobs()).toEqual(await referenced());
    }, 120_000);
  });
});
