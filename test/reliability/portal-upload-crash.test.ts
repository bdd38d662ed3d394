import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, call, freshDatabase, killAll, onPostgres, serve, serverEnv, stop, type Server } from '../processes.js';

/**
 * Deliveries of the supplier portal survive a crash (docs/supplier-portal.md#files): the real
 * server, a supplier's person uploading deliverables from several connections at once, a SIGKILL
 * while uploads are in flight, a restart on the same database and storage. Every upload answered
 * 201 is listed and downloads byte for byte; no file is half there — each file the portal or the
 * agency lists downloads whole, with the size and the SHA-256 recorded for it.
 */
const UPLOADERS = 6;
const KILL_AFTER = 8;
const BOUNDARY = '----portalCrashBoundary';

let cli: string;
const cleanup: Array<() => unknown> = [];
beforeAll(async () => {
  cli = (await buildCli()).cli;
}, 180_000);
afterAll(async () => {
  killAll();
  for (const step of cleanup.reverse()) await step();
}, 60_000);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The portal person's browser: its cookie and CSRF token. */
interface Person {
  cookie: string;
  csrf: string;
}

async function signIn(server: Server, token: string): Promise<Person> {
  const response = await fetch(`${server.url}/v2/portal/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(response.status).toBe(200);
  const cookie = /td_portal=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')![1]!;
  return { cookie, csrf: ((await response.json()) as { csrfToken: string }).csrfToken };
}

async function deliver(server: Server, person: Person, workId: string, name: string, content: Buffer) {
  const body = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const response = await fetch(`${server.url}/v2/portal/work/${workId}/files`, {
    method: 'POST',
    headers: { cookie: `td_portal=${person.cookie}`, 'x-csrf-token': person.csrf, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body,
  });
  return { status: response.status, body: (await response.json()) as { id: string; size: number } };
}

async function portalGet(server: Server, person: Person, path: string) {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie: `td_portal=${person.cookie}` } });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), etag: response.headers.get('etag') };
}

describe('SIGKILL while deliveries are uploaded on the portal', () => {
  it('every upload answered 201 is complete after a restart, and no file is half there', async () => {
    const fresh = await freshDatabase();
    cleanup.push(fresh.drop);
    const key = `portalcrash_${randomBytes(12).toString('hex')}`;
    // The default storage of each database: a directory on SQLite, chunks in the database on PostgreSQL.
    const storage = onPostgres ? {} : { FILE_STORAGE: `fs:${join(fresh.dir, 'files')}` };
    const env = serverEnv(fresh.url, { BOOTSTRAP_API_KEY: key, ...storage });
    let server: Server = await serve(cli, env);
    const ok = async (method: string, path: string, body?: unknown) => {
      const reply = await call(server, key, method, path, body);
      expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
      return reply.body;
    };

    const supplier = await ok('POST', '/v2/suppliers', { name: 'Crash Translations', currency: 'EUR' });
    const contact = await ok('POST', `/v2/suppliers/${supplier.id}/contacts`, { fullName: 'Crash Person', email: 'crash@portal.example' });
    const granted = await ok('POST', `/v2/suppliers/${supplier.id}/contacts/${contact.id}/portal-access`, {});
    const service = (await ok('POST', '/v2/account/services', { name: 'Crash service' })).id;
    const unit = (await ok('GET', '/v2/account/quantity-types'))[0].id;
    const client = (await ok('POST', '/v2/clients', { name: 'Crash client', currency: 'EUR' })).id;
    const job = (await ok('POST', '/v2/jobs', { name: 'Crash job', client, service, quantity: 1, quantityType: unit })).id;
    const work = (await ok('POST', `/v2/jobs/${job}/outsourcing`, { supplier: supplier.id, unitCost: 1 })).outsourcing.at(-1).id as string;
    await ok('PUT', `/v2/jobs/${job}/outsourcing/${work}/portal`, { enabled: true });
    const person = await signIn(server, new URL(granted.link.url as string).hash.slice('#token='.length));

    const acknowledged = new Map<string, string>();
    let killed = false;
    const uploader = async (index: number) => {
      for (let n = 0; !killed; n += 1) {
        // Some small, some of several megabytes: the kill finds uploads mid-body and mid-commit.
        const content = randomBytes(50_000 + ((index * 7 + n * 13) % 9) * 700_000);
        try {
          const reply = await deliver(server, person, work, `delivery ${index}-${n}.bin`, content);
          expect(reply.status, JSON.stringify(reply.body)).toBe(201);
          expect(reply.body.size).toBe(content.length);
          acknowledged.set(reply.body.id, sha256(content));
        } catch (error) {
          if (killed) return; // the connection died with the server
          throw error;
        }
        if (!killed && acknowledged.size >= KILL_AFTER) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: UPLOADERS }, (_, index) => uploader(index)));
    await server.exited;

    server = await serve(cli, env);
    const listed = await portalGet(server, person, `/v2/portal/work/${work}/files`);
    expect(listed.status).toBe(200);
    const files = JSON.parse(listed.bytes.toString()) as Array<{ id: string; size: number; deliverable: boolean }>;
    const agency = (await ok('GET', `/v2/jobs/${job}/files`)) as Array<{ id: string; size: number }>;
    console.info(
      `[portal-upload-crash] ${acknowledged.size} acknowledged, ${files.length} stored after the restart (${onPostgres ? 'PostgreSQL, db storage' : 'SQLite, fs storage'})`,
    );
    // The portal and the agency list the same files; every acknowledged one among them.
    expect(files.map((file) => file.id).sort()).toEqual(agency.map((file) => file.id).sort());
    for (const id of acknowledged.keys()) expect(files.map((file) => file.id)).toContain(id);
    // Every listed file, acknowledged or cut before its answer, is whole: its size and hash.
    for (const file of files) {
      expect(file.deliverable).toBe(true);
      const content = await portalGet(server, person, `/v2/portal/work/${work}/files/${file.id}/content`);
      expect(content.status, `content of ${file.id}`).toBe(200);
      expect(content.bytes.length, `size of ${file.id}`).toBe(file.size);
      expect(content.etag).toBe(`"${sha256(content.bytes)}"`);
      if (acknowledged.has(file.id)) expect(sha256(content.bytes), `bytes of ${file.id}`).toBe(acknowledged.get(file.id));
    }
    // Uploads go on after the restart.
    const after = await deliver(server, person, work, 'after the restart.txt', Buffer.from('again'));
    expect(after.status).toBe(201);
    await stop(server);
  }, 60_000);
});
