import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Invoice numbering under concurrency across two server processes (DESIGN §16.1, issue 8): two
 * `serve` processes of the built CLI on one fresh PostgreSQL database, 20 drafts sent at once,
 * half through each process. PostgreSQL only: a SQLite file is served by one process.
 *
 * The build goes to a private directory under node_modules/.cache (not dist/), so that the
 * `npm run build` of test/cli.test.ts, which may run in parallel, cannot rewrite the files these
 * processes load.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DATABASE_URL = process.env.DATABASE_URL ?? '';
const onPostgres = DATABASE_URL.startsWith('postgres');
const COUNT = 20;

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

const children = new Set<ChildProcess>();

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolveRun({ code, output }));
  });
}

/** Starts `node <cli> serve` and waits for its `Listening on http://HOST:PORT` line. */
function serve(cli: string, env: NodeJS.ProcessEnv): Promise<Server> {
  const child = spawn(process.execPath, [cli, 'serve'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolveExit) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolveExit(code);
    }),
  );
  return new Promise((resolveServe, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start in time:\n${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^Listening on (http:\/\/\S+)$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveServe({ child, url: match[1]!, exited });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before listening:\n${output}`));
    });
  });
}

async function call(server: Server, key: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const title = onPostgres
  ? 'invoice numbers across two server processes on one PostgreSQL database'
  : 'invoice numbers across two server processes (skipped: PostgreSQL only, run with DATABASE_URL=postgres://…; a SQLite file is served by one process)';

describe.skipIf(!onPostgres)(title, () => {
  const database = `transdesk_proc_${randomBytes(6).toString('hex')}`;
  const outDir = join(ROOT, 'node_modules', '.cache', `transdesk-processes-${randomBytes(4).toString('hex')}`);
  const key = `proc_${randomBytes(16).toString('hex')}`;
  const servers: Server[] = [];
  let created = false;

  function admin(): pg.Client {
    return new pg.Client({ connectionString: DATABASE_URL });
  }

  beforeAll(async () => {
    const build = await run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json', '--outDir', outDir]);
    const cli = join(outDir, 'cli.js');
    if (!existsSync(cli)) throw new Error(`the build did not produce ${cli}:\n${build.output}`);

    const client = admin();
    await client.connect();
    try {
      await client.query(`create database "${database}"`);
      created = true;
    } finally {
      await client.end();
    }
    const url = new URL(DATABASE_URL);
    url.pathname = `/${database}`;
    const base: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '0', FILE_STORAGE: 'db' };
    delete base.NODE_OPTIONS;
    // The first process migrates and bootstraps the empty database; the second starts after it.
    servers.push(await serve(cli, { ...base, BOOTSTRAP_API_KEY: key }));
    const second = { ...base };
    delete second.BOOTSTRAP_API_KEY;
    servers.push(await serve(cli, second));
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => Promise.race([server.exited, new Promise((done) => setTimeout(done, 10_000))])));
    for (const child of children) child.kill('SIGKILL');
    rmSync(outDir, { recursive: true, force: true });
    if (!created) return;
    const client = admin();
    await client.connect();
    try {
      await client.query(`drop database if exists "${database}" with (force)`);
    } finally {
      await client.end();
    }
  }, 60_000);

  it(`${COUNT} drafts sent at once, half through each process: ${COUNT} distinct consecutive numbers, no 5xx`, async () => {
    const [a, b] = servers as [Server, Server];
    // Both processes serve the bootstrapped key.
    expect((await call(a, key, 'GET', '/v2/users/me')).status).toBe(200);
    expect((await call(b, key, 'GET', '/v2/users/me')).status).toBe(200);
    const client = await call(a, key, 'POST', '/v2/clients', { name: 'Concurrent Client', currency: 'EUR' });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    const drafts: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const draft = await call(a, key, 'POST', '/v2/invoices', { client: client.body.id, lines: [{ description: `Work ${i + 1}`, quantity: 1, unitCost: 10 + i }] });
      expect(draft.status, JSON.stringify(draft.body)).toBe(201);
      drafts.push(draft.body.id);
    }
    const replies = await Promise.all(drafts.map((id, i) => call(i % 2 === 0 ? a : b, key, 'POST', `/v2/invoices/${id}/send`)));
    expect(replies.filter((reply) => reply.status >= 500)).toEqual([]);
    expect(replies.map((reply) => reply.status)).toEqual(Array(COUNT).fill(200));
    const year = (replies[0]!.body.issueDate as string).slice(0, 4);
    const numbers = replies.map((reply) => reply.body.number as string);
    expect(new Set(numbers).size).toBe(COUNT);
    expect([...numbers].sort()).toEqual(Array.from({ length: COUNT }, (_, i) => `INV-${year}-${String(i + 1).padStart(4, '0')}`));
    // Both processes see the same 20 sent invoices.
    const listed = await call(b, key, 'GET', '/v2/invoices?status[]=2&pageSize=100');
    expect(listed.body.totalItems).toBe(COUNT);
    expect(listed.body.items.map((item: any) => item.number).sort()).toEqual([...numbers].sort());
  }, 120_000);
});
