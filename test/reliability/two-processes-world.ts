import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import pg from 'pg';
import { buildCli, call, freshDatabase, serve, serverEnv, stop, type Reply, type Server } from '../processes.js';

/**
 * Shared set-up of the two-process reliability tests (docs/reliability.md): two `serve` processes of a private
 * build on one fresh PostgreSQL database, a way to reach that database directly, and the checks
 * the tests share (answers, serialisable orders).
 */
export interface Pair {
  a: Server;
  b: Server;
  key: string;
  /** `FILE_STORAGE` of both processes. */
  storage: string;
  /** One query on the pair's database (checks of stored rows). */
  query<T extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** A write key of a new user of the account (`keys create` of the CLI). */
  newUserKey(name: string): Promise<{ id: string; key: string }>;
  /** The server of request `i`: even through the first process, odd through the second. */
  via(i: number): Server;
  close(): Promise<void>;
}

/**
 * Starts the pair. `storage`: `db`, or `fs` for a temporary directory both processes share. The
 * first process migrates and bootstraps the empty database with the key; the second starts after it.
 */
export async function startPair(storage: 'db' | 'fs'): Promise<Pair> {
  const cleanup: Array<() => unknown> = [];
  const servers: Server[] = [];
  const close = async () => {
    await Promise.all(servers.map((server) => stop(server)));
    for (const step of cleanup.reverse()) await step();
    cleanup.length = 0;
  };
  try {
    const build = await sharedBuild();
    cleanup.push(build.release);
    const database = await freshDatabase();
    cleanup.push(database.drop);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    cleanup.push(() => client.end());
    let fileStorage = 'db';
    if (storage === 'fs') {
      const dir = mkdtempSync(join(tmpdir(), 'transdesk-shared-files-'));
      cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
      fileStorage = `fs:${dir}`;
    }
    const key = `pair_${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`;
    // Errors are logged (kept in the processes' output, not printed), so that a 5xx can be explained.
    servers.push(await serve(build.cli, serverEnv(database.url, { FILE_STORAGE: fileStorage, BOOTSTRAP_API_KEY: key, LOG_LEVEL: 'warn' })));
    servers.push(await serve(build.cli, serverEnv(database.url, { FILE_STORAGE: fileStorage, LOG_LEVEL: 'warn' })));
    const [a, b] = servers as [Server, Server];
    return {
      a,
      b,
      key,
      storage: fileStorage,
      query: async (text, values) => (await client.query(text, values as unknown[])).rows,
      async newUserKey(name) {
        const account = await ok(call(a, key, 'GET', '/v2/account'));
        const user = await ok(call(a, key, 'POST', '/v2/users', { name, role: 'manager' }), 201);
        const output = await runCli(build.cli, ['keys', 'create', '--account', account.id, '--user', user.id], serverEnv(database.url));
        const match = /^API key: (\S+)$/m.exec(output);
        if (!match) throw new Error(`keys create printed no key:\n${output}`);
        return { id: user.id, key: match[1]! };
      },
      via: (i) => (i % 2 === 0 ? a : b),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** One build of the CLI for the pairs of a test file, removed when the last pair closes. */
let shared: { cli: Promise<{ cli: string; remove(): void }>; users: number } | undefined;
async function sharedBuild(): Promise<{ cli: string; release(): void }> {
  shared ??= { cli: buildCli(), users: 0 };
  const current = shared;
  current.users += 1;
  const release = () => {
    current.users -= 1;
    if (current.users > 0) return;
    if (shared === current) shared = undefined;
    void current.cli.then(
      (built) => built.remove(),
      () => {},
    );
  };
  try {
    return { cli: (await current.cli).cli, release };
  } catch (error) {
    release();
    throw error;
  }
}

function runCli(cli: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`))));
  });
}

/** Awaits a reply, expects `status`, answers the body. */
export async function ok(reply: Promise<Reply> | Reply, status = 200): Promise<any> {
  const answer = await reply;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

/**
 * Every reply is 2xx or one of the allowed 4xx answers with the API error body (docs/reference.md#errors): never a 5xx, and no
 * transaction was run again. An unexpected answer's message carries the log lines of its request id
 * from both processes.
 */
export function expectAnswers(pair: Pair, replies: Reply[], allowed: Array<[number, string]>): void {
  // The lock order must avoid every deadlock by itself: a transaction run again (src/core/db/retry.ts,
  // logged at warn) would hide one.
  const retried = [pair.a, pair.b].flatMap((server) => server.output().split('\n')).filter((line) => line.includes('running it again'));
  expect(retried, 'transactions run again after a deadlock or serialisation failure').toEqual([]);
  for (const reply of replies) {
    if (reply.status >= 200 && reply.status < 300) continue;
    if (allowed.some(([status, code]) => status === reply.status && code === reply.body?.code)) continue;
    const id = String(reply.body?.id ?? '');
    const logs = [pair.a, pair.b].flatMap((server) => server.output().split('\n')).filter((line) => id !== '' && line.includes(id));
    expect.fail(`unexpected answer ${reply.status} ${JSON.stringify(reply.body)}\n${logs.join('\n')}`);
  }
}

/**
 * One successful operation on an ordered list: `apply` gives the order it leaves from a given
 * one (null when it could not have succeeded there); `after` is the order its answer showed.
 */
export interface OrderOp {
  apply(order: readonly string[]): string[] | null;
  after: string[];
}

/**
 * True when the operations can be put in one sequence, from `initial`, in which each leaves
 * exactly the order its answer showed and the last leaves `final`: the concurrent requests then
 * behaved as if run one after the other (nothing lost, duplicated or interleaved).
 */
export function serialisable(initial: readonly string[], ops: readonly OrderOp[], final: readonly string[]): boolean {
  const failed = new Set<string>();
  const search = (order: readonly string[], left: readonly number[]): boolean => {
    if (left.length === 0) return order.join() === final.join();
    const memo = `${order.join()}|${left.join()}`;
    if (failed.has(memo)) return false;
    for (const i of left) {
      const next = ops[i]!.apply(order);
      if (
        next !== null &&
        next.join() === ops[i]!.after.join() &&
        search(
          next,
          left.filter((j) => j !== i),
        )
      )
        return true;
    }
    failed.add(memo);
    return false;
  };
  return search(
    initial,
    ops.map((_, i) => i),
  );
}

/** The order after moving `id` to `position` (null when it is not there or the position is out of range). */
export function moved(order: readonly string[], id: string, position: number): string[] | null {
  const from = order.indexOf(id);
  if (from < 0 || position >= order.length) return null;
  const next = order.filter((item) => item !== id);
  next.splice(position, 0, id);
  return next;
}

/** A small deterministic generator (mulberry32), so that a failing run can be repeated. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
