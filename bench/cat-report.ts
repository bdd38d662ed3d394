/**
 * The CAT report scenario of `npm run bench`: one 40 MB Trados Studio XML report (15 000 documents)
 * sent to `POST /v2/cat-analysis/parse` of the running server. Measures the parse time (request to
 * answer), the server's peak RSS above what it held before (worker thread included: it is the same
 * process), and how long `GET /health` takes meanwhile (polled every 50 ms).
 *
 * Alone: `npm run build && npx tsx bench/cat-report.ts` starts the built server on a temporary
 * SQLite database, runs the scenario once and prints the figures.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { largeTradosReport } from '../test/unit/cat-fixtures.js';
import { startBenchServer } from './server.js';

export interface CatParseMeasured {
  name: string;
  reportMB: number;
  documents: number;
  status: number;
  seconds: number;
  answerMB: number;
  rssBeforeMB: number;
  peakRssMB: number;
  healthChecks: number;
  healthMaxMs: number;
  target: string;
  met: boolean;
}

const MB = 1024 * 1024;
/** Polls the URL every 50 ms, printing each answer's latency in ms, until stopped. */
const HEALTH_POLLER = `
const url = process.argv[1];
process.on('SIGTERM', () => process.exit(0));
(async () => { for (;;) { const t = performance.now(); await (await fetch(url)).arrayBuffer(); process.stdout.write((performance.now() - t).toFixed(1) + '\\n'); await new Promise((r) => setTimeout(r, 50)); } })();
`;
const DOCUMENTS = 15_000;

function rss(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

async function post(base: string, auth: string, bytes: Uint8Array): Promise<{ status: number; text: string }> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'report.xml');
  const answer = await fetch(`${base}/v2/cat-analysis/parse`, { method: 'POST', headers: { authorization: auth }, body: form });
  return { status: answer.status, text: await answer.text() };
}

export async function measureCatParse(base: string, auth: string, pid: number): Promise<CatParseMeasured> {
  // A small report first: the worker thread starts, as it would have on a server in use.
  const warm = await post(base, auth, largeTradosReport(10));
  if (warm.status !== 200) throw new Error(`POST /v2/cat-analysis/parse answered ${warm.status}: ${warm.text.slice(0, 300)}`);
  const bytes = largeTradosReport(DOCUMENTS);
  const before = rss(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 50);
  // /health is polled from a process of its own: this one is busy sending the report.
  const poller = spawn(process.execPath, ['-e', HEALTH_POLLER, `${base}/health`], { stdio: ['ignore', 'pipe', 'inherit'] });
  let polled = '';
  poller.stdout.on('data', (chunk: Buffer) => (polled += chunk.toString()));
  const pollerDone = new Promise((resolve) => poller.on('exit', resolve));
  await new Promise((resolve) => setTimeout(resolve, 200));
  const started = performance.now();
  const answer = await post(base, auth, bytes);
  const seconds = (performance.now() - started) / 1000;
  poller.kill('SIGTERM');
  await pollerDone;
  clearInterval(sampler);
  const health = polled.split('\n').filter(Boolean).map(Number);
  const healthMaxMs = Math.round(Math.max(0, ...health) * 10) / 10;
  return {
    name: `POST /v2/cat-analysis/parse, ${(bytes.length / MB).toFixed(1)} MB Trados XML (${DOCUMENTS} documents)`,
    reportMB: Math.round((bytes.length / MB) * 10) / 10,
    documents: DOCUMENTS,
    status: answer.status,
    seconds: Math.round(seconds * 100) / 100,
    answerMB: Math.round((answer.text.length / MB) * 10) / 10,
    rssBeforeMB: Math.round((before / MB) * 10) / 10,
    peakRssMB: Math.round((peak / MB) * 10) / 10,
    healthChecks: health.length,
    healthMaxMs,
    target: 'answered 200; GET /health under 200 ms throughout',
    met: answer.status === 200 && healthMaxMs < 200,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = mkdtempSync(join(tmpdir(), 'transdesk-cat-bench-'));
  const key = `td_${'b'.repeat(43)}`;
  const { child, base } = await startBenchServer({
    DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
    FILE_STORAGE: 'db',
    BOOTSTRAP_API_KEY: key,
    MAX_UPLOAD_BYTES: String(50 * MB),
  });
  try {
    const measured = await measureCatParse(base, `Basic ${Buffer.from(`${key}:`).toString('base64')}`, child.pid!);
    console.log(JSON.stringify(measured, null, 2));
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
