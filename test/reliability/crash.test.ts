import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, call, freshDatabase, killAll, onPostgres, serve, serverEnv, stop, type Server } from '../processes.js';
import { newLedger, prng, writer, type Ledger, type RoundState, type World } from './crash-model.js';
import { checkDatabase, checkEvents, openSql } from './crash-sql.js';
import { verifyApi } from './crash-verify.js';

/**
 * Crash safety (docs/reliability.md): the real server (`serve` of a private build) on a fresh database (SQLite,
 * or PostgreSQL with DATABASE_URL=postgres://…), six concurrent writers (job creates and updates,
 * prices with match lines, notes, uploads and deletes of files, tracker starts and stops), a SIGKILL
 * at a random moment, a restart on the same database, then the checks: every write answered 2xx is
 * there as answered, an unanswered one is there complete or not at all, nothing else; every file
 * downloads its exact bytes; SQL integrity, no orphan rows, events written with their changes; on
 * `fs` storage no blob without its file row (the start-up sweep) and none with a row removed. The
 * first start of each database is killed at a random moment too.
 *
 * CRASH_ROUNDS (default 3) kills on `fs` storage, CRASH_DB_ROUNDS (default a third of that, rounded
 * up) on `db` storage, each on its own database; CRASH_SEED replays a seed (it fixes the writers'
 * choices and the kill points; the interleaving still depends on timing).
 */
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
/** The `db` storage backend gets fewer rounds by default (each restart costs a few seconds). */
const DB_ROUNDS = Number(process.env.CRASH_DB_ROUNDS ?? Math.ceil(ROUNDS / 3));
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const WRITERS = 6;
/**
 * The kill comes once the writers have had this many writes acknowledged (uniform), then after a
 * further 0–40 ms (a random point inside the requests in flight), or after 10 s at the latest.
 */
const KILL_AFTER_ACKS = [10, 90] as const;
const HOUR = 3_600_000;

console.info(
  `[crash] seed ${SEED} (replay: CRASH_SEED=${SEED}), ${ROUNDS} rounds on fs storage, ${DB_ROUNDS} on db storage, ${onPostgres ? 'PostgreSQL' : 'SQLite'}`,
);

let cli: string;
const cleanup: Array<() => unknown> = [];
beforeAll(async () => {
  const t0 = Date.now();
  const build = await buildCli();
  cleanup.push(build.remove);
  cli = build.cli;
  console.info(`[crash] build ${Date.now() - t0} ms`);
}, 180_000);
afterAll(async () => {
  killAll();
  for (const step of cleanup.reverse()) await step();
}, 60_000);

/**
 * Sets back the modification time of every stored blob (and temporary file) by two hours, so that
 * the start-up sweep treats them all as old: it must then remove exactly the temporary files and
 * the blobs no file row refers to.
 */
function ageBlobs(root: string): void {
  const past = new Date(Date.now() - 2 * HOUR);
  if (!existsSync(root)) return;
  for (const dir of readdirSync(root, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const name of readdirSync(join(root, dir.name))) utimesSync(join(root, dir.name, name), past, past);
  }
}

