/**
 * The webhooks scenarios of `npm run bench` (docs/webhooks.md#throughput):
 *
 * - "POST /v2/jobs, three endpoints subscribed": POST /v2/jobs with autocannon with no endpoint
 *   enabled, then with three endpoints subscribed to every event (`*`, receivers in this process
 *   answering 204), alternating twice: the second must stay within 10 % of the first (the
 *   deliveries are written with the change, and sent by the worker meanwhile);
 * - "webhooks burst": N events (POST /v2/clients, one `client.created` each, 10 connections) to
 *   the three endpoints, so 3 N deliveries; the figure is deliveries per second from the first
 *   request to the last delivery received (target ≥ 500), with the server's peak RSS (< 300 MB).
 *
 * The endpoints are rows written into the database (as another process would): the server sees
 * them within a second (the endpoints watch, modules/webhooks/subscriptions.ts).
 *
 * Alone, at a small scale: `npx tsx bench/webhooks.ts [--events 1000] [--duration 5]` generates a
 * data set of 1 000 jobs (bench/data.ts) in a temporary SQLite database (or a fresh PostgreSQL
 * database with DATABASE_URL=postgres://…), starts the built server (`dist/cli.js`, as `npm run
 * bench` does: run `npm run build` first; NODE_ENV=production) and prints the figures.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { openDatabase } from '../src/core/db/database.js';
import { newId } from '../src/core/ids.js';
import { startBenchServer } from './server.js';

const MB = 1024 * 1024;

export interface WebhooksMeasured {
  jobs: { withoutEndpoints: number; withThreeEndpoints: number; ratio: number; target: string; met: boolean };
  burst: {
    name: string;
    events: number;
    deliveries: number;
    received: number;
    seconds: number;
    deliveriesPerSecond: number;
    eventsSeconds: number;
    /** Delivered per second after the last event was answered (the backlog the requests left, sent at full speed). */
    drainPerSecond: number;
    peakRssMB: number;
    target: string;
    met: boolean;
  };
}

