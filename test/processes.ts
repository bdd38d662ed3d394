import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Real server processes for the tests that need them (two processes on one database, crashes):
 * a private build of the CLI, a fresh database (a SQLite file or a PostgreSQL database), `serve`
 * processes, and an HTTP client.
 *
 * The build goes to a private directory under node_modules/.cache (not dist/), so that the
 * `npm run build` of test/cli.test.ts, which may run in parallel, cannot rewrite the files these
 * processes load.
 */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const TEST_DATABASE_URL = process.env.DATABASE_URL ?? '';
export const onPostgres = TEST_DATABASE_URL.startsWith('postgres');

export interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
}

const children = new Set<ChildProcess>();

export function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolveRun({ code, output }));
  });
}

/** Compiles the CLI into a private directory; answers the path of its `cli.js`. */
export async function buildCli(): Promise<{ cli: string; remove(): void }> {
  const outDir = join(ROOT, 'node_modules', '.cache', `transdesk-processes-${randomBytes(4).toString('hex')}`);
  const build = await run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json', '--outDir', outDir]);
  const cli = join(outDir, 'cli.js');
  if (!existsSync(cli)) throw new Error(`the build did not produce ${cli}:\n${build.output}`);
  return { cli, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

/**
 * A fresh database for server processes: on PostgreSQL (DATABASE_URL=postgres://…) a new database
 * on that server, otherwise a SQLite file in a temporary directory. `drop` removes it.
 */
export async function freshDatabase(): Promise<{ url: string; dialect: 'sqlite' | 'postgres'; dir: string; drop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'transdesk-proc-'));
  if (!onPostgres) {
    return {
      url: `sqlite:${join(dir, 'transdesk.sqlite')}`,
      dialect: 'sqlite',
      dir,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `transdesk_proc_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database "${name}"`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dialect: 'postgres',
    dir,
    drop: async () => {
      rmSync(dir, { recursive: true, force: true });
      await withAdmin((client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The environment of a test server: quiet, any free port, no rate limit. */
export function serverEnv(databaseUrl: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '0', ...extra };
  delete env.NODE_OPTIONS;
  if (!('BOOTSTRAP_API_KEY' in extra)) delete env.BOOTSTRAP_API_KEY;
  return env;
}

/** Starts `node <cli> serve` (in `cwd`, the project by default) and waits for its `Listening on http://HOST:PORT` line. */
export function serve(cli: string, env: NodeJS.ProcessEnv, { cwd = ROOT }: { cwd?: string } = {}): Promise<Server> {
  const child = spawn(process.execPath, [cli, 'serve'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
        resolveServe({ child, url: match[1]!, exited, output: () => output });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before listening:\n${output}`));
    });
  });
}

/** SIGTERM, then SIGKILL if the process has not exited within `graceMs`. */
export async function stop(server: Server, graceMs = 10_000): Promise<void> {
  server.child.kill('SIGTERM');
  const exited = await Promise.race([server.exited.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), graceMs))]);
  if (!exited) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

/** Kills every process this module started (afterAll safety net). */
export function killAll(): void {
  for (const child of children) child.kill('SIGKILL');
}

export interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

/** One JSON request with the key in Basic auth. */
export async function call(server: Server | string, key: string, method: string, path: string, body?: unknown): Promise<Reply> {
  const base = typeof server === 'string' ? server : server.url;
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (downloads): the text itself
  }
  return { status: response.status, body: parsed, headers: response.headers };
}
