import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { create as createTar, extract as extractTar } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, call, killAll, serve, serverEnv, stop, type Server } from './processes.js';

/**
 * `transdesk backup` and `transdesk restore`, run as a user runs them: a `serve` process keeps
 * writing through the API while another process backs its SQLite database up; the backup is
 * restored into a fresh folder and checked. These test the commands on SQLite (what they back up)
 * even when the suite runs on PostgreSQL; there the commands only explain pg_dump (checked below).
 */
let cli: string;
let dir: string;
let live: Server;
let key: string;
const liveEnv = () => serverEnv(`sqlite:${join(dir, 'live', 'transdesk.sqlite')}`, { FILE_STORAGE: `fs:${join(dir, 'live', 'files')}` });
const freshEnv = (name: string, storage?: string) =>
  serverEnv(`sqlite:${join(dir, name, 'transdesk.sqlite')}`, { FILE_STORAGE: storage ?? `fs:${join(dir, name, 'files')}` });

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolveRun({ code, stdout, stderr }));
  });
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

async function upload(server: Server, clientId: string, name: string, content: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const response = await fetch(`${server.url}/v2/clients/${clientId}/files/upload`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { id: string } };
}

/** The rows of a SQLite file, read-only. */
function query<T>(file: string, sql: string): T[] {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  cli = (await buildCli()).cli;
  dir = mkdtempSync(join(tmpdir(), 'transdesk-backup-'));
  live = await serve(cli, liveEnv(), { cwd: dir });
  key = /^API key: (\S+)$/m.exec(live.output())![1]!;
}, 600_000);

