import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { buildCli, call, freshDatabase, killAll, onPostgres, serve, serverEnv, stop, type Reply, type Server } from '../processes.js';

/**
 * A rolling deploy on PostgreSQL (docs/operations.md#upgrades): a running `serve` process whose
 * named statements are prepared on its connections, then another process adds a column to
 * `jobs`, `prices` and `outsourcing`. The running process must keep answering the same reads and
 * writes. A named statement that selected `*` would fail from then on with SQLSTATE 0A000
 * ("cached plan must not change result type"), a 500. PostgreSQL only: SQLite has no named
 * statements, and a SQLite file is served by one process.
 */
const title = onPostgres
  ? 'rolling deploy on PostgreSQL: a running process keeps serving after another adds columns'
  : 'rolling deploy (skipped: PostgreSQL only, run with DATABASE_URL=postgres://…; SQLite has no named statements and one process per file)';

describe.skipIf(!onPostgres)(title, () => {
  let server: Server;
  let admin: pg.Client;
  let drop: () => Promise<void>;
  const key = `rolling_${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`;
  const w = { service: '', unit: '', client: '', supplier: '', price: '', matches: [] as string[] };

  const req = (method: string, path: string, body?: unknown) => call(server, key, method, path, body);
  const ok = async (reply: Promise<Reply>, status = 200) => {
    const answer = await reply;
    expect(answer.status, `${JSON.stringify(answer.body).slice(0, 500)}\n${server.output().slice(-2000)}`).toBe(status);
    return answer.body;
  };

  beforeAll(async () => {
    const [{ cli }, database] = await Promise.all([buildCli(), freshDatabase()]);
    drop = database.drop;
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    server = await serve(cli, serverEnv(database.url, { BOOTSTRAP_API_KEY: key, LOG_LEVEL: 'warn' }));
    w.service = (await ok(req('POST', '/v2/account/services', { name: 'Rolling translation' }), 201)).id;
    w.unit = (await ok(req('POST', '/v2/account/quantity-types', { name: 'Rolling words' }), 201)).id;
    for (const name of ['Rolling 100 %', 'Rolling fuzzy']) w.matches.push((await ok(req('POST', '/v2/account/matches', { name }), 201)).id);
    w.client = (await ok(req('POST', '/v2/clients', { name: 'Rolling client', currency: 'EUR' }), 201)).id;
    w.supplier = (await ok(req('POST', '/v2/suppliers', { name: 'Rolling supplier', currency: 'EUR' }), 201)).id;
    const price = { currency: 'EUR', matchesType: 'percentage', quantityType: w.unit, service: w.service, unitCost: 0.1 };
    w.price = (await ok(req('POST', '/v2/account/prices/clients', price), 201)).id;
    await ok(req('POST', `/v2/account/prices/clients/${w.price}/match`, { match: w.matches[0], percentage: 0.3 }));
  }, 180_000);

  afterAll(async () => {
    if (server) await stop(server);
    await admin?.end();
    await drop?.();
    killAll();
  }, 60_000);

  /** Reads and writes of jobs (with match lines), prices and outsourcing: each runs prepared (named) statements. */
  async function round(i: number): Promise<void> {
    const job = await ok(
      req('POST', '/v2/jobs', { name: `Rolling job ${i}`, client: w.client, quantity: 1000, quantityType: w.unit, service: w.service }),
      201,
    );
    await ok(req('PUT', `/v2/jobs/${job.id}/price`, { matchesType: 'percentage', matches: w.matches.map((id, k) => ({ id, value: 100 * (k + 1) + i })) }));
    await ok(req('PUT', `/v2/jobs/${job.id}`, { name: `Rolling job ${i} renamed` }));
    // Adding an outsourcing answers the job.
    const outsourcing = (await ok(req('POST', `/v2/jobs/${job.id}/outsourcing`, { supplier: w.supplier, fixedPrice: 60 + i }))).outsourcing[0];
    await ok(req('PUT', `/v2/jobs/${job.id}/outsourcing/${outsourcing.id}`, { fixedPrice: 70 + i }));
    const read = await ok(req('GET', `/v2/jobs/${job.id}`));
    expect(read).toMatchObject({ id: job.id, name: `Rolling job ${i} renamed` });
    expect(read.outsourcing).toMatchObject([{ id: outsourcing.id, fixedPrice: { amount: 70 + i } }]);
    await ok(req('GET', '/v2/jobs?pageSize=5'));
    await ok(req('PUT', `/v2/account/prices/clients/${w.price}`, { unitCost: 0.1 + i / 1000 }));
    await ok(req('GET', `/v2/account/prices/clients/${w.price}`));
    await ok(req('GET', '/v2/account/prices/clients'));
    await ok(req('GET', `/v2/jobs/${job.id}/prices`));
  }

  /** Rounds at once, so that several connections of the process's pool prepare the statements. */
  const rounds = (from: number, count: number) => Promise.all(Array.from({ length: count }, (_, k) => round(from + k)));

  it('answers the same reads and writes, with no 5xx, after columns are added to jobs, prices and outsourcing', async () => {
    await rounds(0, 6);
    await rounds(6, 6);
    // What a newer version's additive migration does, from another connection while the process runs.
    await admin.query('alter table jobs add column rolling_note text default null');
    await admin.query('alter table prices add column rolling_note text default null');
    await admin.query('alter table outsourcing add column rolling_note text default null');
    await rounds(12, 6);
    await rounds(18, 6);
    expect(server.output()).not.toMatch(/cached plan must not change result type/);
  }, 180_000);
});
