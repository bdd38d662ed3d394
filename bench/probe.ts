/**
 * The probe client of the long-request scenarios (bench/export.ts, bench/import.ts): while one
 * client runs a CSV export or a large import, another, in a process of its own (this one is busy
 * reading the export or sending the file), polls `GET /health` and `GET /v2/jobs/:id` one after the
 * other, 20 ms apart, and prints each answer's status and latency. The figures: p50, p99 and max
 * of each, against the target of docs/performance.md (p99 < 200 ms): no request may hold the others.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** The target of both probes: p99 under this many milliseconds. */
export const PROBE_P99_TARGET_MS = 200;

const POLLER = `
const [base, auth, jobId] = process.argv.slice(1);
let stopped = false;
process.on('SIGTERM', () => (stopped = true));
const probe = async (name, url, headers) => {
  const t = performance.now();
  const answer = await fetch(url, { headers });
  await answer.arrayBuffer();
  process.stdout.write(name + ' ' + answer.status + ' ' + (performance.now() - t).toFixed(1) + '\\n');
};
(async () => {
  while (!stopped) {
    await probe('health', base + '/health', {});
    await probe('job', base + '/v2/jobs/' + jobId, { authorization: auth });
    await new Promise((r) => setTimeout(r, 20));
  }
  process.exit(0);
})();
`;

export interface ProbeFigures {
  /** Answers received. */
  count: number;
  /** Answers other than 200. */
  failed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface ProbeResult {
  health: ProbeFigures;
  job: ProbeFigures;
  /** Both p99 under PROBE_P99_TARGET_MS, every answer 200. */
  met: boolean;
}

function figures(lines: Array<{ status: number; ms: number }>): ProbeFigures {
  const sorted = lines.map((line) => line.ms).sort((a, b) => a - b);
  const at = (share: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    count: sorted.length,
    failed: lines.filter((line) => line.status !== 200).length,
    p50Ms: round(at(0.5)),
    p99Ms: round(at(0.99)),
    maxMs: round(sorted[sorted.length - 1] ?? 0),
  };
}

/** Starts the probe client; `stop()` ends it and answers the figures of what it saw meanwhile. */
export function startProbe(base: string, auth: string, jobId: string): { stop(): Promise<ProbeResult> } {
  const child: ChildProcess = spawn(process.execPath, ['-e', POLLER, base, auth, jobId], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    async stop() {
      child.kill('SIGTERM');
      await exited;
      const lines = out
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [name, status, ms] = line.split(' ');
          return { name: name!, status: Number(status), ms: Number(ms) };
        });
      const health = figures(lines.filter((line) => line.name === 'health'));
      const job = figures(lines.filter((line) => line.name === 'job'));
      const ok = (f: ProbeFigures) => f.count > 0 && f.failed === 0 && f.p99Ms < PROBE_P99_TARGET_MS;
      return { health, job, met: ok(health) && ok(job) };
    },
  };
}

/** `p99 12.3 ms (max 40.1, 230 answers)`, for the logs and reports. */
export function probeSummary(f: ProbeFigures): string {
  return `p99 ${f.p99Ms} ms (p50 ${f.p50Ms}, max ${f.maxMs}, ${f.count} answers${f.failed > 0 ? `, ${f.failed} not 200` : ''})`;
}