afterAll(async () => {
  if (live) await stop(live);
  killAll();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('transdesk backup and restore (SQLite)', () => {
  it('a backup taken during concurrent writes restores every write acknowledged before it started, files included', async () => {
    type Ack = { at: number; name: string };
    const clients: Ack[] = [];
    const files: Array<{ at: number; writer: number; id: string; sha: string; deletedAt?: number }> = [];
    const attempted = new Set<string>();
    let writing = true;
    const writer = async (index: number) => {
      let clientId: string | undefined;
      for (let n = 0; writing; n += 1) {
        const name = `writer ${index} client ${n}`;
        attempted.add(name);
        const created = await call(live, key, 'POST', '/v2/clients', { name, currency: 'EUR' });
        expect(created.status).toBe(201);
        clients.push({ at: Date.now(), name });
        clientId ??= created.body.id;
        if (n % 3 === 0) {
          const content = randomBytes(1 + ((n * 7919) % 40_000));
          const sent = await upload(live, clientId!, `file-${index}-${n}.bin`, content);
          expect(sent.status).toBe(201);
          files.push({ at: Date.now(), writer: index, id: sent.body.id, sha: sha256(content) });
        }
        // Deletes too (the writer's oldest file, now and then): a backup must not lose the
        // content of a file its copy of the database has to a delete that follows the copy.
        const old = n % 4 === 1 ? files.find((file) => file.writer === index && file.deletedAt === undefined) : undefined;
        if (old) {
          old.deletedAt = Number.POSITIVE_INFINITY;
          const deleted = await call(live, key, 'DELETE', `/v2/clients/${clientId}/files/${old.id}`);
          expect(deleted.status).toBe(204);
          old.deletedAt = Date.now();
        }
      }
    };
    const writers = [0, 1, 2].map(writer);
    await sleep(1_500);
    const startedAt = Date.now();
    const backup = await run(['backup', 'during-writes.tar'], liveEnv());
    await sleep(300);
    writing = false;
    await Promise.all(writers);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      /^Backup written to .*during-writes\.tar: the database as of \S+ \(1 account\(s\), \d+ file\(s\), \d+ bytes of file content\)\n$/,
    );

    const restored = await run(['restore', join(dir, 'during-writes.tar')], freshEnv('restored'));
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    const database = join(dir, 'restored', 'transdesk.sqlite');
    expect(query<{ integrity_check: string }>(database, 'pragma integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    const names = new Set(query<{ name: string }>(database, 'select name from clients').map((row) => row.name));
    const before = clients.filter((ack) => ack.at < startedAt);
    expect(before.length).toBeGreaterThan(10);
    expect(before.filter((ack) => !names.has(ack.name))).toEqual([]);
    // Nothing invented, and writes after the start may be there: the copy is of one moment in between.
    expect([...names].filter((name) => !attempted.has(name))).toEqual([]);
    const stored = new Map(
      query<{ id: string; blob_id: string; sha256: string }>(database, 'select id, blob_id, sha256 from files').map((row) => [row.id, row]),
    );
    const keptBefore = files.filter((file) => file.at < startedAt && (file.deletedAt === undefined || file.deletedAt > startedAt));
    expect(keptBefore.length).toBeGreaterThan(2);
    for (const file of keptBefore) {
      // Deleted after the start: may or may not be in the copy; if it is, its content is too.
      if (file.deletedAt === undefined) expect(stored.get(file.id)?.sha256).toBe(file.sha);
    }
    // Every file row of the restored database has its content, byte for byte.
    for (const row of stored.values()) {
      const content = readFileSync(join(dir, 'restored', 'files', row.blob_id.slice(-2), row.blob_id));
      expect(sha256(content)).toBe(row.sha256);
    }
    expect(files.some((file) => file.deletedAt !== undefined)).toBe(true);

    // The restored folder serves: the same key, the same clients, a file downloads.
    const again = await serve(cli, freshEnv('restored'), { cwd: dir });
    try {
      expect(again.output()).not.toMatch(/API key|Account:/);
      const listed = await call(again, key, 'GET', '/v2/clients?pageSize=1');
      expect(listed.body.totalItems).toBe(query(database, 'select id from clients').length);
      const row = query<{ id: string; owner_id: string; sha256: string }>(database, 'select id, owner_id, sha256 from files limit 1')[0]!;
      const response = await fetch(`${again.url}/v2/clients/${row.owner_id}/files/${row.id}/download`, {
        headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
      });
      expect(response.status).toBe(200);
      expect(sha256(Buffer.from(await response.arrayBuffer()))).toBe(row.sha256);
    } finally {
      await stop(again);
    }
  }, 120_000);

  it('refuses to overwrite: an existing backup file, a database with accounts, a storage folder with files (unless --force)', async () => {
    const existing = await run(['backup', 'during-writes.tar'], liveEnv());
    expect(existing).toMatchObject({ code: 1, stdout: '' });
    expect(existing.stderr).toMatch(/during-writes\.tar exists already; give --force to replace it/);
    const nowhere = await run(['backup', join(dir, 'no-such-folder', 'b.tar')], liveEnv());
    expect(nowhere).toMatchObject({ code: 1, stdout: '' });
    expect(nowhere.stderr).toMatch(/the folder .*no-such-folder does not exist: create it first/);
    const forced = await run(['backup', 'during-writes.tar', '--force'], liveEnv());
    expect(forced.code).toBe(0);

    const intoFull = await run(['restore', 'during-writes.tar'], freshEnv('restored'));
    expect(intoFull).toMatchObject({ code: 1, stdout: '' });
    expect(intoFull.stderr).toMatch(/the database .*restored\/transdesk\.sqlite has 1 account\(s\): restore into a fresh DATABASE_URL, or give --force/);
    // Only the storage folder is in use: refused too.
    const storageOnly = await run(['restore', 'during-writes.tar'], freshEnv('other', `fs:${join(dir, 'restored', 'files')}`));
    expect(storageOnly.code).toBe(1);
    expect(storageOnly.stderr).toMatch(/the storage folder .* holds \d+ file\(s\)/);
    expect(existsSync(join(dir, 'other', 'transdesk.sqlite'))).toBe(false);

    // --force replaces both: the newer backup's clients, and no content of the replaced data left.
    writeFileSync(join(dir, 'restored', 'files', 'aa-not-a-blob-folder'), 'kept');
    mkdirSync(join(dir, 'restored', 'files', '00'), { recursive: true });
    writeFileSync(join(dir, 'restored', 'files', '00', 'ffffffffffffffffffffff00'), 'stale');
    const replaced = await run(['restore', 'during-writes.tar', '--force'], freshEnv('restored'));
    expect(replaced).toMatchObject({ code: 0, stderr: '' });
    const database = join(dir, 'restored', 'transdesk.sqlite');
    expect(query(database, 'select id from clients').length).toBe(query(join(dir, 'live', 'transdesk.sqlite'), 'select id from clients').length);
    expect(existsSync(join(dir, 'restored', 'files', '00', 'ffffffffffffffffffffff00'))).toBe(false);
    const blobs = readdirSync(join(dir, 'restored', 'files'), { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile() && /^[0-9a-f]{24}$/.test(entry.name),
    );
    expect(blobs.map((entry) => entry.name).sort()).toEqual(
      query<{ blob_id: string }>(database, 'select blob_id from files order by blob_id').map((row) => row.blob_id),
    );
  }, 60_000);

  it('refuses a damaged or foreign archive, and restores nothing from it', async () => {
    const unpacked = join(dir, 'unpacked');
    mkdirSync(unpacked);
    await extractTar({ file: join(dir, 'during-writes.tar'), cwd: unpacked });
    const repack = async (name: string, change: (root: string) => void) => {
      const root = join(dir, `case-${name}`);
      rmSync(root, { recursive: true, force: true });
      mkdirSync(root);
      await extractTar({ file: join(dir, 'during-writes.tar'), cwd: root });
      change(root);
      await createTar({ file: join(dir, `${name}.tar`), cwd: root }, readdirSync(root));
      return `${name}.tar`;
    };
    const oneBlob = readdirSync(join(unpacked, 'files'), { recursive: true, withFileTypes: true }).find((entry) => entry.isFile())!;
    const blobRelative = join('files', oneBlob.parentPath.split('/').at(-1)!, oneBlob.name);
    const cases: Array<[string, RegExp]> = [
      [
        await repack('damaged-database', (root) => {
          const file = join(root, 'database.sqlite');
          // The b-tree page at the root of the clients table, overwritten.
          const db = new BetterSqlite3(file, { readonly: true });
          const page = db.prepare("select rootpage from sqlite_master where name = 'clients'").pluck().get() as number;
          const pageSize = db.pragma('page_size', { simple: true }) as number;
          db.close();
          const bytes = readFileSync(file);
          Buffer.alloc(pageSize, 0x5a).copy(bytes, (page - 1) * pageSize);
          writeFileSync(file, bytes);
        }),
        /the database in the backup is damaged/,
      ],
      [
        await repack('damaged-file', (root) => writeFileSync(join(root, blobRelative), 'not what was uploaded')),
        /the content of a file in the backup is damaged \(blob [0-9a-f]{24}: 21 bytes/,
      ],
      [await repack('missing-file', (root) => rmSync(join(root, blobRelative))), /the backup lacks the content of a file \(blob [0-9a-f]{24}\)/],
      [await repack('extra-entry', (root) => writeFileSync(join(root, 'notes.txt'), 'hello')), /is not a Transdesk backup: it holds notes\.txt \(File\)/],
      [await repack('link', (root) => symlinkSync('/etc/passwd', join(root, 'files', 'zz'))), /is not a Transdesk backup: it holds files\/zz \(SymbolicLink\)/],
      [
        await repack('newer', (root) => {
          const db = new BetterSqlite3(join(root, 'database.sqlite'));
          db.prepare("insert into kysely_migration (name, timestamp) values ('9999_from_the_future', '2030-01-01')").run();
          db.close();
        }),
        /made by a newer version of Transdesk \(migration 9999_from_the_future\): upgrade Transdesk first/,
      ],
      [await repack('no-manifest', (root) => rmSync(join(root, 'manifest.json'))), /is not a Transdesk backup: no readable manifest\.json/],
    ];
    writeFileSync(join(dir, 'not-a-tar.tar'), randomBytes(5000));
    cases.push(['not-a-tar.tar', /is not a readable backup archive/]);
    for (const [file, message] of cases) {
      const result = await run(['restore', file], freshEnv(`refused-${file}`));
      expect({ file, code: result.code, stdout: result.stdout }).toEqual({ file, code: 1, stdout: '' });
      expect(result.stderr).toMatch(message);
      expect(existsSync(join(dir, `refused-${file}`, 'transdesk.sqlite'))).toBe(false);
      expect(existsSync(join(dir, `refused-${file}`, 'files'))).toBe(false);
    }
    // A backup of the other storage kind says which FILE_STORAGE it needs.
    const wrongStorage = await run(['restore', 'during-writes.tar'], freshEnv('db-storage', 'db'));
    expect(wrongStorage.code).toBe(1);
    expect(wrongStorage.stderr).toMatch(/keeps file content beside the database: set FILE_STORAGE=fs:PATH/);
  }, 120_000);

  it('a file whose content is missing from the storage folder: the database is copied again, then exit 1, no archive', async () => {
    // The restored folder of the first test, less the content of one file.
    const env = freshEnv('restored');
    const row = query<{ blob_id: string }>(join(dir, 'restored', 'transdesk.sqlite'), 'select blob_id from files limit 1')[0]!;
    rmSync(join(dir, 'restored', 'files', row.blob_id.slice(-2), row.blob_id));
    const result = await run(['backup', 'incomplete.tar'], env);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toContain(
      `the content of 1 file(s) disappeared while copying, 5 times in a row (first: blob ${row.blob_id} in ${join(dir, 'restored', 'files')})`,
    );
    expect(readdirSync(dir).filter((name) => name.startsWith('incomplete') || name.startsWith('.incomplete'))).toEqual([]);
  }, 60_000);

  it('with FILE_STORAGE=db the content is inside the database copy; a .tar.gz name compresses', async () => {
    const env = freshEnv('db-kind', 'db');
    const first = await serve(cli, env, { cwd: dir });
    const dbKey = /^API key: (\S+)$/m.exec(first.output())![1]!;
    const client = await call(first, dbKey, 'POST', '/v2/clients', { name: 'In the database', currency: 'EUR' });
    const content = randomBytes(70_000);
    const previousKey = key;
    key = dbKey;
    const sent = await upload(first, client.body.id, 'inside.bin', content);
    key = previousKey;
    expect(sent.status).toBe(201);
    const backup = await run(['backup', 'db-kind.tar.gz'], env);
    await stop(first);
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(readFileSync(join(dir, 'db-kind.tar.gz')).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const intoFs = await run(['restore', 'db-kind.tar.gz'], freshEnv('db-kind-fs'));
    expect(intoFs.stderr).toMatch(/keeps file content inside the database: set FILE_STORAGE=db/);
    const restored = await run(['restore', 'db-kind.tar.gz'], freshEnv('db-kind-restored', 'db'));
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    const chunks = query<{ data: Buffer }>(join(dir, 'db-kind-restored', 'transdesk.sqlite'), 'select data from file_chunks order by seq');
    expect(sha256(Buffer.concat(chunks.map((chunk) => chunk.data)))).toBe(sha256(content));
  }, 60_000);

  it('on PostgreSQL: exit 1 saying to use pg_dump / pg_restore, and what to do with the files', async () => {
    const pgEnv = (storage: string) => serverEnv('postgres://transdesk@db.invalid/transdesk', { FILE_STORAGE: storage });
    const backup = await run(['backup', 'pg.tar'], pgEnv('fs:/srv/transdesk/files'));
    expect(backup).toMatchObject({ code: 1, stdout: '' });
    expect(backup.stderr).toMatch(/backup works on SQLite only\. On PostgreSQL, back up with pg_dump.*pg_dump --format=custom/);
    expect(backup.stderr).toMatch(/FILE_STORAGE=fs:\/srv\/transdesk\/files\): copy that folder too/);
    const restore = await run(['restore', 'pg.tar'], pgEnv('db'));
    expect(restore).toMatchObject({ code: 1, stdout: '' });
    expect(restore.stderr).toMatch(
      /restore works on SQLite only\. On PostgreSQL, restore a pg_dump archive with pg_restore.*FILE_STORAGE=db\), so the dump includes it/,
    );
    expect(existsSync(join(dir, 'pg.tar'))).toBe(false);
    const usage = await run(['backup'], liveEnv());
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/backup takes a FILE/);
  });

  it('keeps the PDF of a supplier invoice (it has no file row), and restore --force keeps it too', async () => {
    const env = freshEnv('invoices');
    const server = await serve(cli, env, { cwd: dir });
    const own = /^API key: (\S+)$/m.exec(server.output())![1]!;
    const supplier = await call(server, own, 'POST', '/v2/suppliers', { name: 'Backed-up Supplier', currency: 'EUR' });
    const contact = await call(server, own, 'POST', `/v2/suppliers/${supplier.body.id}/contacts`, {
      fullName: 'Backed-up Person',
      email: 'backup@example.com',
    });
    const granted = await call(server, own, 'POST', `/v2/suppliers/${supplier.body.id}/contacts/${contact.body.id}/portal-access`, {});
    const token = new URL(granted.body.link.url as string).hash.slice('#token='.length);
    const signedIn = await fetch(`${server.url}/v2/portal/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const cookie = signedIn.headers
      .getSetCookie()
      .find((line) => line.startsWith('td_portal='))!
      .split(';')[0]!;
    const csrf = ((await signedIn.json()) as { csrfToken: string }).csrfToken;
    const order = await call(server, own, 'POST', '/v2/purchase-orders', {
      supplier: supplier.body.id,
      lines: [{ description: 'Work', quantity: 1, unitCost: 10 }],
    });
    expect((await call(server, own, 'POST', `/v2/purchase-orders/${order.body.id}/send`)).status).toBe(200);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(50_000)]);
    const form = new FormData();
    for (const [name, value] of Object.entries({ number: 'B-1', date: '2026-11-20', currency: 'EUR', total: '10', purchaseOrderIds: order.body.id as string }))
      form.append(name, value);
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'b-1.pdf');
    const submitted = await fetch(`${server.url}/v2/portal/invoices`, { method: 'POST', headers: { cookie, 'x-csrf-token': csrf }, body: form });
    expect(submitted.status).toBe(201);
    const backup = await run(['backup', 'invoices.tar'], env);
    await stop(server);
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    mkdirSync(join(dir, 'invoices-restored', 'files'), { recursive: true });
    const restored = await run(['restore', 'invoices.tar', '--force'], freshEnv('invoices-restored'));
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    const [row] = query<{ pdf_blob_id: string }>(join(dir, 'invoices-restored', 'transdesk.sqlite'), 'select pdf_blob_id from supplier_invoices');
    const blob = readFileSync(join(dir, 'invoices-restored', 'files', row!.pdf_blob_id.slice(-2), row!.pdf_blob_id));
    expect(sha256(blob)).toBe(sha256(pdf));
  }, 120_000);
});
