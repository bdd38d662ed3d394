/**
 * The data set of `npm run bench`, written through the project's own code:
 *
 * 1. an account (`createAccount`, with its default master data) and the demo data
 *    (`createDemoData`: clients, suppliers, prices with match rates, a CAT configuration);
 * 2. SEED_JOBS jobs through the API in-process (buildApp + inject): POST /v2/jobs (price
 *    resolution and estimation), PUT /v2/jobs/:id/price with match lines, a tracker entry on
 *    every fifth job, and a group of GROUP_SIZE jobs;
 * 3. copies of those API-created jobs (with their match lines and tracker entries) made at the SQL
 *    level with INSERT … SELECT in one transaction until `scale` jobs exist. Copies get fresh ids
 *    and creation dates spread back in time; they belong to no group.
 * 4. for the console's page scenarios (bench/console-data.ts): invoices (one per 50 jobs), quotes
 *    and purchase orders, and a client with a large price grid, through the API in-process.
 *
 * On SQLite (`sqlite:PATH`) or PostgreSQL (`postgres://…`, an empty database): steps 1 and 2 are the
 * same code on both, step 3 is copyJobs below or copyJobsPostgres (bench/postgres.ts).
 */
import BetterSqlite3 from 'better-sqlite3';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/core/db/database.js';
import { migrateToLatest } from '../src/core/db/migrate.js';
import { createAccount } from '../src/modules/accounts/provisioning.js';
import { createDemoData, InProcessClient } from '../src/modules/demo/demo-data.js';
import { writeConsoleData, type ConsoleData } from './console-data.js';
import { copyJobsPostgres, sampleJobIdsPostgres } from './postgres.js';

export const SEED_JOBS = 400;
export const GROUP_SIZE = 200;
const HOT_JOBS = 2000;
/** More than the uncached scenario reads in its warm-up and measured seconds. */
const COLD_JOBS = 40_000;

type Body = Record<string, unknown>;

export interface Dataset {
  apiKey: string;
  /** Ids of jobs to read or update (a sample across the whole table). */
  jobIds: string[];
  /** Other ids of the same sample, each read once by the uncached scenario (never in jobIds). */
  coldJobIds: string[];
  groupId: string;
  /** A valid POST /v2/jobs body (resolves the client price with match rates). */
  createBody: Body;
  /** A valid PUT /v2/jobs/:id/price body (match lines). */
  priceBody: Body;
  totalJobs: number;
  /** The console's page scenarios: clients to open (the first with a large price grid), invoice and price counts. */
  console: ConsoleData;
  seedSeconds: number;
  copySeconds: number;
}

const byName = (list: Array<{ id: string; name: string }>) => Object.fromEntries(list.map((item) => [item.name, item.id])) as Record<string, string>;

