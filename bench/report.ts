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
    `Load: autocannon, ${report.load.connections} connections, ${report.load.durationSeconds} s per scenario after a 1 s warm-up, from a separate process. The baseline is a bare Fastify server answering that job's JSON, sent the requests of GET /v2/jobs/:id (a varied id, the same Authorization header); the row after it sends one fixed path without a key, for comparison.${report.database === 'postgres' ? '' : ' The write floor (bench/write-floor.ts) is a bare Fastify server with better-sqlite3 on the same database file that runs only the statements a price edit cannot do without (the key, the job and its lines, the changed lines, the row, the event, the commit), sent the requests of the PUT scenario: what the database and the framework allow on this machine.'} "unexpected": answers with another status than the expected one (401 for the wrong key, 201 for POST, else 200); "errors": connection errors and timeouts. RSS: the serving process's peak VmRSS during the scenario${report.database === 'postgres' ? ' (the PostgreSQL server processes are not counted)' : ''}.`,
    '',
    '| scenario | req/s | p50 ms | p99 ms | unexpected | errors | peak RSS MB | × baseline | target | met |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
    ...rows,
    '',
    `Server peak RSS through the run: ${report.server.peakRssMB} MB (target ${report.server.rssTarget}): ${yes(report.server.rssMet)}.`,
    '',
    ...(report.catParse
      ? [
          'CAT analysis report, parsed once after the scenarios (not counted in the peak RSS above): the time from request to answer, the server\'s RSS before and at its peak (the parsing worker thread is in the same process), `GET /health` polled every 50 ms from another process meanwhile.',
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
