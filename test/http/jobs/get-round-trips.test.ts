import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, expectError, usingPostgres, type TestContext } from '../../helper.js';
import { Browser, userWithPassword } from '../auth/fixture.js';
import { buildWorld, jobParams, newJob, newService, type World } from './fixture.js';

/**
 * PostgreSQL: a kept job or group is served in one round trip, its version read in the statement
 * that finds the caller's key or session (docs/performance.md#one-round-trip-for-a-kept-object-postgresql),
 * and that read is as fresh as a query of its own: a write by anyone, a revoked key, another
 * account's object. (SQLite serves the same reads from its change stamp: statement-counts.test.ts.)
 */
let t: TestContext;
let w: World;
const texts: string[] = [];
const original = pg.Client.prototype.query;

describe.skipIf(!usingPostgres)('GET of a kept job or group on PostgreSQL', () => {
  beforeAll(async () => {
    // Installed before the pool connects: each client's query (pg-named-statements.ts wraps it) is this spy.
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const config = args[0] as string | { text?: string };
      texts.push(typeof config === 'string' ? config : (config.text ?? ''));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    });
    t = await createTestApp();
    w = await buildWorld(t);
  });
  afterAll(async () => {
    await t?.close();
    vi.restoreAllMocks();
  });

  async function roundTrips(request: () => Promise<{ status: number }>, status = 200): Promise<string[]> {
    texts.length = 0;
    expect((await request()).status).toBe(status);
    return [...texts];
  }

  it('reads a kept job in one statement, with the key or a session; a write by plain SQL is seen at once', async () => {
    const job = await newJob(t.api, jobParams(w, await newService(t.api)));
    const path = `/v2/jobs/${job.id}`;
    await t.api.get(path);
    expect(await roundTrips(() => t.api.get(path))).toHaveLength(1);

    const user = await userWithPassword(t, 'kept-reader@example.com');
    const browser = new Browser(t.app);
    expect((await browser.login(user.email, user.password)).status).toBe(200);
    await browser.get(path);
    expect(await roundTrips(() => browser.get(path))).toHaveLength(1);

    await sql`update jobs set name = 'Renamed by SQL' where id = ${job.id}`.execute(t.database.db);
    expect((await t.api.get(path)).body.name).toBe('Renamed by SQL');
    expect(await roundTrips(() => t.api.get(path))).toHaveLength(1);
    expect((await browser.get(path)).body.name).toBe('Renamed by SQL');
  });

  it("answers 404 for another account's job and 401 for a key revoked by plain SQL, in one statement", async () => {
    const job = await newJob(t.api, jobParams(w, await newService(t.api)));
    await t.api.get(`/v2/jobs/${job.id}`);
    const other = await roundTrips(() => t.otherApi.get(`/v2/jobs/${job.id}`), 404);
    expect(other.length).toBeLessThanOrEqual(2);
    expectError(await t.otherApi.get(`/v2/jobs/${job.id}`), 404, 'resource_missing');

    // Malformed ids are the route's to refuse, never read with the key (PostgreSQL refuses a NUL byte in a text).
    for (const malformed of ['%00', 'not-an-id', `${job.id}%00`, 'a'.repeat(300)]) {
      expectError(await t.api.get(`/v2/jobs/${malformed}`), 404, 'resource_missing');
      expectError(await t.api.get(`/v2/groups/${malformed}`), 404, 'resource_missing');
    }

    await sql`update api_keys set revoked_at = now()::text where account_id = ${t.other.accountId}`.execute(t.database.db);
    expectError(await t.otherApi.get(`/v2/jobs/${job.id}`), 401, 'unauthorized');
  });

  it('reads a kept group in one statement', async () => {
    const group = (await t.api.post('/v2/groups', { name: 'Kept group', client: w.client.acme })).body;
    await t.api.get(`/v2/groups/${group.id}`);
    expect(await roundTrips(() => t.api.get(`/v2/groups/${group.id}`))).toHaveLength(1);
    await sql`update groups set name = 'Group renamed by SQL' where id = ${group.id}`.execute(t.database.db);
    expect((await t.api.get(`/v2/groups/${group.id}`)).body.name).toBe('Group renamed by SQL');
  });

  it("reads a manager's revenue setting with the caller: one statement, and a change by plain SQL counts from the next request", async () => {
    const job = await newJob(t.api, jobParams(w, await newService(t.api)));
    const path = `/v2/jobs/${job.id}`;
    const manager = await userWithPassword(t, 'kept-manager@example.com', { role: 'manager' });
    const browser = new Browser(t.app);
    expect((await browser.login(manager.email, manager.password)).status).toBe(200);
    const setting = (value: boolean) =>
      sql`update accounts set managers_see_revenue_and_margins = ${value ? 1 : 0} where id = ${t.account.accountId}`.execute(t.database.db);

    await setting(true);
    await browser.get(path);
    const shown = await roundTrips(() => browser.get(path));
    expect(shown).toHaveLength(1);
    expect((await browser.get(path)).body.estimation.profitability).toBeDefined();

    await setting(false);
    const hidden = await browser.get(path);
    expect(hidden.status).toBe(200);
    expect(hidden.body.estimation).not.toHaveProperty('profitability');
    expect(hidden.body.estimation.performance).not.toHaveProperty('revenuePerHour');
    expect(await roundTrips(() => browser.get(path))).toHaveLength(1);
    // A route of nothing but margins is refused, from the setting read with the session.
    expectError(await browser.get('/v2/reports/margins?by=client'), 403, 'forbidden');

    await setting(true);
    expect((await browser.get(path)).body.estimation.profitability).toBeDefined();
    expect((await browser.get('/v2/reports/margins?by=client')).status).toBe(200);
  });
});
