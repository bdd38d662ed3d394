/**
 * Several server processes on one database (docs/performance.md#several-server-processes): the API
 * scenarios of the read and write paths run against 1, 2 and 4 `serve` processes, the load generator's
 * connections spread over them, while a checker writes a job's name through one process and reads it
 * back at once through another (a stale read is one that does not show the name just written).
 * On 2 cores more processes cannot add throughput; the target is that none loses more than 10 %
 * against one process, with 0 errors and 0 stale reads. Run by bench/run.ts on PostgreSQL, after
 * the single-process scenarios.
 */
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { startListening } from './server.js';

export interface ProcessesScenario {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: () => string;
  body?: string;
  expectedStatus: number;
}

export interface ProcessesMeasured {
  scenario: string;
  processes: number;
  requestsPerSecond: number;
  p99Ms: number;
  unexpectedStatus: number;
  errors: number;
  /** Name written through one process, read at once through the next. */
  freshnessChecks: number;
  staleReads: number;
  /** Against the same scenario on one process (1 for one process). */
  ratioToOne: number;
  target: string;
  met: boolean;
}

/** One scenario against `bases`, the connections spread over them; the checker runs meanwhile. */
async function loadSpread(
  scenario: ProcessesScenario,
  bases: readonly string[],
  auth: string,
  connections: number,
  duration: number,
  check?: () => Promise<void>,
): Promise<Omit<ProcessesMeasured, 'ratioToOne' | 'target' | 'met' | 'freshnessChecks' | 'staleReads'>> {
  const headers: Record<string, string> = { authorization: auth, ...(scenario.body ? { 'content-type': 'application/json' } : {}) };
  let running = true;
  // Each check waits for two answers over the network: the loop gives the load generator its turns.
  const checker = (async () => {
    while (running && check) await check();
  })();
  try {
    const results = await Promise.all(
      bases.map((base, i) =>
        autocannon({
          url: base,
          // 10 over 4 processes: 3, 3, 2, 2.
          connections: Math.floor(connections / bases.length) + (i < connections % bases.length ? 1 : 0),
          duration,
          requests: [
            {
              method: scenario.method,
              path: scenario.path(),
              headers,
              ...(scenario.body ? { body: scenario.body } : {}),
              setupRequest: (request: autocannon.Request) => ({ ...request, path: scenario.path() }),
            },
          ],
        }),
      ),
    );
    let answered = 0;
    let expected = 0;
    for (const result of results) {
      for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
        answered += stat?.count ?? 0;
        if (code === String(scenario.expectedStatus)) expected += stat?.count ?? 0;
      }
    }
    return {
      scenario: scenario.name,
      processes: bases.length,
      requestsPerSecond: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
      p99Ms: Math.max(...results.map((result) => result.latency.p99)),
      unexpectedStatus: answered - expected,
      errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
    };
  } finally {
    running = false;
    await checker;
  }
}

export async function measureProcesses(options: {
  env: NodeJS.ProcessEnv;
  /** The server the single-process scenarios ran against: the first of the processes. */
  first: string;
  auth: string;
  /** Jobs each extra process reads once before (the hot set, as the first process did). */
  hotJobIds: readonly string[];
  /** A job of the data set the checker renames again and again (no scenario reads it). */
  checkedJobId: string;
  scenarios: readonly ProcessesScenario[];
  counts: readonly number[];
  connections: number;
  duration: number;
  children: ChildProcess[];
  log: (line: string) => void;
}): Promise<ProcessesMeasured[]> {
  const { auth, counts, connections, duration, log } = options;
  const bases = [options.first];
  const most = Math.max(...counts);
  while (bases.length < most) {
    // The extra processes serve requests only: one outbox worker (the first) is enough.
    const extra = await startListening(['dist/cli.js', 'serve'], { ...options.env, OUTBOX_WORKER: 'false' });
    options.children.push(extra.child);
    bases.push(extra.base);
  }
  // Every process reads the hot set once, the first too: the write scenarios before changed many of its jobs.
  for (const base of bases) {
    for (let i = 0; i < options.hotJobIds.length; i += connections) {
      await Promise.all(
        options.hotJobIds
          .slice(i, i + connections)
          .map(async (id) => (await fetch(`${base}/v2/jobs/${id}`, { headers: { authorization: auth } })).arrayBuffer()),
      );
    }
  }
  let checks = 0;
  let stale = 0;
  let turn = 0;
  const checkAcross = (serving: readonly string[]) => async () => {
    const writer = serving[turn % serving.length]!;
    const reader = serving[(turn + 1) % serving.length]!;
    turn += 1;
    const name = `Freshness ${turn}`;
    const written = await fetch(`${writer}/v2/jobs/${options.checkedJobId}`, {
      method: 'PUT',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    await written.arrayBuffer();
    if (written.status !== 200) throw new Error(`the freshness check's write answered ${written.status}`);
    const read = await fetch(`${reader}/v2/jobs/${options.checkedJobId}`, { headers: { authorization: auth } });
    const job = (await read.json()) as { name?: string };
    checks += 1;
    if (job.name !== name) stale += 1;
  };

  const results: ProcessesMeasured[] = [];
  for (const scenario of options.scenarios) {
    let one = 0;
    for (const count of counts) {
      const serving = bases.slice(0, count);
      await loadSpread(scenario, serving, auth, connections, 1); // warm-up, not recorded
      checks = 0;
      stale = 0;
      const measured = await loadSpread(scenario, serving, auth, connections, duration, checkAcross(serving));
      if (count === counts[0]) one = measured.requestsPerSecond;
      const ratioToOne = Math.round((measured.requestsPerSecond / one) * 1000) / 1000;
      const met = ratioToOne >= 0.9 && measured.errors === 0 && measured.unexpectedStatus === 0 && stale === 0 && checks > 0;
      const result = {
        ...measured,
        freshnessChecks: checks,
        staleReads: stale,
        ratioToOne,
        target: '≥ 90 % of one process, 0 errors, 0 stale reads',
        met,
      };
      results.push(result);
      log(
        `  ${scenario.name} on ${count} process${count === 1 ? '' : 'es'}: ${result.requestsPerSecond} req/s (${Math.round(ratioToOne * 100)} % of one), p99 ${result.p99Ms} ms, unexpected ${result.unexpectedStatus}, errors ${result.errors}, ${stale} stale of ${checks} reads`,
      );
    }
  }
  return results;
}
