/**
 * The CSV export scenario of `npm run bench` (docs/performance.md#csv-export-of-100-000-jobs):
 * `GET /v2/jobs?format=csv`, every job of the data set, read by one client as fast as it takes
 * them. Measures the time to the first byte and to the last, the rows and bytes received, and the
 * server's RSS before and at its peak (sampled every 50 ms from /proc): the export streams in steps
 * (core/http/csv-export.ts), so the growth must not follow the number of rows. Meanwhile a probe
 * client (bench/probe.ts) polls `GET /health` and `GET /v2/jobs/:id`: the export must not hold
 * them (p99 < 200 ms).
 *
 * Alone, on a data set of its own: `npm run build && npx tsx bench/export.ts [--scale N] [--import]`
 * generates the data set (bench/data.ts) in a temporary SQLite file, or in a fresh database when
 * DATABASE_URL is `postgres://…`, starts the built server on it, runs the scenario twice (and the
 * 10 000-client import of bench/import.ts with --import) and prints the figures.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PROBE_P99_TARGET_MS, probeSummary, startProbe, type ProbeFigures } from './probe.js';
import { measureImport } from './import.js';
import { createBenchDatabase } from './postgres.js';
import { startBenchServer } from './server.js';

export interface ExportMeasured {
  name: string;
  status: number;
  rows: number;
  expectedRows: number;
  answerMB: number;
  firstByteMs: number;
  seconds: number;
  rowsPerSecond: number;
  rssBeforeMB: number;
  peakRssMB: number;
  rssGrowthMB: number;
  /** The probe client's answers during the export. */
  health: ProbeFigures;
  job: ProbeFigures;
  target: string;
  met: boolean;
}

const MB = 1024 * 1024;
/** Growth of the server's RSS allowed during the export: a few steps of rows and the stream buffers, not the file. */
const GROWTH_LIMIT_MB = 100;
/** Every job of the data set (100 000) within this many seconds. */
const SECONDS_LIMIT = 10;

function rss(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0; // not Linux: no memory figures
  }
}

const round = (value: number) => Math.round(value * 10) / 10;

export async function measureExport(base: string, auth: string, pid: number, expectedRows: number, probeJobId: string): Promise<ExportMeasured> {
  const before = rss(pid);
  const probe = startProbe(base, auth, probeJobId);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 50);
  const started = performance.now();
  let firstByte = 0;
  let bytes = 0;
  let lines = 0;
  let status = 0;
  try {
    const answer = await fetch(`${base}/v2/jobs?format=csv`, { headers: { authorization: auth } });
    status = answer.status;
    const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (firstByte === 0) firstByte = performance.now() - started;
      bytes += value.length;
      // Rows end with CRLF; a line break inside a quoted cell is a bare LF, so CR counts the rows.
      for (const byte of value) if (byte === 13) lines += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  const probed = await probe.stop();
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, rss(pid));
  const rows = Math.max(0, lines - 1);
  const growth = (peak - before) / MB;
  return {
    name: 'GET /v2/jobs?format=csv, every job',
    status,
    rows,
    expectedRows,
    answerMB: round(bytes / MB),
    firstByteMs: Math.round(firstByte),
    seconds: round(seconds),
    rowsPerSecond: Math.round(rows / seconds),
    rssBeforeMB: round(before / MB),
    peakRssMB: round(peak / MB),
    rssGrowthMB: round(growth),
    health: probed.health,
    job: probed.job,
    target: `every row in < ${SECONDS_LIMIT} s per 100 000; RSS growth < ${GROWTH_LIMIT_MB} MB; probes p99 < ${PROBE_P99_TARGET_MS} ms`,
    met:
      status === 200 &&
      rows === expectedRows &&
      seconds < (SECONDS_LIMIT * Math.max(expectedRows, 100_000)) / 100_000 &&
      growth < GROWTH_LIMIT_MB &&
      probed.met,
  };
}

/** The row of the bench report (bench/report.ts). */
export function exportMarkdown(measured: ExportMeasured): string[] {
  return [
    "CSV export (bench/export.ts): every job as one CSV file, read by one client; the server's RSS before and at its peak (sampled every 50 ms); " +
      'meanwhile another client polls GET /health and GET /v2/jobs/:id (bench/probe.ts).',
    '',
    '| scenario | status | rows | MB | first byte ms | seconds | rows/s | RSS before MB | peak RSS MB | growth MB | /health | GET /v2/jobs/:id | target | met |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|---|',
    `| ${measured.name} | ${measured.status} | ${measured.rows} of ${measured.expectedRows} | ${measured.answerMB} | ${measured.firstByteMs} | ${measured.seconds} | ${measured.rowsPerSecond} | ${measured.rssBeforeMB} | ${measured.peakRssMB} | ${measured.rssGrowthMB} | ${probeSummary(measured.health)} | ${probeSummary(measured.job)} | ${measured.target} | ${measured.met ? 'yes' : '**no**'} |`,
    '',
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { scale: { type: 'string', default: '100000' }, import: { type: 'boolean', default: false } } });
  const scale = Number(values.scale);
  // PostgreSQL when DATABASE_URL says so (a fresh database on that server, dropped at the end), else a temporary SQLite file.
  const requested = process.env.DATABASE_URL ?? '';
  const pgDatabase = /^postgres(ql)?:\/\//.test(requested) ? await createBenchDatabase(requested) : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'transdesk-export-'));
  const databaseUrl = pgDatabase?.url ?? `sqlite:${join(dir, 'bench.sqlite')}`;
  try {
    const { generate } = await import('./data.js');
    const data = await generate(databaseUrl, scale, (line) => console.log(line));
    const { child, base } = await startBenchServer({ DATABASE_URL: databaseUrl, FILE_STORAGE: 'db' });
    try {
      // Twice: the first on a server that just started (its job view cache fills), the second on a warm one.
      for (const run of ['first', 'second']) {
        console.log(run, JSON.stringify(await measureExport(base, `Bearer ${data.apiKey}`, child.pid!, data.totalJobs, data.jobIds[0]!), null, 2));
      }
      // --import: the 10 000-client import on the same server and data set (bench/import.ts).
      if (values.import) console.log('import', JSON.stringify(await measureImport(base, `Bearer ${data.apiKey}`, data.jobIds[0]!), null, 2));
    } finally {
      child.kill();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await pgDatabase?.drop();
  }
}
