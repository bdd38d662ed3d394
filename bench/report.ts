/** The results of `npm run bench`: their shape, and the Markdown table written next to the JSON. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CatParseMeasured } from './cat-report.js';

export interface Measured {
  name: string;
  method: string;
  path: string;
  requestsPerSecond: number;
  latencyMs: { mean: number; p50: number; p99: number; max: number };
  requests: number;
  expectedStatus: number;
  /** Answers with another status than the expected one. */
  unexpectedStatus: number;
  /** Connection errors and timeouts. */
  errors: number;
  statusCodes: Record<string, number>;
  peakRssMB: number;
  ratioToBaseline: number | null;
  target?: string;
  met?: boolean;
}

/** A write of the server against its write floor (bench/write-floor*.ts), both measured in the run. */
export interface FloorShare {
  /** The server's scenario and the floor's. */
  scenario: string;
  floor: string;
  requestsPerSecond: number;
  floorRequestsPerSecond: number;
  /** requestsPerSecond / floorRequestsPerSecond. */
  share: number;
}

export interface Report {
  date: string;
  machine: { cpus: number; cpu: string; memoryMB: number; node: string; platform: string };
  versions: Record<string, string>;
  database: 'sqlite' | 'postgres';
  /** The database in words, for the header: engine, version, where. */
  databaseDetail: string;
  scale: number;
  dataset: { jobs: number; apiCreatedJobs: number; note: string; seedSeconds: number; copySeconds: number; jobJsonBytes: number };
  load: { tool: string; connections: number; durationSeconds: number; warmupSeconds: number };
  server: { peakRssMB: number; rssTarget: string; rssMet: boolean; vmHwmMB: number };
  scenarios: Measured[];
  /** PUT /v2/jobs/:id/price and POST /v2/jobs against their floors (absent in reports written before there were two floors). */
  floorShares?: FloorShare[];
  /** One large CAT analysis report parsed by the server (bench/cat-report.ts), after the scenarios. */
  catParse?: CatParseMeasured;
  totalSeconds: number;
}

export function round(value: number): number {
  return Math.round(value * 10) / 10;
}

export function packageVersion(root: string, name: string): string {
  try {
    return (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export function markdown(report: Report): string {
  const yes = (met: boolean | undefined) => (met === undefined ? '—' : met ? 'yes' : '**no**');
  const rows = report.scenarios.map(
    (r) =>
      `| ${r.name} | ${r.requestsPerSecond} | ${r.latencyMs.p50} | ${r.latencyMs.p99} | ${r.unexpectedStatus} | ${r.errors} | ${r.peakRssMB} | ${r.ratioToBaseline?.toFixed(2) ?? '—'} | ${r.target ?? '—'} | ${yes(r.met)} |`,
  );
  return [
    `# Transdesk benchmark (${report.database === 'postgres' ? 'PostgreSQL' : 'SQLite'})`,
    '',
    `${report.date} — ${report.machine.cpus} × ${report.machine.cpu}, ${report.machine.memoryMB} MB, Node ${report.machine.node} (${report.machine.platform}); Fastify ${report.versions.fastify}, autocannon ${report.versions.autocannon}.`,
    '',
    `Database: ${report.databaseDetail}.`,
    '',
    `${report.dataset.jobs} jobs (scale ${report.scale}); ${report.dataset.note}. Generation: ${report.dataset.seedSeconds} s through the API, ${report.dataset.copySeconds} s of copies. One job's JSON: ${report.dataset.jobJsonBytes} bytes.`,
    '',
    `Load: autocannon, ${report.load.connections} connections, ${report.load.durationSeconds} s per scenario after a 1 s warm-up, from a separate process. The baseline is a bare Fastify server answering that job's JSON, sent the requests of GET /v2/jobs/:id (a varied id, the same Authorization header); the row after it sends one fixed path without a key, for comparison. The write floor (${report.database === 'postgres' ? 'bench/write-floor-postgres.ts' : 'bench/write-floor.ts'}) is a bare Fastify server with ${report.database === 'postgres' ? "a `pg` pool of the server's size (10) and named statements on the same database" : 'better-sqlite3 on the same database file, one transaction per request'} that runs only the statements a write cannot do without, sent the requests of the write scenario before it: for a price edit the key, then in one transaction the job${report.database === 'postgres' ? ' (locked)' : ''} and its lines, the changed lines, the row, the event, the commit; for a new job the key, then in one transaction the client, the candidate prices with their entries, the row, its lines, the event, the commit. It shows what the database and the framework allow on this machine. "unexpected": answers with another status than the expected one (401 for the wrong key, 201 for POST, else 200); "errors": connection errors and timeouts. RSS: the serving process's peak VmRSS during the scenario${report.database === 'postgres' ? ' (the PostgreSQL server processes are not counted)' : ''}.`,
    '',
    '| scenario | req/s | p50 ms | p99 ms | unexpected | errors | peak RSS MB | × baseline | target | met |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
    ...rows,
    '',
    ...(report.floorShares && report.floorShares.length > 0
      ? [
          `Writes as a share of their write floor: ${report.floorShares.map((f) => `${f.scenario.split(' (')[0]}: ${Math.round(f.share * 100)} % of the floor (${f.requestsPerSecond} of ${f.floorRequestsPerSecond} req/s)`).join('; ')}.`,
          '',
        ]
      : []),
    `Server peak RSS through the run: ${report.server.peakRssMB} MB (target ${report.server.rssTarget}): ${yes(report.server.rssMet)}.`,
    '',
    ...(report.catParse
      ? [
          "CAT analysis report, parsed once after the scenarios (not counted in the peak RSS above): the time from request to answer, the server's RSS before and at its peak (the parsing worker thread is in the same process), `GET /health` polled every 50 ms from another process meanwhile.",
          '',
          '| scenario | status | seconds | answer MB | RSS before MB | peak RSS MB | /health checks | /health max ms | target | met |',
          '|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
          `| ${report.catParse.name} | ${report.catParse.status} | ${report.catParse.seconds} | ${report.catParse.answerMB} | ${report.catParse.rssBeforeMB} | ${report.catParse.peakRssMB} | ${report.catParse.healthChecks} | ${report.catParse.healthMaxMs} | ${report.catParse.target} | ${yes(report.catParse.met)} |`,
          '',
        ]
      : []),
    `Whole run: ${report.totalSeconds} s.`,
    '',
  ].join('\n');
}
