/**
 * The scenarios of `npm run bench` (bench/run.ts) and the targets each is judged by
 * (docs/performance.md): what is requested of which process, and, once measured, the ratio of each
 * to the baseline, whether each target was met, and each write as a share of its write floor.
 */
import { GROUP_SIZE, type Dataset } from './data.js';
import type { FloorShare, Measured } from './report.js';

export interface Scenario {
  name: string;
  /** Which process serves it. */
  target: 'baseline' | 'server' | 'floor';
  method: 'GET' | 'POST' | 'PUT';
  /** A path, or a function answering a fresh path per request. */
  path: string | (() => string);
  body?: string;
  auth?: string;
  /** A Cookie header (the session scenario). */
  cookie?: string;
  expectedStatus: number;
}

/** The items of a list one after another (then from the start again). */
let nextIndex = 0;
function nextOf<T>(list: T[]): T {
  return list[nextIndex++ % list.length]!;
}

/** The scenarios of the write floor: each names the server's scenario it is the floor of. */
export const WRITE_FLOORS = { put: 'PUT /v2/jobs/:id/price, write floor', post: 'POST /v2/jobs, write floor' };

function pick<T>(list: T[]): T {
  return list[Math.floor(Math.random() * list.length)]!;
}

/** What the scenarios request: ids and bodies of the data set, the keys, the last page of the job listing. */
export interface ScenarioInputs {
  data: Dataset;
  auth: string;
  /** The session cookie of a user signed in through POST /v2/auth/login (`td_session=…`). */
  sessionCookie: string;
  wrongAuth: string;
  lastPage: number;
  /** The driver of the write floor, named in its scenarios. */
  floorDriver: string;
}

/** The scenarios in the order they run; the first is the baseline the others are compared with. */
export function benchScenarios({ data, auth, sessionCookie, wrongAuth, lastPage, floorDriver }: ScenarioInputs): Scenario[] {
  return [
    // The baseline gets the requests of GET /v2/jobs/:id: a path per request costs the load
    // generator more than a fixed one, and the ratio must compare servers, not request shapes.
    {
      name: 'baseline: bare Fastify, one job JSON',
      target: 'baseline',
      method: 'GET',
      path: () => `/v2/jobs/${pick(data.jobIds)}`,
      auth,
      expectedStatus: 200,
    },
    { name: 'baseline, one fixed path without a key (for comparison)', target: 'baseline', method: 'GET', path: '/job', expectedStatus: 200 },
    { name: 'GET /v2/jobs/:id', target: 'server', method: 'GET', path: () => `/v2/jobs/${pick(data.jobIds)}`, auth, expectedStatus: 200 },
    // The same reads by a browser signed in (docs/access.md#sessions): the session is found as a key is.
    {
      name: 'GET /v2/jobs/:id, session cookie',
      target: 'server',
      method: 'GET',
      path: () => `/v2/jobs/${pick(data.jobIds)}`,
      cookie: sessionCookie,
      expectedStatus: 200,
    },
    {
      name: 'GET /v2/jobs/:id, not cached (each job read once)',
      target: 'server',
      method: 'GET',
      path: () => `/v2/jobs/${nextOf(data.coldJobIds)}`,
      auth,
      expectedStatus: 200,
    },
    {
      name: 'GET /v2/jobs/:id, wrong key',
      target: 'server',
      method: 'GET',
      path: () => `/v2/jobs/${pick(data.jobIds)}`,
      auth: wrongAuth,
      expectedStatus: 401,
    },
    { name: 'GET /v2/jobs, first page', target: 'server', method: 'GET', path: '/v2/jobs?page=1&pageSize=20', auth, expectedStatus: 200 },
    { name: 'GET /v2/jobs, last page', target: 'server', method: 'GET', path: `/v2/jobs?page=${lastPage}&pageSize=20`, auth, expectedStatus: 200 },
    { name: `GET /v2/groups/:id (${GROUP_SIZE} jobs)`, target: 'server', method: 'GET', path: `/v2/groups/${data.groupId}`, auth, expectedStatus: 200 },
    {
      name: 'PUT /v2/jobs/:id/price (match lines)',
      target: 'server',
      method: 'PUT',
      path: () => `/v2/jobs/${pick(data.jobIds)}/price`,
      body: JSON.stringify(data.priceBody),
      auth,
      expectedStatus: 200,
    },
    {
      name: `${WRITE_FLOORS.put}: bare Fastify and ${floorDriver}, only the statements of a price edit`,
      target: 'floor',
      method: 'PUT',
      path: () => `/v2/jobs/${pick(data.jobIds)}/price`,
      body: JSON.stringify(data.priceBody),
      auth,
      expectedStatus: 200,
    },
    {
      name: 'POST /v2/jobs (price resolution, estimation)',
      target: 'server',
      method: 'POST',
      path: '/v2/jobs',
      body: JSON.stringify(data.createBody),
      auth,
      expectedStatus: 201,
    },
    {
      name: `${WRITE_FLOORS.post}: bare Fastify and ${floorDriver}, only the statements of a job creation`,
      target: 'floor',
      method: 'POST',
      path: '/v2/jobs',
      body: JSON.stringify(data.createBody),
      auth,
      expectedStatus: 201,
    },
  ];
}

