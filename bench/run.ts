/**
 * `npm run bench`: Transdesk's speed against the ceiling of its own framework, measured in the
 * same run (docs/performance.md). Builds first (the npm script), then:
 *
 * 1. generates the data set through the project's own code (bench/data.ts) in a temporary SQLite
 *    database, or, when DATABASE_URL is `postgres://…`, in a fresh database `transdesk_bench_<random>`
 *    created on that server (bench/postgres.ts): `--scale` jobs (default 100 000);
 * 2. starts the real server as a child process (`node dist/cli.js serve`, NODE_ENV=production,
 *    LOG_LEVEL=warn, RATE_LIMIT_PER_MINUTE=0) on that database, and the baseline (bench/baseline.ts:
 *    bare Fastify answering one job's JSON, sent the requests of GET /v2/jobs/:id) as another, and the
 *    write floor (bench/write-floor.ts on SQLite, bench/write-floor-postgres.ts on PostgreSQL: only the
 *    statements a price edit and a job creation cannot do without) as a third;
 * 3. drives each scenario (bench/scenarios.ts) with autocannon from this process (`--connections`,
 *    default 10; `--duration` seconds, default 5, after a 1 s warm-up), sampling the server's VmRSS
 *    from /proc/<pid>/status every 100 ms; PUT /v2/jobs/:id/price and POST /v2/jobs are each
 *    followed by their write floor, and reported as a share of it;
 *    then the webhooks (bench/webhooks.ts), then each report of GET /v2/reports/… requested one after
 *    another for its p50 and p95 (bench/reports.ts, after adding outsourcing, spread due dates and
 *    exchange rates to the SQLite data set), then exports every job as CSV (bench/export.ts) and
 *    imports a file of 10 000 clients (bench/import.ts), each while a probe client polls
 *    GET /health and GET /v2/jobs/:id (bench/probe.ts), parses one 40 MB CAT analysis report
 *    through the server (bench/cat-report.ts), and measures the web console in Chromium
 *    (bench/console.ts: the JavaScript of the first load of each landing page, the jobs page's
 *    first rows, a job page's name, the dashboard's figures, the invoices' and a client's price
 *    grid's first rows, 20 loads each; skipped without Chromium);
 * 4. judges each scenario against its target (bench/scenarios.ts), and writes
 *    bench/results/latest.md and latest.json (SQLite), or latest-postgres.md and
 *    latest-postgres.json (PostgreSQL); at another scale than 100 000, scale-N.md and .json
 *    (scale-N-postgres.*).
 *
 * Options: --scale N, --duration S, --connections C, --keep (keep the temporary directory and the
 * PostgreSQL database; otherwise both are removed at the end, also after Ctrl-C), --pgbouncer
 * (PostgreSQL: the server reaches the database through PgBouncer in transaction pooling mode,
 * started for the run, with DATABASE_POOLER=transaction; the write floor stays direct; written to
 * latest-postgres-pgbouncer.md beside the direct run's figures).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { measureCatParse } from './cat-report.js';
import { measureConsole } from './console.js';
import { measureExport } from './export.js';
import { IMPORT_ROWS, measureImport } from './import.js';
import { probeSummary } from './probe.js';
import { generate, SEED_JOBS, type Dataset } from './data.js';
import { createBenchDatabase, type BenchDatabase } from './postgres.js';
import { startPgBouncer } from '../scripts/pgbouncer.mjs';
import { markdown, packageVersion, round, type Measured, type Report } from './report.js';
import { benchScenarios, judge, type Scenario } from './scenarios.js';
import { signIn } from './sign-in.js';
import { measureWebhooks } from './webhooks.js';
import { measureReports, prepareReportData, REPORT_REQUESTS } from './reports.js';
import { startListening } from './server.js';
import { measureProcesses } from './processes.js';

/** The scenarios measured again on several server processes (PostgreSQL). */
const PROCESS_SCENARIOS = [
  'GET /v2/jobs/:id',
  'GET /v2/jobs, first page',
  'PUT /v2/jobs/:id/price (match lines)',
  'POST /v2/jobs (price resolution, estimation)',
];

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(ROOT, 'bench', 'results');

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
    pgbouncer: { type: 'boolean', default: false },
  },
});
const SCALE = Number(args.scale);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
if (!Number.isInteger(SCALE) || SCALE < 1000) throw new Error('--scale must be a whole number ≥ 1000');
if (!(DURATION > 0) || !(CONNECTIONS > 0)) throw new Error('--duration and --connections must be positive');
const THROUGH_PGBOUNCER = args.pgbouncer;
const MB = 1024 * 1024;
const RSS_LIMIT_MB = 300;
/** Events of the webhooks burst (three deliveries each). */
const WEBHOOK_EVENTS = 10_000;