describe.each(
  (
    [
      ['fs', ROUNDS],
      ['db', DB_ROUNDS],
    ] as const
  ).filter(([, rounds]) => rounds > 0),
)('SIGKILL during concurrent writes, %s file storage', (kind, rounds) => {
  const seed = SEED + (kind === 'fs' ? 0 : 1);
  const random = prng(seed);
  const key = `crash_${randomBytes(12).toString('hex')}`;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let env: NodeJS.ProcessEnv;
  let root: string;
  let server: Server | undefined;
  let world: World;
  const ledger: Ledger = newLedger();
  const totals = { acked: 0, unanswered: 0, committed: 0, downloads: 0, startMs: 0, started: 0 };
  let began = 0;

  beforeAll(async () => {
    began = Date.now();
    database = await freshDatabase();
    cleanup.push(database.drop);
    root = join(database.dir, 'files');
    env = serverEnv(database.url, { FILE_STORAGE: kind === 'fs' ? `fs:${root}` : 'db', BOOTSTRAP_API_KEY: key });
    // The very first start is killed at a random moment too (loading, migrating, bootstrapping or
    // serving): the next start must migrate and bootstrap the database as if it had not happened.
    const first = spawn(process.execPath, [cli, 'serve'], { env, stdio: 'ignore' });
    const firstKill = 200 + Math.floor(random() * 2500);
    await new Promise((resolve) => setTimeout(resolve, firstKill));
    first.kill('SIGKILL');
    if (first.exitCode === null && first.signalCode === null) await once(first, 'exit');
    console.info(`[crash] ${kind}: first start killed after ${firstKill} ms`);
    server = await serve(cli, env);
    const get = async (path: string) => {
      const reply = await call(server!, key, 'GET', path);
      expect(reply.status, path).toBe(200);
      return reply.body as Array<{ id: string; name: string }>;
    };
    const services = await get('/v2/account/services');
    const units = await get('/v2/account/quantity-types');
    const matches = await get('/v2/account/matches');
    const client = await call(server, key, 'POST', '/v2/clients', { name: 'Crash Client', currency: 'EUR' });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    world = {
      key,
      client: client.body.id,
      service: services.find((s) => s.name === 'Translation')!.id,
      unit: units.find((u) => u.name === 'Words')!.id,
      matches: matches.map((m) => m.id),
    };
    // A default client price with match rates, so that estimations have amounts.
    const price = await call(server, key, 'POST', '/v2/account/prices/clients', {
      service: world.service,
      quantityType: world.unit,
      unitCost: 0.1,
      currency: 'EUR',
      matchesType: 'percentage',
    });
    expect(price.status, JSON.stringify(price.body)).toBe(201);
    for (const [i, match] of world.matches.slice(0, 4).entries()) {
      const added = await call(server, key, 'POST', `/v2/account/prices/clients/${price.body.id}/match`, { match, percentage: 0.25 * (i + 1) });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
  }, 60_000);

  afterAll(async () => {
    if (server) await stop(server);
    const seconds = ((Date.now() - began) / 1000).toFixed(1);
    console.info(
      `[crash] ${kind} storage on ${onPostgres ? 'PostgreSQL' : 'SQLite'}: ${rounds} rounds, ${totals.acked} writes acknowledged, ${totals.unanswered} unanswered at the kills (${totals.committed} of them found committed), ` +
        `${ledger.jobs.size} jobs, ${totals.downloads} downloads checked, restart ${(totals.startMs / Math.max(1, totals.started)).toFixed(0)} ms on average, ${seconds} s`,
    );
  }, 30_000);

  /** Restarts on the same database (after aging the blobs on fs) and checks everything. */
  async function restartAndVerify(final: boolean): Promise<void> {
    if (kind === 'fs') ageBlobs(root);
    const t0 = Date.now();
    server = await serve(cli, env);
    totals.startMs += Date.now() - t0;
    totals.started += 1;
    const api = await verifyApi(server.url, world, ledger, final);
    totals.downloads += api.downloads;
    totals.committed += api.committed;
    const sql = await openSql(database.dialect, database.url);
    try {
      const report = await checkDatabase(sql, database.dialect, kind === 'fs' ? { kind, root } : { kind }, final);
      const events = await checkEvents(sql, api.jobs);
      expect([...api.problems, ...report.problems, ...events]).toEqual([]);
      if (kind === 'fs') {
        // Every blob was aged: the start-up sweep removed what a crash left, and only that.
        expect(report.tempFiles).toEqual([]);
        expect(report.orphanBlobs).toEqual([]);
      } else {
        // Chunks of a killed upload stay until they are an hour old (the sweep's grace period).
        expect(report.orphanBlobs.length).toBeLessThanOrEqual(ledger.ambiguousBlobs);
      }
    } finally {
      await sql.close();
    }
  }

  for (let round = 1; round <= rounds; round++) {
    it(`round ${round}: writers, SIGKILL, restart, every acknowledged write whole and nothing half-written`, async () => {
      if (!server) await restartAndVerify(false);
      const running = server!;
      let alive = true;
      const target = KILL_AFTER_ACKS[0] + Math.floor(random() * (KILL_AFTER_ACKS[1] - KILL_AFTER_ACKS[0]));
      let acks = 0;
      let reached!: () => void;
      const enough = new Promise<void>((resolve) => (reached = resolve));
      const state: RoundState = { base: running.url, world, ledger, alive: () => alive, acked: {}, failures: [], onAck: () => ++acks >= target && reached() };
      const t0 = Date.now();
      const writers = Array.from({ length: WRITERS }, (_, i) => writer(state, i, prng(seed * 1000 + round * 16 + i)));
      const lag = Math.floor(random() * 40);
      // Writers that all stop on a failure end the wait too.
      await Promise.race([enough, new Promise((resolve) => setTimeout(resolve, 10_000)), Promise.all(writers)]);
      await new Promise((resolve) => setTimeout(resolve, lag));
      const delay = Date.now() - t0;
      alive = false;
      running.child.kill('SIGKILL');
      expect(await running.exited).toBeNull();
      server = undefined;
      await Promise.all(writers);
      const acked = Object.values(state.acked).reduce((a, b) => a + b, 0);
      totals.acked += acked;
      totals.unanswered += ledger.pending.length;
      console.info(
        `[crash] ${kind} round ${round}: killed after ${delay} ms, ${acked} acknowledged ${JSON.stringify(state.acked)}, unanswered ${JSON.stringify(ledger.pending.map((p) => p.kind))}`,
      );
      expect(state.failures).toEqual([]);
    }, 60_000);
  }

  it('after the last kill: restart, every file downloads whole, every content hash matches, graceful stop', async () => {
    await restartAndVerify(true);
    expect(ledger.jobs.size).toBeGreaterThan(0);
    const running = server!;
    server = undefined;
    await stop(running);
    expect(await running.exited).toBe(0);
  }, 120_000);
});
