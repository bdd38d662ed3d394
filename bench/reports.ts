/**
 * The reports at scale (docs/reports.md#performance): each `GET /v2/reports/…` requested one after
 * another (no concurrency: a report is one person's question), REPORT_REQUESTS times after two
 * warm-ups, its p50 and p95 latency against the target (< 1 s).
 *
 * Before measuring, `prepareReportData` gives the data set what the reports read and the job copies
 * lack: on SQLite, every second job gets an outsourcing (every fourth of those in USD, every tenth
 * unpriced), the copies' due dates are spread over two years (days of 2025–2026, every 50th none),
 * and the account gets a USD and a GBP rate for every weekday of 2025 and 2026.
 *
 * Run alone (`npm run build:server && tsx bench/reports.ts [--scale N]`): generates the data set in
 * a temporary SQLite file (bench/data.ts), starts the server on it and prints the figures; within
 * `npm run bench` (bench/run.ts) it runs after the API scenarios on the same server.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { estimateOutsourcingPrice } from '../src/modules/estimation/engine.js';
import { startBenchServer } from './server.js';

export const REPORT_REQUESTS = 20;
const TARGET_MS = 1000;

export interface ReportMeasured {
  name: string;
  path: string;
  requests: number;
  status: number;
  /** Size of the last answer. */
  bytes: number;
  latencyMs: { p50: number; p95: number; max: number };
  target: string;
  met: boolean;
}

export const REPORT_PATHS: ReadonlyArray<{ name: string; path: string }> = [
  { name: 'margins by client', path: '/v2/reports/margins?by=client' },
  { name: 'margins by service', path: '/v2/reports/margins?by=service' },
  { name: 'margins by language pair', path: '/v2/reports/margins?by=languagePair' },
  { name: 'margins by manager', path: '/v2/reports/margins?by=manager' },
  { name: 'margins by client, one year, XLSX', path: '/v2/reports/margins?by=client&from=2026-01-01&to=2026-12-31&format=xlsx' },
  { name: 'receivables aging', path: '/v2/reports/receivables' },
  { name: 'payables', path: '/v2/reports/payables' },
  { name: 'workload', path: '/v2/reports/workload' },
  { name: 'workload, CSV', path: '/v2/reports/workload?format=csv' },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

export async function measureReports(options: { base: string; auth: string; log: (line: string) => void; requests?: number }): Promise<ReportMeasured[]> {
  const requests = options.requests ?? REPORT_REQUESTS;
  const results: ReportMeasured[] = [];
  for (const { name, path } of REPORT_PATHS) {
    const once = async () => {
      const started = performance.now();
      const answer = await fetch(`${options.base}${path}`, { headers: { authorization: options.auth } });
      const body = await answer.arrayBuffer();
      return { ms: performance.now() - started, status: answer.status, bytes: body.byteLength };
    };
    await once();
    await once();
    const times: number[] = [];
    let last = { ms: 0, status: 0, bytes: 0 };
    for (let i = 0; i < requests; i++) {
      last = await once();
      times.push(last.ms);
    }
    times.sort((a, b) => a - b);
    const latencyMs = { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), max: round(times[times.length - 1]!) };
    const measured: ReportMeasured = {
      name: `GET ${path.split('?')[0]}: ${name}`,
      path,
      requests,
      status: last.status,
      bytes: last.bytes,
      latencyMs,
      target: `p95 < ${TARGET_MS} ms`,
      met: last.status === 200 && latencyMs.p95 < TARGET_MS,
    };
    results.push(measured);
    options.log(`  ${measured.name}: ${measured.status}, p50 ${latencyMs.p50} ms, p95 ${latencyMs.p95} ms, max ${latencyMs.max} ms, ${measured.bytes} bytes`);
  }
  return results;
}