/** Writes the data set into the (empty) database at `databaseUrl`: `sqlite:PATH` or `postgres://…`. */
export async function generate(databaseUrl: string, scale: number, log: (line: string) => void): Promise<Dataset> {
  const started = performance.now();
  const sqlitePath = databaseUrl.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : undefined;
  const database = openDatabase(databaseUrl);
  let dataset: Omit<Dataset, 'totalJobs' | 'copySeconds' | 'jobIds' | 'coldJobIds'> & { seedIds: string[] };
  try {
    await migrateToLatest(database);
    const account = await createAccount(database.db, database.dialect, { name: 'Bench LSP' });
    await createDemoData(database, account.accountId);
    const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database, logger: false });
    try {
      const api = new InProcessClient(app, account.apiKey);
      const unit = byName(await api.call('GET', '/v2/account/quantity-types'));
      const service = byName(await api.call('GET', '/v2/account/services'));
      const match = byName(await api.call('GET', '/v2/account/matches'));
      const clients = byName((await api.call<{ items: Array<{ id: string; name: string }> }>('GET', '/v2/clients?pageSize=100')).items);
      const pairs = await api.call<Array<{ id: string; source?: { code: string }; target: { code: string } }>>('GET', '/v2/account/language-pairs');
      const domains = byName(await api.call('GET', '/v2/account/domains'));
      const enFr = pairs.find((p) => p.source?.code === 'en' && p.target.code === 'fr')!.id;
      const acme = clients['Acme Pharma NV']!;
      const globex = clients['Globex Legal LLP']!;
      const createBody = {
        name: 'Pharma leaflet FR',
        client: acme,
        quantity: 2400,
        quantityType: unit.Words!,
        service: service.Translation!,
        languagePair: enFr,
        domain: domains.Medical!,
        dueDate: '2027-03-01T17:00:00Z',
      };
      const lines = (seed: number) => [
        { id: match['Context match']!, value: 100 + (seed % 50) },
        { id: match.Repetitions!, value: 200 + (seed % 70) },
        { id: match['100%']!, value: 300 },
        { id: match['95-99%']!, value: 150 + (seed % 30) },
        { id: match['85-94%']!, value: 120 },
        { id: match['75-84%']!, value: 90 },
        { id: match['50-74%']!, value: 60 },
        { id: match['No match']!, value: 1000 + (seed % 500) },
      ];
      const seedIds: string[] = [];
      for (let i = 0; i < SEED_JOBS; i++) {
        const body =
          i % 3 === 2
            ? { ...createBody, name: `Contract review ${i}`, client: globex, languagePair: null, domain: null }
            : { ...createBody, name: `Pharma leaflet ${i} FR` };
        const job = await api.call<{ id: string }>('POST', '/v2/jobs', body);
        await api.call('PUT', `/v2/jobs/${job.id}/price`, { matches: lines(i) });
        if (i % 5 === 0)
          await api.call('POST', `/v2/jobs/${job.id}/trackers`, { duration: 1_800_000 + i * 1000, from: '2026-10-01T09:00:00Z', billable: i % 2 === 0 });
        seedIds.push(job.id);
      }
      const group = await api.call<{ id: string }>('POST', '/v2/groups', { name: 'Acme product launch', client: acme, currency: 'EUR', dueDateAuto: true });
      // A group holds the jobs of one client: Acme's jobs go to Acme's group, Globex's (every third) to Globex's.
      const acmeIds = seedIds.filter((_, i) => i % 3 !== 2);
      const globexIds = seedIds.filter((_, i) => i % 3 === 2);
      for (const id of acmeIds.slice(0, GROUP_SIZE)) await api.call('POST', `/v2/groups/${group.id}/jobs/${id}`);
      const small = await api.call<{ id: string }>('POST', '/v2/groups', { name: 'Globex contracts', client: globex, currency: 'GBP' });
      for (const id of globexIds.slice(0, 10)) await api.call('POST', `/v2/groups/${small.id}/jobs/${id}`);
      const consoleData = await writeConsoleData(api, scale, [acme, globex, ...Object.values(clients).filter((id) => id !== acme && id !== globex)]);
      dataset = { apiKey: account.apiKey, groupId: group.id, createBody, priceBody: { matches: lines(7) }, seedIds, seedSeconds: 0, console: consoleData };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
  const seedSeconds = (performance.now() - started) / 1000;
  log(`  ${SEED_JOBS} jobs through the API in ${seedSeconds.toFixed(1)} s`);
  log(`  and ${dataset.console.invoices} invoices, ${dataset.console.clientPrices} prices of one client (the console's pages)`);

  const copyStarted = performance.now();
  const totalJobs = sqlitePath === undefined ? await copyJobsPostgres(databaseUrl, scale) : copyJobs(sqlitePath, scale);
  const copySeconds = (performance.now() - copyStarted) / 1000;
  log(`  copied to ${totalJobs} jobs in ${copySeconds.toFixed(1)} s`);

  // A sample of ids across the whole table (API-created and copies).
  // The first HOT_JOBS are read again and again (kept by the job view cache); the others once each.
  const sampleSize = Math.min(totalJobs, HOT_JOBS + COLD_JOBS);
  const sample = sqlitePath === undefined ? await sampleJobIdsPostgres(databaseUrl, sampleSize) : sampleJobIdsSqlite(sqlitePath, sampleSize);
  const { seedIds: _seedIds, ...rest } = dataset;
  return { ...rest, jobIds: sample.slice(0, HOT_JOBS), coldJobIds: sample.slice(HOT_JOBS), totalJobs, seedSeconds, copySeconds };
}

