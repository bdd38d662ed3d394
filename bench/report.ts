/** The results of `npm run bench`: their shape, and the Markdown table written next to the JSON. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CatParseMeasured } from './cat-report.js';
import type { ConsoleMeasured } from './console.js';
import type { ReportMeasured } from './reports.js';
import { exportMarkdown, type ExportMeasured } from './export.js';
import { importMarkdown, type ImportMeasured } from './import.js';
import type { WebhooksMeasured } from './webhooks.js';
import type { ProcessesMeasured } from './processes.js';

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
  /** GET /v2/jobs?format=csv of every job (bench/export.ts), after the webhooks (absent in reports written before it was measured). */
  csvExport?: ExportMeasured;
  /** POST /v2/imports/clients of 10 000 rows (bench/import.ts), after the export (absent in reports written before it was measured). */
  csvImport?: ImportMeasured;
  /** PostgreSQL: scenarios on 1, 2 and 4 server processes of one database (bench/processes.ts; absent before it was measured). */
  processes?: ProcessesMeasured[];
  /** The webhooks scenarios (bench/webhooks.ts), after the API scenarios (absent in reports written before they were measured). */
  webhooks?: WebhooksMeasured;
  /** The reports (bench/reports.ts), after the webhooks (absent in reports written before they were measured). */
  reports?: { note: string; measured: ReportMeasured[] };
  /** The web console in Chromium (bench/console.ts), after the CAT report (absent in reports written before it was measured). */
  console?: ConsoleMeasured;
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
    ...(report.processes
      ? [
          'Several server processes on the database (bench/processes.ts): each scenario against 1, 2 and 4 `serve` processes, the connections spread over them, while a checker renames a job through one process and reads it at once through the next (a stale read does not show the new name).',
          '',
          '| scenario | processes | req/s | × one process | p99 ms | unexpected | errors | stale reads | target | met |',
          '|---|---:|---:|---:|---:|---:|---:|---|---|---|',
          ...report.processes.map(
            (r) =>
              `| ${r.scenario} | ${r.processes} | ${r.requestsPerSecond} | ${r.ratioToOne.toFixed(2)} | ${r.p99Ms} | ${r.unexpectedStatus} | ${r.errors} | ${r.staleReads} of ${r.freshnessChecks} | ${r.target} | ${yes(r.met)} |`,
          ),
          '',
        ]
      : []),
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
    ...(report.csvExport ? exportMarkdown(report.csvExport) : []),
    ...(report.csvImport ? importMarkdown(report.csvImport) : []),
    ...(report.webhooks
      ? [
          'Webhooks (bench/webhooks.ts): POST /v2/jobs with three endpoints subscribed to every event against none; then a burst of events (POST /v2/clients, 10 connections) to the three endpoints (receivers in the load generator answering 204), from the first request to the last delivery received.',
          '',
          '| scenario | figure | target | met |',
          '|---|---|---|---|',
          `| POST /v2/jobs, three endpoints subscribed | ${report.webhooks.jobs.withThreeEndpoints} req/s against ${report.webhooks.jobs.withoutEndpoints} without (${Math.round(report.webhooks.jobs.ratio * 100)} %) | ${report.webhooks.jobs.target} | ${yes(report.webhooks.jobs.met)} |`,
          `| ${report.webhooks.burst.name} | ${report.webhooks.burst.received} of ${report.webhooks.burst.deliveries} in ${report.webhooks.burst.seconds} s: ${report.webhooks.burst.deliveriesPerSecond} deliveries/s (then ${report.webhooks.burst.drainPerSecond}/s after the events), peak RSS ${report.webhooks.burst.peakRssMB} MB | ${report.webhooks.burst.target} | ${yes(report.webhooks.burst.met)} |`,
          '',
        ]
      : []),
    ...(report.reports
      ? [
          `Reports (bench/reports.ts): ${report.reports.note}`,
          '',
          '| report | status | p50 ms | p95 ms | max ms | bytes | target | met |',
          '|---|---:|---:|---:|---:|---:|---|---|',
          ...report.reports.measured.map(
            (r) => `| ${r.name} | ${r.status} | ${r.latencyMs.p50} | ${r.latencyMs.p95} | ${r.latencyMs.max} | ${r.bytes} | ${r.target} | ${yes(r.met)} |`,
          ),
          '',
        ]
      : []),
    ...(report.console ? [consoleMarkdown(report.console)] : []),
    `Whole run: ${report.totalSeconds} s.`,
    '',
  ].join('\n');
}