/**
 * Ratios and targets (the benchmark's targets, 2 cores; the same on both databases): sets each
 * result's ratio to the baseline (the first), its target and whether it was met; answers each
 * write as a share of its write floor.
 */
export function judge(results: Measured[]): FloorShare[] {
  const byName = (prefix: string) => results.find((r) => r.name.startsWith(prefix))!;
  const base = results[0]!;
  for (const r of results) r.ratioToBaseline = Math.round((r.requestsPerSecond / base.requestsPerSecond) * 1000) / 1000;
  const getJob = byName('GET /v2/jobs/:id');
  const wrong = byName('GET /v2/jobs/:id, wrong key');
  const bySession = byName('GET /v2/jobs/:id, session cookie');
  const first = byName('GET /v2/jobs, first page');
  const last = byName('GET /v2/jobs, last page');
  const set = (r: Measured, target: string, met: boolean) => Object.assign(r, { target, met: met && r.errors === 0 && r.unexpectedStatus === 0 });
  set(getJob, '≥ 50 % of the baseline req/s', getJob.requestsPerSecond >= 0.5 * base.requestsPerSecond);
  set(
    bySession,
    `≥ 90 % of GET /v2/jobs/:id with a key (${Math.round(0.9 * getJob.requestsPerSecond)} req/s; now ${Math.round((bySession.requestsPerSecond / getJob.requestsPerSecond) * 100)} %)`,
    bySession.requestsPerSecond >= 0.9 * getJob.requestsPerSecond,
  );
  set(wrong, `401s at least as fast as GET /v2/jobs/:id is served (≥ ${getJob.requestsPerSecond} req/s)`, wrong.requestsPerSecond >= getJob.requestsPerSecond);
  set(first, 'p99 < 20 ms', first.latencyMs.p99 < 20);
  const lastRatio = last.latencyMs.mean / first.latencyMs.mean;
  set(last, `p99 < 20 ms and mean latency ≤ 2× the first page's (now ${lastRatio.toFixed(2)}×)`, last.latencyMs.p99 < 20 && lastRatio <= 2);
  const group = byName('GET /v2/groups/:id');
  set(group, 'p99 < 20 ms', group.latencyMs.p99 < 20);
  // Each write against its floor, measured in the same run (docs/performance.md#the-write-floor).
  return (['put', 'post'] as const).map((kind) => {
    const write = byName(kind === 'put' ? 'PUT /v2/jobs/:id/price' : 'POST /v2/jobs');
    const floorOf = byName(WRITE_FLOORS[kind]);
    const share = Math.round((write.requestsPerSecond / floorOf.requestsPerSecond) * 1000) / 1000;
    set(write, `≥ 1 500 req/s (${Math.round(share * 100)} % of its write floor, ${floorOf.requestsPerSecond})`, write.requestsPerSecond >= 1500);
    return {
      scenario: write.name,
      floor: floorOf.name,
      requestsPerSecond: write.requestsPerSecond,
      floorRequestsPerSecond: floorOf.requestsPerSecond,
      share,
    };
  });
}