const log = (line: string) => process.stdout.write(`${line}\n`);

function memory(pid: number): { rss: number; hwm: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
    return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
  } catch {
    return { rss: 0, hwm: 0 }; // not Linux: no memory figures
  }
}

async function measure(scenario: Scenario, base: string, pid: number, duration: number): Promise<Measured> {
  const headers: Record<string, string> = {};
  if (scenario.auth) headers.authorization = scenario.auth;
  if (scenario.cookie) headers.cookie = scenario.cookie;
  if (scenario.body) headers['content-type'] = 'application/json';
  const fixedPath = typeof scenario.path === 'string' ? scenario.path : scenario.path();
  const pathOf = scenario.path;
  let peak = memory(pid).rss;
  const sampler = setInterval(() => (peak = Math.max(peak, memory(pid).rss)), 100);
  try {
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          method: scenario.method,
          path: fixedPath,
          headers,
          ...(scenario.body ? { body: scenario.body } : {}),
          ...(typeof pathOf === 'function' ? { setupRequest: (request: autocannon.Request) => ({ ...request, path: pathOf() }) } : {}),
        },
      ],
    });
    const statusCodes: Record<string, number> = {};
    for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat?.count ?? 0;
    const answered = Object.values(statusCodes).reduce((a, b) => a + b, 0);
    return {
      name: scenario.name,
      method: scenario.method,
      path: typeof pathOf === 'function' ? `${fixedPath} (varied)` : fixedPath,
      requestsPerSecond: Math.round(result.requests.average),
      latencyMs: { mean: result.latency.average, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      requests: result.requests.total,
      expectedStatus: scenario.expectedStatus,
      unexpectedStatus: answered - (statusCodes[String(scenario.expectedStatus)] ?? 0),
      errors: result.errors + result.timeouts,
      statusCodes,
      peakRssMB: Math.round((peak / MB) * 10) / 10,
      ratioToBaseline: null,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** Waits until the server answers /health within 50 ms (at most 60 s): no requests left in flight. */
async function drained(base: string): Promise<void> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    const started = performance.now();
    const answer = await fetch(`${base}/health`).catch(() => undefined);
    await answer?.arrayBuffer();
    if (performance.now() - started < 50) return;
  }
}