/** The section "Web console" of the report (bench/console.ts), ending with an empty line. */
export function consoleMarkdown(measured: ConsoleMeasured): string {
  const yes = (met: boolean) => (met ? 'yes' : '**no**');
  const figure = (value: number | null) => (value === null ? '—' : String(value));
  const lines = ['## Web console', ''];
  if (measured.skipped) return [...lines, `Not measured: ${measured.skipped}.`, ''].join('\n');
  lines.push(`${measured.browser ?? 'Chromium'}, ${measured.viewport}. ${measured.note}`, '');
  if (measured.error) lines.push(`The measurement stopped: ${measured.error}.`, '');
  const loads = measured.firstLoads ?? [];
  if (loads.length > 0) {
    const size = (bytes: number | null) => (bytes === null ? '—' : String(Math.round(bytes / 100) / 10));
    lines.push(
      'First loads: the JavaScript each page a person can land on asks for before it shows its content, gzip; "later": what it asks for after that, until the network is idle (not judged).',
      '',
      '| landing page | path | JavaScript gzip KB | as the browser gets it KB | decoded KB | later gzip KB | CSS gzip KB | target | met |',
      '|---|---|---:|---:|---:|---:|---:|---|---|',
      ...loads.map((first) =>
        first.files.length === 0
          ? `| ${first.name} | ${first.path} | — | — | — | — | — | ${first.target} | **no**: ${first.error ?? 'no script received'} |`
          : `| ${first.name} | ${first.path} | ${first.jsGzipKB} | ${first.jsBrowserKB} (${first.browserEncodings.join(', ')}) | ${first.jsKB} | ${first.laterJsGzipKB} | ${first.cssGzipKB} | ${first.target} | ${yes(first.met)} |`,
      ),
      '',
    );
    const remarks = loads.flatMap((first) => [
      ...(first.files.length > 0 && !first.contentShown
        ? [`${first.name}: the content did not show in that load; every script until the network was idle is counted.`]
        : []),
      ...(first.files.length > 0 && first.error ? [`${first.name}: ${first.error}.`] : []),
    ]);
    if (remarks.length > 0) lines.push(remarks.join(' '), '');
    // Each file once, with the pages whose first load holds it and those that ask for it later.
    const files = new Map<string, { file: ConsoleMeasured['firstLoads'][number]['files'][number]; first: string[]; later: string[] }>();
    for (const first of loads)
      for (const file of first.files) {
        const entry = files.get(file.path) ?? { file, first: [], later: [] };
        (file.afterContent ? entry.later : entry.first).push(first.name);
        files.set(file.path, entry);
      }
    lines.push(
      '| file | kind | decoded KB | gzip KB | browser KB | browser encoding | first load of | later in |',
      '|---|---|---:|---:|---:|---|---|---|',
      ...[...files.values()].map(
        ({ file, first, later }) =>
          `| ${file.path} | ${file.kind} | ${size(file.bytes)} | ${size(file.gzipBytes)} | ${size(file.browserBytes)} | ${file.browserEncoding ?? '—'} | ${first.length === loads.length ? 'every page' : first.join(', ') || '—'} | ${later.join(', ') || '—'} |`,
      ),
      '',
    );
  }
  if (measured.pages.length > 0) {
    lines.push(
      '| page load | path | warm loads | p50 ms | p95 ms | min–max ms | test process p50 / p95 ms | cold ms | target | met |',
      '|---|---|---:|---:|---:|---|---|---:|---|---|',
      ...measured.pages.map(
        (page) =>
          `| ${page.name} | ${page.path} | ${page.loads} | ${figure(page.p50Ms)} | ${figure(page.p95Ms)} | ${page.minMs === null ? '—' : `${page.minMs}–${page.maxMs}`} | ${page.harnessP50Ms === null ? '—' : `${page.harnessP50Ms} / ${page.harnessP95Ms}`} | ${figure(page.coldMs)} | ${page.target} | ${page.loads === 0 && page.error ? '**no**: not found (below)' : yes(page.met)} |`,
      ),
      '',
    );
    for (const page of measured.pages) {
      const remarks = [
        page.error,
        page.warmLoadsWithNetworkScripts > 0 ? `${page.warmLoadsWithNetworkScripts} warm loads fetched a script from the network` : undefined,
        page.harnessClockLoads > 0
          ? `${page.harnessClockLoads} loads timed on the test process's clock (the page's watcher did not see the element)`
          : undefined,
        page.belowFoldLoads > 0 ? `in ${page.belowFoldLoads} loads the element was below the fold` : undefined,
        page.scriptErrors.length > 0 ? `script errors: ${page.scriptErrors.join('; ')}` : undefined,
        page.navigationTypes.some((type) => type !== 'navigate') ? `navigation types: ${page.navigationTypes.join(', ')}` : undefined,
      ].filter((remark) => remark !== undefined);
      if (remarks.length > 0) lines.push(`${page.name}: ${remarks.join('; ')}.`, '');
    }
  }
  lines.push(`Console measurements: ${measured.seconds} s.`, '');
  return lines.join('\n');
}
