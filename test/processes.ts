import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Real server processes for the tests that need them (two processes on one database, crashes):
 * a private build of the CLI, a fresh database (a SQLite file or a PostgreSQL database), `serve`
 * processes, and an HTTP client.
 *
 * The build goes to a directory of its own under node_modules/.cache (not dist/), so that the
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

/** A key of everything the build reads: the sources, the build configuration and the dependencies' versions. */
function sourceKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        hash.update(path.slice(ROOT.length));
        hash.update(readFileSync(path));
      }
    }
  };
  walk(join(ROOT, 'src'));
  for (const file of ['tsconfig.build.json', 'tsconfig.json', 'package-lock.json']) hash.update(readFileSync(join(ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
const CACHE = join(ROOT, 'node_modules', '.cache');

/**
 * The CLI compiled from the current sources, into node_modules/.cache/transdesk-cli-<key>, where
 * <key> hashes the sources: test files (in parallel workers) and later runs share one build while
 * the sources are the same. The first caller builds under a lock directory; the others wait for
 * it. Builds of other sources are removed after an hour. `remove` is kept for the callers: it does nothing.
 */
export async function buildCli(): Promise<{ cli: string; remove(): void }> {
  const key = sourceKey();
  const outDir = join(CACHE, `transdesk-cli-${key}`);
  const cli = join(outDir, 'cli.js');
  const result = { cli, remove: () => {} };
  const lock = `${outDir}.lock`;
  for (const started = Date.now(); ;) {
    if (existsSync(cli)) return result;
    try {
      mkdirSync(CACHE, { recursive: true });
      mkdirSync(lock);
      break;
    } catch {
      // Another worker builds; a lock older than 5 minutes was left by a killed one.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 300_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() - started > 600_000) throw new Error(`waited 10 minutes for the build in ${lock}`);
      await sleep(250);
    }
  }
  try {
    if (existsSync(cli)) return result;
    const staging = `${outDir}.tmp-${randomBytes(4).toString('hex')}`;
    const build = await run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json', '--outDir', staging]);
    if (!existsSync(join(staging, 'cli.js'))) throw new Error(`the build did not produce ${join(staging, 'cli.js')}:\n${build.output}`);
    renameSync(staging, outDir);
    // Builds of other sources, an hour old (a run still using one keeps it).
    for (const entry of readdirSync(CACHE)) {
      const path = join(CACHE, entry);
      const old = Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 3_600_000;
      if (entry.startsWith('transdesk-cli-') && !entry.startsWith(`transdesk-cli-${key}`) && old) rmSync(path, { recursive: true, force: true });
    }
    return result;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
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
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '0',
    ...extra,
  };
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
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^Listening on (http:\/\/\S+)$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveServe({ child, url: match[1]!, exited, output: () => output });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
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
