/**
 * The import scenario of `npm run bench` (docs/performance.md#import-of-10-000-clients):
 * `POST /v2/imports/clients` with a file of 10 000 new clients (the most rows an import takes),
 * while a probe client (bench/probe.ts) polls `GET /health` and `GET /v2/jobs/:id`: the import
 * must not hold them (p99 < 200 ms). Measures the import's time and the probes.
 *
 * Alone: `npm run build && npx tsx bench/import.ts [--scale N]` generates the data set
 * (bench/data.ts) in a temporary SQLite file, starts the built server on it, runs the scenario
 * once and prints the figures. The clients it adds stay (named `Bench import <run> <n>`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PROBE_P99_TARGET_MS, probeSummary, startProbe, type ProbeFigures } from './probe.js';
import { startBenchServer } from './server.js';

export const IMPORT_ROWS = 10_000;

export interface ImportMeasured {
  name: string;
  status: number;
  rows: number;
  seconds: number;
  health: ProbeFigures;
  job: ProbeFigures;
  target: string;
  met: boolean;
}

/** The CSV of `rows` new clients with the usual columns; names unique to this run. */
export function clientsCsv(rows: number, run = Date.now().toString(36)): string {
  const lines = ['name,email,phone,city,country,currency,minimumFee'];
  for (let n = 1; n <= rows; n++)
    lines.push(`Bench import ${run} ${n},client${n}@bench.example,+44 20 7946 ${String(n % 10_000).padStart(4, '0')},London,GB,GBP,25`);
  return lines.join('\r\n') + '\r\n';
}

export async function measureImport(base: string, auth: string, probeJobId: string): Promise<ImportMeasured> {
  const body = clientsCsv(IMPORT_ROWS);
  const probe = startProbe(base, auth, probeJobId);
  // The probe client's first answers before the import: it is polling when the import starts.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const started = performance.now();
  let answered: { status: number; created?: number; message?: string };
  try {
    const answer = await fetch(`${base}/v2/imports/clients`, { method: 'POST', headers: { authorization: auth, 'content-type': 'text/csv' }, body });
    answered = { status: answer.status, ...((await answer.json()) as { created?: number; message?: string }) };
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const seconds = (performance.now() - started) / 1000;
  const probed = await probe.stop();
  const { status } = answered;
  const rows = answered.created ?? 0;
  if (status !== 200) console.error(`POST /v2/imports/clients answered ${status}: ${answered.message}`);
  return {
    name: `POST /v2/imports/clients, ${IMPORT_ROWS} rows`,
    status,
    rows,
    seconds: Math.round(seconds * 10) / 10,
    health: probed.health,
    job: probed.job,
    target: `every row created; probes p99 < ${PROBE_P99_TARGET_MS} ms`,
    met: status === 200 && rows === IMPORT_ROWS && probed.met,
  };
}

/** The rows of the bench report (bench/report.ts). */
export function importMarkdown(measured: ImportMeasured): string[] {
  return [
    'Import (bench/import.ts): one file of 10 000 new clients; meanwhile another client polls GET /health and GET /v2/jobs/:id (bench/probe.ts).',
    '',
    '| scenario | status | rows | seconds | /health | GET /v2/jobs/:id | target | met |',
    '|---|---:|---:|---:|---|---|---|---|',
    `| ${measured.name} | ${measured.status} | ${measured.rows} | ${measured.seconds} | ${probeSummary(measured.health)} | ${probeSummary(measured.job)} | ${measured.target} | ${measured.met ? 'yes' : '**no**'} |`,
    '',
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { scale: { type: 'string', default: '100000' } } });
  const dir = mkdtempSync(join(tmpdir(), 'transdesk-import-'));
  const databaseUrl = `sqlite:${join(dir, 'bench.sqlite')}`;
  const { generate } = await import('./data.js');
  const data = await generate(databaseUrl, Number(values.scale), (line) => console.log(line));
  const { child, base } = await startBenchServer({ DATABASE_URL: databaseUrl, FILE_STORAGE: 'db' });
  try {
    console.log(JSON.stringify(await measureImport(base, `Bearer ${data.apiKey}`, data.jobIds[0]!), null, 2));
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
