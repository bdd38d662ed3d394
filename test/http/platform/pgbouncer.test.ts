import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgBouncerPath, startPgBouncer } from '../../../scripts/pgbouncer.mjs';
import { loadConfig } from '../../../src/config.js';
import { openDatabase, type Database } from '../../../src/core/db/database.js';
import { migrateToLatest } from '../../../src/core/db/migrate.js';
import { Api, buildTestApp, createTestAccount, usingPostgres, type TestAccount } from '../../helper.js';
import { userWithPassword } from '../auth/fixture.js';
import type { FastifyInstance } from 'fastify';

/**
 * Behind PgBouncer 1.18 in transaction pooling mode (docs/operations.md#behind-a-connection-pooler-pgbouncer):
 * with DATABASE_POOLER=transaction the server's ten connections share two of PgBouncer's to
 * PostgreSQL, transaction by transaction, and everything works — migrations, concurrent writes
 * with their version triggers and group refreshes, kept reads, the sign-in throttle's
 * transaction-scoped advisory locks, listings. Without the setting, the named statements of one
 * session are looked for in another, and fail: the setting is what makes it work.
 */
const bouncer = pgBouncerPath();
const databaseName = `transdesk_pgb_${randomBytes(5).toString('hex')}`;
let admin: pg.Client;
let stop: (() => Promise<void>) | undefined;
let urlOf: (name: string) => string;
let database: Database;
let app: FastifyInstance;
let account: TestAccount;
let api: Api;

describe.skipIf(!usingPostgres || bouncer === undefined)('behind PgBouncer in transaction pooling mode', () => {
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    const started = await startPgBouncer({ upstream: process.env.DATABASE_URL!, serverConnections: 2 });
    stop = started.stop;
    urlOf = started.urlOf;
    const config = loadConfig({ RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'silent', DATABASE_URL: urlOf(databaseName), DATABASE_POOLER: 'transaction' });
    database = openDatabase(config.databaseUrl, { pooler: config.databasePooler, poolSize: 10 });
    await migrateToLatest(database);
    ({ app } = await buildTestApp({ config, database }));
    account = await createTestAccount(database, 'Pooled agency');
    api = new Api(app, account.apiKey);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await stop?.();
    await admin?.query(`drop database if exists ${databaseName} with (force)`);
    await admin?.end();
  });

  it('creates, prices, reads and lists jobs from many requests at once', async () => {
    const units = (await api.get('/v2/account/quantity-types')).body as Array<{ id: string; name: string }>;
    const words = units.find((unit) => unit.name === 'Words')!.id;
    const category = ((await api.get('/v2/account/matches')).body as Array<{ id: string }>)[0]!.id;
    const client = (await api.post('/v2/clients', { name: 'Pooled client', currency: 'EUR' })).body.id as string;
    const service = (await api.post('/v2/account/services', { name: 'Pooled service' })).body.id as string;
    const group = (await api.post('/v2/groups', { name: 'Pooled group', client })).body.id as string;
    expect((await api.post('/v2/account/prices/clients', { currency: 'EUR', matchesType: 'fixed', service, quantityType: words, unitCost: 0.1 })).status).toBe(
      201,
    );

    const created = await Promise.all(
      Array.from({ length: 24 }, (_, i) => api.post('/v2/jobs', { name: `Pooled ${i}`, client, service, quantityType: words, quantity: 1000 + i })),
    );
    expect(created.map((reply) => reply.status)).toEqual(created.map(() => 201));
    const ids = created.map((reply) => reply.body.id as string);
    const writes = await Promise.all(
      ids.flatMap((id, i) => [
        api.put(`/v2/jobs/${id}/price`, { matches: [{ id: category, value: 100 + i }] }),
        api.put(`/v2/groups/${group}/jobs/${id}`, {}),
        api.get(`/v2/jobs/${id}`),
      ]),
    );
    expect(writes.map((reply) => reply.status)).toEqual(writes.map(() => 200));
    // Kept, then read again: the version read with the key, through any of PgBouncer's connections.
    for (const [i, id] of ids.entries()) {
      const job = (await api.get(`/v2/jobs/${id}`)).body;
      expect(job.quantity.matches.find((match: { id: string }) => match.id === category).value).toBe(100 + i);
      expect((await api.get(`/v2/jobs/${id}`)).body).toEqual(job);
    }
    const listed = (await api.get('/v2/jobs?pageSize=50')).body;
    expect(listed.totalItems).toBe(24);
    expect(listed.items).toHaveLength(24);
    const pooled = (await api.get(`/v2/groups/${group}`)).body;
    expect([...pooled.jobs].sort()).toEqual([...ids].sort());
  });

  it('counts failed sign-ins of a burst exactly (transaction-scoped advisory locks)', async () => {
    const user = await userWithPassword({ app, database, api } as never, 'pooled@example.com');
    const anonymous = new Api(app, undefined);
    const burst = await Promise.all(Array.from({ length: 12 }, () => anonymous.post('/v2/auth/login', { email: user.email, password: 'wrong password' })));
    // Five failures are judged by the password (docs/access.md), the rest refused by the throttle:
    // counted one at a time, as on a direct connection (test/http/auth/bursts.test.ts).
    expect(burst.filter((reply) => reply.status === 401)).toHaveLength(5);
    expect(burst.filter((reply) => reply.status === 429)).toHaveLength(7);
  });

  it('fails without the setting: named statements are looked for in another session', async () => {
    // Without read lanes (pg-read-lanes.ts): their two pipelined connections keep PgBouncer's
    // server connection while their queries follow each other, and may pass this small burst by
    // luck; the pool's ten connections, each a transaction at a time, show the failure every time.
    const unaware = openDatabase(urlOf(databaseName), { poolSize: 10, readLanes: 0 });
    try {
      const { app: plain } = await buildTestApp({ config: loadConfig({ RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'silent' }), database: unaware });
      const reads = await Promise.all(Array.from({ length: 40 }, () => new Api(plain, account.apiKey).get('/v2/jobs?perPage=5')));
      await plain.close();
      expect(reads.some((reply) => reply.status === 500)).toBe(true);
    } catch (error) {
      // Or the app could not even start: the same cause.
      expect(String(error)).toMatch(/prepared statement/);
    } finally {
      await unaware.close();
    }
    expect((await sql<{ n: number }>`select count(*)::int as n from jobs`.execute(database.db)).rows[0]!.n).toBe(24);
  });
});