function sampleJobIdsSqlite(sqlitePath: string, size: number): string[] {
  const sqlite = new BetterSqlite3(sqlitePath, { readonly: true });
  try {
    return (sqlite.prepare('SELECT id FROM jobs ORDER BY random() LIMIT ?').all(size) as Array<{ id: string }>).map((row) => row.id);
  } finally {
    sqlite.close();
  }
}

/**
 * Multiplies the API-created jobs (with their match lines and tracker entries) until `scale` jobs
 * exist. Copy n of job j gets the id  hex8(creation seconds) + 'bc' + hex14(n * 2^20 + rowid(j)),
 * so that the three INSERT … SELECT compute the same new id from (n, j) without a mapping table.
 */
function copyJobs(sqlitePath: string, scale: number): number {
  const sqlite = new BetterSqlite3(sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  try {
    const seedCount = (sqlite.prepare('SELECT count(*) AS n FROM jobs').get() as { n: number }).n;
    const copies = Math.max(0, Math.ceil((scale - seedCount) / seedCount));
    if (copies === 0) return seedCount;
    const columns = (table: string) => (sqlite.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name);
    const shifted = (column: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', j.${column}, '-' || (s.n * 37) || ' minutes')`;
    const newId = `printf('%08x', CAST(strftime('%s', j.created_at, '-' || (s.n * 37) || ' minutes') AS INTEGER)) || 'bc' || printf('%014x', s.n * 1048576 + j.rowid)`;
    const jobValue: Record<string, string> = {
      id: newId,
      created_at: shifted('created_at'),
      updated_at: shifted('updated_at'),
      group_id: 'NULL',
      group_position: 'NULL',
      // Unique per account: the copy's own (7 digits and more, never one the API gives next to the 400 seeds).
      number: `'J-' || strftime('%Y', ${shifted('created_at')}) || '-' || printf('%07d', s.n * 1048576 + j.rowid)`,
    };
    const jobColumns = columns('jobs');
    const matchColumns = columns('job_matches');
    const trackerColumns = columns('tracker_entries');
    const total = seedCount * (copies + 1);
    const remove = total - scale; // the last copy is partial: skip its highest rowids
    const maxSeedRowid = (sqlite.prepare('SELECT max(rowid) AS m FROM jobs').get() as { m: number }).m;
    const keep = `NOT (s.n = ${copies} AND j.rowid > ${maxSeedRowid - remove})`;
    const transaction = sqlite.transaction(() => {
      sqlite.exec('CREATE TEMP TABLE seq (n INTEGER PRIMARY KEY)');
      sqlite.prepare(`WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < ?) INSERT INTO seq SELECT n FROM c`).run(copies);
      sqlite.exec('CREATE TEMP TABLE seed AS SELECT rowid AS rid, id FROM jobs');
      sqlite.exec(
        `INSERT INTO jobs (${jobColumns.join(', ')})
         SELECT ${jobColumns.map((c) => jobValue[c] ?? `j.${c}`).join(', ')}
         FROM seq s CROSS JOIN jobs j WHERE j.rowid IN (SELECT rid FROM seed) AND ${keep}`,
      );
      sqlite.exec(
        `INSERT INTO job_matches (${matchColumns.join(', ')})
         SELECT ${matchColumns.map((c) => (c === 'job_id' ? newId : `m.${c}`)).join(', ')}
         FROM seq s CROSS JOIN jobs j JOIN job_matches m ON m.job_id = j.id WHERE j.rowid IN (SELECT rid FROM seed) AND ${keep}`,
      );
      const trackerValue: Record<string, string> = {
        id: `printf('%08x', CAST(strftime('%s', t.created_at) AS INTEGER)) || 'bd' || printf('%014x', s.n * 1048576 + t.rowid)`,
        job_id: newId,
      };
      sqlite.exec(
        `INSERT INTO tracker_entries (${trackerColumns.join(', ')})
         SELECT ${trackerColumns.map((c) => trackerValue[c] ?? `t.${c}`).join(', ')}
         FROM seq s CROSS JOIN jobs j JOIN tracker_entries t ON t.job_id = j.id WHERE j.rowid IN (SELECT rid FROM seed) AND ${keep}`,
      );
      sqlite.exec('DROP TABLE seq; DROP TABLE seed');
    });
    transaction();
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    return (sqlite.prepare('SELECT count(*) AS n FROM jobs').get() as { n: number }).n;
  } finally {
    sqlite.close();
  }
}