async function main(): Promise<void> {
  const requested = process.env.DATABASE_URL ?? '';
  const onPostgres = requested.startsWith('postgres://') || requested.startsWith('postgresql://');
  if (requested && !onPostgres && !requested.startsWith('sqlite:'))
    throw new Error('DATABASE_URL must be sqlite:… (ignored: a temporary file is used) or postgres://…');
  if (THROUGH_PGBOUNCER && !onPostgres) throw new Error('--pgbouncer needs DATABASE_URL=postgres://…');
  const dir = mkdtempSync(join(tmpdir(), 'transdesk-bench-'));
  const children: ChildProcess[] = [];
  const runStarted = performance.now();
  let pgDatabase: BenchDatabase | undefined;
  let bouncer: Awaited<ReturnType<typeof startPgBouncer>> | undefined;
  let cleaned: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaned ??= (async () => {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(
        children.map((child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)))),
      );
      await bouncer?.stop();
      if (args.keep) {
        log(`kept ${dir}${pgDatabase ? ` and the database ${pgDatabase.name} (${pgDatabase.url})` : ''}`);
        return;
      }
      rmSync(dir, { recursive: true, force: true });
      if (pgDatabase) await pgDatabase.drop().catch((error: unknown) => log(`could not drop the database ${pgDatabase!.name}: ${String(error)}`));
    })());
  const interrupted = () => {
    // Dropping the database cuts the connections still open (data generation): not an error now.
    process.on('uncaughtException', () => {});
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    if (onPostgres) pgDatabase = await createBenchDatabase(requested);
    const databaseUrl = pgDatabase?.url ?? `sqlite:${join(dir, 'bench.sqlite')}`;
    const where = pgDatabase ? new URL(pgDatabase.url) : undefined;
    const databaseDetail = pgDatabase
      ? `PostgreSQL ${pgDatabase.serverVersion}, database ${pgDatabase.name} on ${where!.host} (created for the run, ${args.keep ? 'kept' : 'dropped at the end'})${THROUGH_PGBOUNCER ? '; the server connects through PgBouncer in transaction pooling mode (10 server connections, DATABASE_POOLER=transaction); the write floor connects directly' : ''}`
      : `SQLite ${packageVersion(ROOT, 'better-sqlite3')} (better-sqlite3), a temporary file`;
    log(`Generating ${SCALE} jobs in ${pgDatabase ? `the PostgreSQL database ${pgDatabase.name}` : dir}`);
    const data: Dataset = await generate(databaseUrl, SCALE, log);
    // As many server connections as the server's pool: the pooler's own cost is what is measured.
    if (THROUGH_PGBOUNCER) bouncer = await startPgBouncer({ upstream: requested, serverConnections: 10 });
    const serverDatabaseUrl = bouncer ? bouncer.urlOf(pgDatabase!.name) : databaseUrl;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      DATABASE_URL: serverDatabaseUrl,
      ...(bouncer ? { DATABASE_POOLER: 'transaction' } : {}),
      // Nothing is uploaded; each database's default storage (files in the database on PostgreSQL).
      FILE_STORAGE: pgDatabase ? 'db' : `fs:${join(dir, 'files')}`,
      PORT: '0',
      HOST: '127.0.0.1',
      // The webhooks scenarios' receivers are on this machine (bench/webhooks.ts).
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    };
    delete env.BOOTSTRAP_API_KEY;
    const server = await startListening(['dist/cli.js', 'serve'], env);
    children.push(server.child);
    const serverPid = server.child.pid!;
    const auth = `Bearer ${data.apiKey}`;
    const wrongAuth = `Bearer td_${'x'.repeat(43)}`;

    // One job's JSON, the baseline's body.
    const sample = await fetch(`${server.base}/v2/jobs/${data.jobIds[0]}`, { headers: { authorization: auth } });
    if (sample.status !== 200) throw new Error(`GET /v2/jobs/:id answered ${sample.status}: ${await sample.text()}`);
    const jobJson = await sample.text();
    writeFileSync(join(dir, 'job.json'), jobJson);
    const baseline = await startListening(['--import', 'tsx', 'bench/baseline.ts', join(dir, 'job.json')], { ...process.env, NODE_ENV: 'production' });
    children.push(baseline.child);
    // The write floor on the same database, idle but in its scenarios.
    const floorCommand = pgDatabase ? ['bench/write-floor-postgres.ts', pgDatabase.url] : ['bench/write-floor.ts', join(dir, 'bench.sqlite')];
    const floor = await startListening(['--import', 'tsx', ...floorCommand], { ...process.env, NODE_ENV: 'production' });
    children.push(floor.child);
    const floorDriver = pgDatabase ? 'a pg pool' : 'better-sqlite3';

    // The hot set is read once before the scenarios, as a user's recent jobs would have been: the
    // job view cache then keeps them (on PostgreSQL the 1 s warm-up alone reads only a few hundred).
    const hotStarted = performance.now();
    for (let i = 0; i < data.jobIds.length; i += CONNECTIONS) {
      await Promise.all(
        data.jobIds
          .slice(i, i + CONNECTIONS)
          .map(async (id) => (await fetch(`${server.base}/v2/jobs/${id}`, { headers: { authorization: auth } })).arrayBuffer()),
      );
    }
    log(`Read the ${data.jobIds.length} hot jobs once in ${((performance.now() - hotStarted) / 1000).toFixed(1)} s`);

    const firstPage = (await (await fetch(`${server.base}/v2/jobs?page=1&pageSize=20`, { headers: { authorization: auth } })).json()) as {
      totalPages: number;
      totalItems: number;
    };
    const lastPage = firstPage.totalPages;
    log(
      `Server ${server.base} (pid ${serverPid}), baseline ${baseline.base}; ${firstPage.totalItems} jobs, ${lastPage} pages of 20; job JSON ${jobJson.length} bytes`,
    );

    const sessionCookie = await signIn(server.base, auth, env);
    const scenarios = benchScenarios({ data, auth, sessionCookie, wrongAuth, lastPage, floorDriver });

    const results: Measured[] = [];
    for (const scenario of scenarios) {
      const { child, base } = scenario.target === 'baseline' ? baseline : scenario.target === 'floor' ? floor : server;
      const pid = child.pid!;
      await measure(scenario, base, pid, 1); // warm-up, not recorded
      await drained(base);
      const measured = await measure(scenario, base, pid, DURATION);
      results.push(measured);
      await drained(base); // requests autocannon left in flight must not slow the next scenario
      log(
        `  ${measured.name}: ${measured.requestsPerSecond} req/s, p50 ${measured.latencyMs.p50} ms, p99 ${measured.latencyMs.p99} ms, unexpected ${measured.unexpectedStatus}, errors ${measured.errors}, RSS ${measured.peakRssMB} MB`,
      );
    }
    const serverMemory = memory(serverPid);
    // PostgreSQL: the same read and write paths on 1, 2 and 4 processes of one database (bench/processes.ts).
    const processes = pgDatabase
      ? await measureProcesses({
          env,
          first: server.base,
          auth,
          hotJobIds: data.jobIds,
          checkedJobId: data.coldJobIds[data.coldJobIds.length - 1]!,
          scenarios: PROCESS_SCENARIOS.map((name) => {
            const scenario = scenarios.find((one) => one.name === name)!;
            const path = scenario.path;
            return { ...scenario, path: typeof path === 'string' ? () => path : path };
          }),
          counts: [1, 2, 4],
          connections: CONNECTIONS,
          duration: DURATION,
          children,
          log,
        })
      : undefined;
    // Webhooks (bench/webhooks.ts): before the CAT report, whose 40 MB raise the RSS by design.
    const webhooks = await measureWebhooks({
      base: server.base,
      auth,
      pid: serverPid,
      databaseUrl,
      createBody: data.createBody,
      events: WEBHOOK_EVENTS,
      duration: DURATION,
      log,
    });
    // The reports (bench/reports.ts), on SQLite after giving the data set outsourcing, spread due dates and rates.
    const reportData = pgDatabase
      ? 'the data set as generated (no outsourcing on the copies, one due date)'
      : prepareReportData(join(dir, 'bench.sqlite')).trim();
    log(`  ${reportData}`);
    const reportsMeasured = await measureReports({ base: server.base, auth, log });
    // The CSV export of every job (bench/export.ts): its own RSS figures, before the CAT report.
    // Every job the database holds now: the write scenarios before added jobs to the generated ones.
    const listed = (await (await fetch(`${server.base}/v2/jobs?pageSize=1`, { headers: { authorization: auth } })).json()) as { totalItems: number };
    const csvExport = await measureExport(server.base, auth, serverPid, listed.totalItems, data.jobIds[0]!);
    log(
      `  ${csvExport.name}: ${csvExport.status}, ${csvExport.rows} rows in ${csvExport.seconds} s (first byte ${csvExport.firstByteMs} ms), RSS ${csvExport.rssBeforeMB} → ${csvExport.peakRssMB} MB, /health ${probeSummary(csvExport.health)}, GET /v2/jobs/:id ${probeSummary(csvExport.job)}`,
    );
    // A large import (bench/import.ts) beside the export, with the same probe client: its 10 000 clients stay.
    const csvImport = await measureImport(server.base, auth, data.jobIds[0]!);
    log(
      `  ${csvImport.name}: ${csvImport.status}, ${csvImport.rows} of ${IMPORT_ROWS} rows in ${csvImport.seconds} s, /health ${probeSummary(csvImport.health)}, GET /v2/jobs/:id ${probeSummary(csvImport.job)}`,
    );
    // After the memory figures: a 40 MB report raises the RSS by design (its bytes, the worker's answer).
    const catParse = await measureCatParse(server.base, auth, serverPid);
    log(
      `  ${catParse.name}: ${catParse.status} in ${catParse.seconds} s, RSS ${catParse.rssBeforeMB} → ${catParse.peakRssMB} MB, /health max ${catParse.healthMaxMs} ms`,
    );

    // The web console in Chromium on the same server and data, after the API scenarios (bench/console.ts).
    // The client with the large price grid by its id: the webhooks burst added 10 000 newer clients.
    const consoleMeasured = await measureConsole({ base: server.base, sessionCookie, auth, jobIds: data.jobIds, clientIds: data.console.clientIds, log });
    if (consoleMeasured.skipped) log(`  web console: not measured: ${consoleMeasured.skipped}`);

    const floorShares = judge(results);
    const servedByServer = results.filter((r) => scenarios.find((scenario) => scenario.name === r.name)!.target === 'server');
    const peakRssMB = Math.round((Math.max(serverMemory.hwm, ...servedByServer.map((r) => r.peakRssMB * MB)) / MB) * 10) / 10;

    const report: Report = {
      date: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        cpu: cpus()[0]?.model ?? 'unknown',
        memoryMB: Math.round(totalmem() / MB),
        node: process.version,
        platform: `${process.platform} ${process.arch}`,
      },
      versions: {
        fastify: packageVersion(ROOT, 'fastify'),
        autocannon: packageVersion(ROOT, 'autocannon'),
        ...(pgDatabase
          ? { pg: packageVersion(ROOT, 'pg'), postgresql: pgDatabase.serverVersion }
          : { 'better-sqlite3': packageVersion(ROOT, 'better-sqlite3') }),
      },
      database: pgDatabase ? 'postgres' : 'sqlite',
      databaseDetail,
      scale: SCALE,
      dataset: {
        jobs: data.totalJobs,
        apiCreatedJobs: SEED_JOBS,
        note: 'jobs created through the API in-process (POST /v2/jobs with price resolution, PUT /v2/jobs/:id/price with 8 match lines, a tracker entry on every 5th job, a group of 200 jobs), then copied with INSERT … SELECT (fresh ids, match lines and tracker entries copied) up to the scale. Reads: GET /v2/jobs/:id picks among 2 000 sampled jobs, each read once before the scenarios, which the job view cache (VIEW_CACHE_MB, default 32) keeps, as it keeps the jobs a user reads again; the "not cached" scenario reads other sampled jobs, each once',
        seedSeconds: round(data.seedSeconds),
        copySeconds: round(data.copySeconds),
        jobJsonBytes: jobJson.length,
      },
      load: { tool: 'autocannon', connections: CONNECTIONS, durationSeconds: DURATION, warmupSeconds: 1 },
      server: { peakRssMB, rssTarget: `< ${RSS_LIMIT_MB} MB`, rssMet: peakRssMB < RSS_LIMIT_MB, vmHwmMB: round(serverMemory.hwm / MB) },
      scenarios: results,
      floorShares,
      catParse,
      csvExport,
      csvImport,
      webhooks,
      ...(processes ? { processes } : {}),
      reports: {
        note: `each report requested ${REPORT_REQUESTS} times one after another (after two warm-ups), as one person asks; ${reportData}.`,
        measured: reportsMeasured,
      },
      console: consoleMeasured,
      totalSeconds: round((performance.now() - runStarted) / 1000),
    };
    // The default scale is "latest"; other scales are kept beside it (scale-1000000.md).
    const stem = `${SCALE === 100_000 ? 'latest' : `scale-${SCALE}`}${pgDatabase ? '-postgres' : ''}${bouncer ? '-pgbouncer' : ''}`;
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(join(RESULTS, `${stem}.json`), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(join(RESULTS, `${stem}.md`), markdown(report));
    log(`\n${markdown(report)}`);
    log(`Written ${join('bench', 'results', `${stem}.md`)} and ${stem}.json`);
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