/** Outsourcing, spread due dates and rates for the reports (SQLite; see the header). Answers a line for the log. */
/** The `amounts` an outsourcing with these terms is given by the estimation engine, as an SQL string literal. */
function amounts(currency: string, fixedPrice: string | null, unitCost: string): string {
  const estimate = estimateOutsourcingPrice({ currency, fixedPrice, hasMatches: false, matches: [], quantity: '1', unitCost, extraCharge: '0', discount: '0' });
  return `'${JSON.stringify(estimate).replace(/'/g, "''")}'`;
}

export function prepareReportData(sqlitePath: string): string {
  const sqlite = new BetterSqlite3(sqlitePath);
  sqlite.pragma('busy_timeout = 10000');
  try {
    const account = sqlite.prepare('SELECT id FROM accounts LIMIT 1').get() as { id: string };
    const supplier = sqlite.prepare('SELECT id FROM suppliers WHERE account_id = ? ORDER BY name LIMIT 1').get(account.id) as { id: string };
    const columns = (sqlite.prepare('PRAGMA table_info(outsourcing)').all() as Array<{ name: string }>).map((column) => column.name);
    const now = new Date().toISOString();
    const value: Record<string, string> = {
      id: `printf('%08x', CAST(strftime('%s', j.created_at) AS INTEGER)) || 'be' || printf('%014x', j.rowid)`,
      account_id: 'j.account_id',
      job_id: 'j.id',
      supplier_id: `'${supplier.id}'`,
      name: 'j.name',
      service_id: 'j.service_id',
      unit_id: 'j.unit_id',
      language_pair_id: 'j.language_pair_id',
      currency: `CASE WHEN j.rowid % 8 = 0 THEN 'USD' ELSE 'EUR' END`,
      status: '1',
      quantity: 'j.quantity',
      unit_cost: `CASE WHEN j.rowid % 20 = 0 THEN '0' ELSE '0.07' END`,
      unit_cost_price_id: 'NULL',
      unit_cost_price_type: 'NULL',
      matches_type: `'fixed'`,
      has_matches: '0',
      cat_file_ids: `'[]'`,
      price_matches: `'[]'`,
      discount: `'0'`,
      extra_charge: `'0'`,
      fixed_price: `CASE WHEN j.rowid % 20 = 0 THEN NULL ELSE '100' END`,
      due_date: 'j.due_date',
      start_date: 'NULL',
      delivery_date: 'NULL',
      // What the estimation engine writes for these terms (the API reads the whole object back):
      // a fixed price of 100, or an unpriced outsourcing (unit cost 0), in the row's currency.
      amounts: `CASE WHEN j.rowid % 20 = 0 THEN (CASE WHEN j.rowid % 8 = 0 THEN ${amounts('USD', null, '0')} ELSE ${amounts('EUR', null, '0')} END)
        ELSE (CASE WHEN j.rowid % 8 = 0 THEN ${amounts('USD', '100', '0.07')} ELSE ${amounts('EUR', '100', '0.07')} END) END`,
      // Off the portal, as the agency's own outsourcing starts; each with its unguessable reference.
      portal_reference: `lower(hex(randomblob(32)))`,
      portal_enabled: '0',
      portal_instructions: 'NULL',
      portal_checklist: `'[]'`,
      portal_confirm: '0',
      portal_generate_purchase_order: '0',
      portal_confirm_status: 'NULL',
      portal_accepted_date: 'NULL',
      portal_confirm_comment: 'NULL',
      portal_sent_date: 'NULL',
      portal_sent_date_status: 'NULL',
      portal_done_date: 'NULL',
      portal_supplier_comments: 'NULL',
      portal_upload_file_on_group: '0',
      offer_round_id: 'NULL',
      created_at: `'${now}'`,
      updated_at: `'${now}'`,
    };
    const missing = columns.filter((column) => value[column] === undefined);
    if (missing.length > 0) throw new Error(`prepareReportData: no value for outsourcing.${missing.join(', ')}`);
    const insertRate = sqlite.prepare(
      `INSERT OR IGNORE INTO exchange_rates (id, account_id, currency, date, rate, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'manual', ?, ?)`,
    );
    let rates = 0;
    const outsourced = sqlite.transaction(() => {
      const added = sqlite
        .prepare(
          `INSERT INTO outsourcing (${columns.join(', ')}) SELECT ${columns.map((column) => value[column]).join(', ')} FROM jobs j WHERE j.rowid % 2 = 0`,
        )
        .run().changes;
      // The copies' due dates over two years (the API-created jobs keep theirs), every 50th without one.
      sqlite.exec(`UPDATE jobs SET
        due_date = CASE WHEN rowid % 50 = 0 THEN NULL ELSE strftime('%Y-%m-%dT17:00:00.000Z', '2025-01-01', '+' || (rowid % 730) || ' days') END
        WHERE substr(id, 9, 2) = 'bc'`);
      sqlite.exec(`UPDATE jobs SET due_sort = coalesce(due_date, due_sort) WHERE substr(id, 9, 2) = 'bc'`);
      for (let day = Date.UTC(2024, 11, 1); day <= Date.UTC(2026, 11, 31); day += 86_400_000) {
        const date = new Date(day);
        if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
        const iso = date.toISOString().slice(0, 10);
        for (const [currency, rate] of [
          ['USD', (1.05 + (day % 17) / 100).toFixed(4)],
          ['GBP', (0.83 + (day % 13) / 1000).toFixed(4)],
        ] as const) {
          insertRate.run(`${iso.replace(/-/g, '')}${currency === 'USD' ? 'aa' : 'ab'}${'0'.repeat(14)}`, account.id, currency, iso, rate, now, now);
          rates += 1;
        }
      }
      return added;
    })();
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    return `  reports' data: ${outsourced} outsourcings, due dates spread over 2025–2026, ${rates} exchange rates`;
  } finally {
    sqlite.close();
  }
}

