import { get, type IncomingHttpHeaders } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobViews } from '../../../src/modules/jobs/index.js';
import { type Api, createTestApp, expectError, type TestContext } from '../../helper.js';
import { copyJob } from './bulk-jobs.js';
import { newClient } from './fixture.js';

/**
 * A large CSV export (docs/reference.md#csv-export) does not hold the server: its steps go back to
 * the event loop, so the loop is never blocked for long and a request sent meanwhile is answered
 * before the export ends; at most EXPORTS_PER_ACCOUNT of one account run at once (429 with
 * Retry-After past it, other accounts not held); and its rows do not push the jobs people read
 * out of the view cache. Mechanisms, not durations: the bounds are far above what a step takes.
 */
const JOBS = 10_000;
/** Far above one step of the walk (tens of milliseconds), far below the whole export blocking (seconds). */
const MAX_LOOP_BLOCK_MS = 1000;

let t: TestContext;
let api: Api;
let hotJob: string;
let base: string | undefined;
const listening = async () => (base ??= await t.app.listen({ port: 0, host: '127.0.0.1' }));

beforeAll(async () => {
  // A view cache of 1 MB (some 300 jobs): an export that kept its rows would push out everything.
  t = await createTestApp({ VIEW_CACHE_MB: '1', EXPORTS_PER_ACCOUNT: '2' });
  api = t.api;
  const units = (await api.get('/v2/account/quantity-types')).body as Array<{ id: string; name: string }>;
  const services = (await api.get('/v2/account/services')).body as Array<{ id: string; name: string }>;
  const client = await newClient(api, { name: 'Big exporter' });
  const job = await api.post('/v2/jobs', {
    client,
    name: 'Seed job',
    quantity: 10,
    quantityType: units.find((u) => u.name === 'Words')!.id,
    service: services.find((s) => s.name === 'Translation')!.id,
  });
  expect(job.status).toBe(201);
  hotJob = job.body.id;
  await copyJob(t.database, hotJob, JOBS - 1);
  expect((await api.get('/v2/jobs', { pageSize: 1 })).body.totalItems).toBe(JOBS);
}, 120_000);
afterAll(() => t.close());

/** A GET on its own connection whose body is not read until asked: an export held open by backpressure. */
function open(base: string, key: string, path: string): Promise<{ status: number; headers: IncomingHttpHeaders; text(): Promise<string>; close(): void }> {
  return new Promise((resolve, reject) => {
    const request = get(`${base}${path}`, { agent: false, headers: { authorization: `Bearer ${key}` } }, (response) => {
      response.pause();
      resolve({
        status: response.statusCode!,
        headers: response.headers,
        text: async () => {
          let text = '';
          for await (const chunk of response) text += String(chunk);
          return text;
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

describe('GET /v2/jobs?format=csv of 10 000 jobs', () => {
  it('never blocks the event loop for long (every step goes back to it)', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    // Through a socket, as a client reads it (an inject answer does not show the blocking).
    const reply = await open(await listening(), t.account.apiKey, '/v2/jobs?format=csv');
    const text = await reply.text();
    // The histogram's timer records a delay when it fires late: give it a turn before reading it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    delay.disable();
    expect(reply.status).toBe(200);
    expect(text.split('\r\n').length - 2).toBe(JOBS);
    expect(delay.max / 1e6).toBeLessThan(MAX_LOOP_BLOCK_MS);
  }, 120_000);

  it('answers a request sent during the export before the export ends', async () => {
    const order: string[] = [];
    const exported = api.get('/v2/jobs', { format: 'csv' }).then((reply) => {
      order.push('export');
      return reply;
    });
    // Sent once the export has started (its first step is read before it answers).
    await new Promise((resolve) => setImmediate(resolve));
    const read = await api.get(`/v2/jobs/${hotJob}`);
    order.push('read');
    expect(read.status).toBe(200);
    expect((await exported).status).toBe(200);
    expect(order).toEqual(['read', 'export']);
  }, 120_000);

  it('keeps the jobs people read in the view cache (it reads kept ones, keeps nothing new)', async () => {
    // The jobs the export reads first: the old walk pushed them out with the rows after them.
    const first = (await api.get('/v2/jobs', { pageSize: 3 })).body.items.map((job: { id: string }) => job.id) as string[];
    // Requests read on `reader` (core/db/database.ts): a SQLite file's read-only connection, else `db` itself.
    const kept = jobViews.cacheOf(t.database.reader);
    kept.clear();
    for (const id of first) expect((await api.get(`/v2/jobs/${id}`)).status).toBe(200);
    for (const id of first) expect(kept.get(id)).toBeDefined();
    expect((await api.get('/v2/jobs', { format: 'csv' })).status).toBe(200);
    for (const id of first) expect(kept.get(id)).toBeDefined();
    expect(kept.count).toBe(first.length);
  }, 120_000);
});

describe('exports running at once', () => {
  it('answers 429 with Retry-After past EXPORTS_PER_ACCOUNT of one account; another account is not held; a slot frees when an export ends', async () => {
    const base = await listening();
    const csv = '/v2/jobs?format=csv';
    // Two exports whose bodies are not read: backpressure holds them open.
    const held = [await open(base, t.account.apiKey, csv), await open(base, t.account.apiKey, csv)];
    for (const answer of held) expect(answer.status).toBe(200);
    const refused = await open(base, t.account.apiKey, csv);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(await refused.text())).toMatchObject({ code: 'rate_limited', name: 'TooManyRequests' });
    // A read key of the same account is the same account.
    const readKey = await open(base, t.account.readKey, csv);
    expect(readKey.status).toBe(429);
    readKey.close();
    // Other requests of the account, and another account's export, are served.
    const read = await open(base, t.account.apiKey, `/v2/jobs/${hotJob}`);
    expect(read.status).toBe(200);
    read.close();
    const other = await open(base, t.other.apiKey, csv);
    expect(other.status).toBe(200);
    await other.text();
    // The client of one held export goes away: its slot is free again (once the server saw the connection close).
    held[0]!.close();
    let again = await open(base, t.account.apiKey, csv);
    while (again.status === 429) {
      again.close();
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await open(base, t.account.apiKey, csv);
    }
    expect(again.status).toBe(200);
    // Read to its end: the slot is freed at the end too.
    expect((await again.text()).split('\r\n').length - 2).toBe(JOBS);
    held[1]!.close();
  }, 120_000);
});

describe('a bad export', () => {
  it('answers 400 without holding a slot', async () => {
    // Wait for the slots of the previous test's connections (closed on the client's side) to be freed.
    while ((await api.get('/v2/jobs', { format: 'csv', q: 'no such job' })).status === 429) await new Promise((resolve) => setTimeout(resolve, 20));
    for (let i = 0; i < 3; i++) expectError(await api.get('/v2/jobs', { format: 'csv', status: 'nonsense' }), 400, 'parameter_invalid');
    expect((await api.get('/v2/jobs', { format: 'csv', q: 'no such job' })).status).toBe(200);
  });
});
