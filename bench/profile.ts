/**
 * Replays one request in-process (`app.inject`, no socket) on a copy of a database kept by
 * `npm run bench -- --keep`, and prints the time per request; for profiles of one endpoint.
 *
 *   npx tsx bench/profile.ts <kept bench.sqlite> <METHOD> <path> [count] [body]
 *
 * `{job}` in the path is replaced by one of 500 jobs of the account, in turn. The body is JSON, or
 * `price`: the benchmark's eight match lines, with values that change with every request.
 * SQLTIME=1 times every SQLite statement and prints the statements per request, most costly first.
 * WALSTAT=1 runs the timed requests without checkpoints and prints the pages each commit wrote, by b-tree.
 * With `node --cpu-prof --import tsx bench/profile.ts …` the run leaves a CPU profile.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/core/db/database.js';
import { migrateToLatest } from '../src/core/db/migrate.js';
import { insertApiKey } from '../src/modules/accounts/provisioning.js';
import { statementReport, timeStatements } from './statement-timing.mjs';

const [source, method, path, countArg, body] = process.argv.slice(2);
if (!source || !method || !path) throw new Error('usage: profile.ts <bench.sqlite> <METHOD> <path> [count] [body]');
const dir = mkdtempSync(join(tmpdir(), 'transdesk-profile-'));
const file = join(dir, 'profile.sqlite');
// SQLite's backup API, not a file copy: a kept database that still has a -wal file beside it (a run
// stopped mid-way) is copied whole, and the source is never changed.
const original = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
await original.backup(file);
original.close();
const database = openDatabase(`sqlite:${file}`);
// A database kept by an older run may lack the newest migrations (the server applies them at start).
await migrateToLatest(database);

// Before the app prepares any statement.
const statements = process.env.SQLTIME ? timeStatements() : undefined;

const config = loadConfig({ DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', FILE_STORAGE: `fs:${join(dir, 'files')}` });
const app = await buildApp({ config, database, logger: false });
const user = await database.db.selectFrom('users').select(['id', 'account_id']).executeTakeFirstOrThrow();
const { apiKey } = await insertApiKey(database.db, user.account_id, user.id, { scope: 'write' } as never);
const headers = { authorization: `Bearer ${apiKey}` };
const jobIds = (await database.db.selectFrom('jobs').select('id').where('account_id', '=', user.account_id).limit(500).execute()).map((row) => row.id);
const categories = (await app.inject({ method: 'GET', url: '/v2/account/matches', headers })).json<Array<{ id: string }>>();

const payload = (i: number): unknown => {
  if (body === 'price') return { matches: categories.slice(0, 8).map((category, k) => ({ id: category.id, value: 100 + k * 10 + (i % 7) })) };
  return body === undefined ? undefined : JSON.parse(body);
};
const run = async (i: number) => {
  const reply = await app.inject({ method: method as 'GET', url: path.replaceAll('{job}', jobIds[i % jobIds.length]!), headers, payload: payload(i) as never });
  if (reply.statusCode >= 300) throw new Error(`${reply.statusCode} ${reply.body.slice(0, 300)}`);
};

const warmUp = 200;
const count = Number(countArg ?? 2000);
for (let i = 0; i < warmUp; i++) await run(i);
// WALSTAT=1: no checkpoints during the timed requests, then the WAL's size per request (pages written per commit).
if (process.env.WALSTAT) {
  database.sqlite!.pragma('wal_checkpoint(TRUNCATE)');
  database.sqlite!.pragma('wal_autocheckpoint = 0');
}
const started = performance.now();
for (let i = 0; i < count; i++) await run(i);
console.log(`${method} ${path}: ${((performance.now() - started) / count).toFixed(3)} ms per request (${count} after ${warmUp} to warm up)`);
if (process.env.WALSTAT) {
  const { statSync } = await import('node:fs');
  console.log(`WAL: ${(statSync(`${file}-wal`).size / 4120 / count).toFixed(1)} pages per request`);
  // Which b-trees the pages of the last request belong to (the last commit's frames).
  const { readFileSync } = await import('node:fs');
  const wal = readFileSync(`${file}-wal`);
  const frames: number[][] = [[]];
  for (let offset = 32; offset + 24 <= wal.length; offset += 4120) {
    frames.at(-1)!.push(wal.readUInt32BE(offset));
    if (wal.readUInt32BE(offset + 4) !== 0) frames.push([]); // a commit frame ends a transaction
  }
  const commits = frames.slice(0, -1);
  const owners = new Map<string, number>();
  const names = new Map<number, string>();
  for (const row of database.sqlite!.prepare('select pageno, name from dbstat').all() as Array<{ pageno: number; name: string }>)
    names.set(row.pageno, row.name);
  for (const page of commits.flat()) {
    const name = names.get(page) ?? (page === 1 ? 'header' : 'free/other');
    owners.set(name, (owners.get(name) ?? 0) + 1);
  }
  console.log(
    `pages per commit (${commits.length} commits):`,
    [...owners]
      .sort((a, b) => b[1] - a[1])
      .map(([n, c]) => `${n} ${(c / commits.length).toFixed(2)}`)
      .join(', '),
  );
}
if (statements) console.log(statementReport(statements, warmUp + count, 30));
await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