async function existingDataset(databaseUrl: string): Promise<{ apiKey: string; totalJobs: number }> {
  const { openDatabase } = await import('../src/core/db/database.js');
  const { migrateToLatest } = await import('../src/core/db/migrate.js');
  const { insertApiKey } = await import('../src/modules/accounts/provisioning.js');
  const database = openDatabase(databaseUrl);
  try {
    await migrateToLatest(database);
    const owner = await database.db
      .selectFrom('users')
      .select(['id', 'account_id'])
      .where('role', '=', 'owner')
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    const { apiKey } = await insertApiKey(database.db, owner.account_id, owner.id, { name: 'bench reports' });
    const counted = await database.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { apiKey, totalJobs: Number(counted.n) };
  } finally {
    await database.close();
  }
}

/** Alone: a data set, the server on it, the reports measured. */
async function main(): Promise<void> {
  // --database PATH: a data set kept from an earlier run (prepared already), migrated and given a key.
  const { values } = parseArgs({ options: { scale: { type: 'string', default: '100000' }, database: { type: 'string' } } });
  const dir = mkdtempSync(join(tmpdir(), 'transdesk-bench-reports-'));
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const databaseUrl = `sqlite:${values.database ?? join(dir, 'bench.sqlite')}`;
  const child = { current: undefined as ChildProcess | undefined };
  try {
    let data: { apiKey: string; totalJobs: number };
    if (values.database === undefined) {
      const { generate } = await import('./data.js');
      log(`Generating ${values.scale} jobs in ${dir}`);
      data = await generate(databaseUrl, Number(values.scale), log);
      log(prepareReportData(join(dir, 'bench.sqlite')));
    } else {
      data = await existingDataset(databaseUrl);
    }
    const { child: server, base } = await startBenchServer({ DATABASE_URL: databaseUrl, FILE_STORAGE: `fs:${join(dir, 'files')}` });
    child.current = server;
    log(`Server ${base}; ${data.totalJobs} jobs`);
    await measureReports({ base, auth: `Bearer ${data.apiKey}`, log });
  } finally {
    child.current?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    process.stderr.write(`bench/reports: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