function rss(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

interface Receiver {
  server: Server;
  url: string;
  count: number;
  last: number;
}

async function startReceiver(): Promise<Receiver> {
  const receiver = { count: 0, last: 0, url: '', server: undefined as unknown as Server };
  receiver.server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      receiver.count += 1;
      receiver.last = performance.now();
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hook`;
  return receiver;
}

async function postJobs(base: string, auth: string, body: string, duration: number): Promise<number> {
  const result = await autocannon({
    url: base,
    connections: 10,
    duration,
    requests: [{ method: 'POST', path: '/v2/jobs', headers: { authorization: auth, 'content-type': 'application/json' }, body }],
  });
  const created = result.statusCodeStats?.['201']?.count ?? 0;
  if (created !== result.requests.total) throw new Error(`POST /v2/jobs: ${result.requests.total - created} answers other than 201`);
  return Math.round(result.requests.average);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureWebhooks(options: {
  base: string;
  auth: string;
  pid: number;
  databaseUrl: string;
  createBody: unknown;
  events: number;
  duration: number;
  log: (line: string) => void;
}): Promise<WebhooksMeasured> {
  const { base, auth, pid, databaseUrl, events, log } = options;
  const receivers = await Promise.all([startReceiver(), startReceiver(), startReceiver()]);
  const database = openDatabase(databaseUrl, { poolSize: 1 });
  try {
    const account = (await (await fetch(`${base}/v2/account`, { headers: { authorization: auth } })).json()) as { id: string };
    const body = JSON.stringify(options.createBody);
    await postJobs(base, auth, body, 1); // warm-up

    const now = new Date().toISOString();
    for (const receiver of receivers) {
      await database.db
        .insertInto('webhook_endpoints')
        .values({
          id: newId(),
          account_id: account.id,
          url: receiver.url,
          events: JSON.stringify(['*']),
          description: 'bench',
          enabled: 0,
          disabled_reason: null,
          secret: `whsec_${randomBytes(24).toString('base64')}`,
          previous_secret: null,
          previous_secret_expires_at: null,
          failing_since: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const setEnabled = async (enabled: boolean) => {
      await database.db
        .updateTable('webhook_endpoints')
        .set({ enabled: enabled ? 1 : 0, updated_at: new Date().toISOString() })
        .where('description', '=', 'bench')
        .execute();
      await sleep(1_500); // the server's endpoints watch
    };
    // Until the deliveries of the runs before went out: each run starts from an empty outbox.
    const settle = async () => {
      const until = performance.now() + 120_000;
      for (;;) {
        const row = await database.db
          .selectFrom('deliveries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow();
        if (Number(row.n) === 0 || performance.now() > until) break;
        await sleep(200);
      }
    };
    // Runs without and with endpoints alternate (twice each): every run adds jobs, and a table
    // that grows slows inserts a little, which would otherwise count against the second setting.
    const without: number[] = [];
    const withThree: number[] = [];
    for (let round = 0; round < 2; round++) {
      await setEnabled(false);
      await settle();
      without.push(await postJobs(base, auth, body, options.duration));
      await setEnabled(true);
      withThree.push(await postJobs(base, auth, body, options.duration));
    }
    const mean = (values: number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
    const withoutEndpoints = mean(without);
    const withThreeEndpoints = mean(withThree);
    const ratio = Math.round((withThreeEndpoints / withoutEndpoints) * 1000) / 1000;
    log(`  POST /v2/jobs, no endpoint: ${withoutEndpoints} req/s (runs: ${without.join(', ')})`);
    log(`  POST /v2/jobs, three endpoints subscribed: ${withThreeEndpoints} req/s (${Math.round(ratio * 100)} %; runs: ${withThree.join(', ')})`);

    await settle();
    for (const receiver of receivers) receiver.count = 0;

    let peak = rss(pid);
    log(`  server RSS before the burst: ${Math.round((peak / MB) * 10) / 10} MB`);
    const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 100);
    const started = performance.now();
    let next = 0;
    const writer = async () => {
      while (next < events) {
        const index = next++;
        const answer = await fetch(`${base}/v2/clients`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Burst client ${index}` }),
        });
        if (answer.status !== 201) throw new Error(`POST /v2/clients answered ${answer.status}`);
        await answer.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: 10 }, writer));
    const eventsDone = performance.now();
    const eventsSeconds = (eventsDone - started) / 1000;
    const expected = events * receivers.length;
    const deadline = performance.now() + 300_000;
    const received = () => receivers.reduce((sum, receiver) => sum + receiver.count, 0);
    const receivedDuringEvents = received();
    while (received() < expected && performance.now() < deadline) await sleep(20);
    clearInterval(sampler);
    const last = Math.max(...receivers.map((receiver) => receiver.last));
    const seconds = (last - started) / 1000;
    const deliveriesPerSecond = Math.round(received() / seconds);
    const peakRssMB = Math.round((peak / MB) * 10) / 10;
    const drainPerSecond = last > eventsDone ? Math.round((received() - receivedDuringEvents) / ((last - eventsDone) / 1000)) : 0;
    log(
      `  webhooks burst: ${events} events in ${eventsSeconds.toFixed(2)} s, ${received()} of ${expected} deliveries in ${seconds.toFixed(2)} s: ${deliveriesPerSecond}/s (${receivedDuringEvents} while the events were written, then ${drainPerSecond}/s), peak RSS ${peakRssMB} MB`,
    );
    // The endpoints are disabled again: the scenarios after this one run without deliveries.
    await database.db.updateTable('webhook_endpoints').set({ enabled: 0, updated_at: new Date().toISOString() }).where('description', '=', 'bench').execute();
    return {
      jobs: {
        withoutEndpoints,
        withThreeEndpoints,
        ratio,
        target: 'with three endpoints subscribed, ≥ 90 % of the req/s without',
        met: ratio >= 0.9,
      },
      burst: {
        name: `webhooks burst: ${events} events to three local endpoints`,
        events,
        deliveries: expected,
        received: received(),
        seconds: Math.round(seconds * 100) / 100,
        deliveriesPerSecond,
        eventsSeconds: Math.round(eventsSeconds * 100) / 100,
        drainPerSecond,
        peakRssMB,
        target: '≥ 500 deliveries/s, server RSS < 300 MB',
        met: received() >= expected && deliveriesPerSecond >= 500 && peakRssMB < 300,
      },
    };
  } finally {
    await database.close();
    for (const receiver of receivers) {
      receiver.server.closeAllConnections();
      receiver.server.close();
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { events: { type: 'string', default: '1000' }, duration: { type: 'string', default: '5' } } });
  const dir = mkdtempSync(join(tmpdir(), 'transdesk-webhooks-bench-'));
  const log = (line: string) => console.log(line);
  const requested = process.env.DATABASE_URL ?? '';
  const { createBenchDatabase } = await import('./postgres.js');
  const pg = requested.startsWith('postgres') ? await createBenchDatabase(requested) : undefined;
  const databaseUrl = pg?.url ?? `sqlite:${join(dir, 'bench.sqlite')}`;
  const { generate } = await import('./data.js');
  const data = await generate(databaseUrl, 1000, log);
  const { child, base } = await startBenchServer({
    DATABASE_URL: databaseUrl,
    FILE_STORAGE: pg ? 'db' : `fs:${join(dir, 'files')}`,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  });
  try {
    const measured = await measureWebhooks({
      base,
      auth: `Bearer ${data.apiKey}`,
      pid: child.pid!,
      databaseUrl,
      createBody: data.createBody,
      events: Number(values.events),
      duration: Number(values.duration),
      log,
    });
    console.log(JSON.stringify(measured, null, 2));
  } finally {
    child.kill();
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
    await pg?.drop();
  }
}
