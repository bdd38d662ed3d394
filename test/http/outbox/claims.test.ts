import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, usingPostgres, type TestContext } from '../../helper.js';
import { openDatabase, type Database } from '../../../src/core/db/database.js';
import { deliveriesOf, insertEndpoint, startReceiver, testWorker, type Receiver } from './fixture.js';

/**
 * Several workers share the outbox (docs/webhooks.md#several-processes): a delivery is
 * claimed by one worker at a time, so that while workers run none is sent twice; a lapsed lease
 * is claimed again.
 */
let t: TestContext;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  receiver = await startReceiver();
  // Slow enough that both workers are claiming while the other's calls are in flight.
  receiver.answer = (_request, response) => setTimeout(() => response.writeHead(200).end(), 5).unref();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const enqueueMany = async (count: number) => {
  const { enqueue } = await import('../../../src/modules/outbox/index.js');
  await t.database.db.transaction().execute(async (tx) => {
    const ctx = { db: tx, dialect: t.database.dialect, accountId: t.account.accountId, userId: '' };
    for (let index = 0; index < count; index += 1) {
      await enqueue(ctx, { kind: 'webhook', endpointId: endpointId, eventId: null, eventType: 'webhook.test', payload: { index } });
    }
  });
};
let endpointId = '';

describe.skipIf(!usingPostgres)('two workers on PostgreSQL', () => {
  it('never send one delivery twice while both run (FOR UPDATE SKIP LOCKED)', async () => {
    endpointId = (await insertEndpoint(t.database, t.account.accountId, { url: receiver.url, events: ['webhook.test'] })).id;
    await enqueueMany(400);
    // A second process: its own pool on the same schema.
    const second: Database = openDatabase(process.env.DATABASE_URL!, { pgSchema: await currentSchema(t.database), poolSize: 5 });
    try {
      const one = testWorker(t.database, t.config, { concurrency: 20 });
      const two = testWorker(second, t.config, { concurrency: 20 });
      const [a, b] = await Promise.all([one.drainOnce(), two.drainOnce()]);
      expect(a + b).toBe(400);
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
    const ids = receiver.received.map((call) => String(call.headers['webhook-id']));
    expect(ids).toHaveLength(400);
    expect(new Set(ids).size).toBe(400);
    const rows = await deliveriesOf(t.database, t.account.accountId);
    expect(rows.every((row) => row.status === 'succeeded' && row.attempts === 1)).toBe(true);
  });
});

describe.skipIf(!usingPostgres)('two workers writing the deliveries of recorded events on PostgreSQL', () => {
  it("write each event's deliveries once (FOR UPDATE SKIP LOCKED on the fan-outs)", async () => {
    receiver.received.length = 0;
    const subscribed = await insertEndpoint(t.database, t.account.accountId, { url: `${receiver.url}?fanout`, events: ['client.created'] });
    for (let index = 0; index < 120; index += 1) expect((await t.api.post('/v2/clients', { name: `Fan-out ${index}` })).status).toBe(201);
    const second: Database = openDatabase(process.env.DATABASE_URL!, { pgSchema: await currentSchema(t.database), poolSize: 5 });
    try {
      const one = testWorker(t.database, t.config, { concurrency: 10 });
      const two = testWorker(second, t.config, { concurrency: 10 });
      const [a, b] = await Promise.all([one.drainOnce(), two.drainOnce()]);
      expect(a + b).toBe(120);
    } finally {
      await second.close();
    }
    const rows = await t.database.db.selectFrom('deliveries').select(['event_id']).where('endpoint_id', '=', subscribed.id).execute();
    expect(rows).toHaveLength(120);
    expect(new Set(rows.map((row) => row.event_id)).size).toBe(120);
    expect(receiver.received.filter((call) => call.path === '/hook?fanout')).toHaveLength(120);
    expect(await t.database.db.selectFrom('webhook_fanouts').select('event_id').execute()).toEqual([]);
  });
});

describe('leases', () => {
  it('a lease that lapses (a worker that died) is claimed again; a live lease is not', async () => {
    receiver.received.length = 0;
    endpointId ||= (await insertEndpoint(t.database, t.account.accountId, { url: receiver.url, events: ['webhook.test'] })).id;
    await t.database.db.deleteFrom('deliveries').execute();
    await enqueueMany(2);
    const [first, second] = await deliveriesOf(t.database, t.account.accountId);
    const inAMinute = new Date(Date.now() + 60_000).toISOString();
    const aMinuteAgo = new Date(Date.now() - 60_000).toISOString();
    await t.database.db.updateTable('deliveries').set({ locked_by: 'dead', locked_until: aMinuteAgo }).where('id', '=', first!.id).execute();
    await t.database.db.updateTable('deliveries').set({ locked_by: 'alive', locked_until: inAMinute }).where('id', '=', second!.id).execute();
    expect(await testWorker(t.database, t.config).drainOnce()).toBe(1);
    expect(receiver.received.map((call) => call.headers['webhook-id'])).toEqual([first!.id]);
  });
});

describe('a busy process', () => {
  it('sends at the bounded rate while busy, and the rest at once when it is not', async () => {
    receiver.received.length = 0;
    receiver.answer = (_request, response) => response.writeHead(204).end();
    endpointId ||= (await insertEndpoint(t.database, t.account.accountId, { url: receiver.url, events: ['webhook.test'] })).id;
    await t.database.db.deleteFrom('deliveries').execute();
    let busy = true;
    const worker = testWorker(t.database, t.config, { busy: () => busy, busyPerSecond: 20, pollMs: 50 });
    await enqueueMany(60);
    const started = performance.now();
    worker.start();
    try {
      // Waits far above a busy machine's delays (they are not speeds): the first delivery, then half a second more.
      const firstBy = performance.now() + 15_000;
      while (receiver.received.length === 0 && performance.now() < firstBy) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(receiver.received.length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 500));
      // A burst of 2 (a tenth of a second's budget), then 20 a second: at most 2 + 20 × the seconds
      // since the start, however slow this machine (the count is read first, the time after).
      const sent = receiver.received.length;
      const seconds = (performance.now() - started) / 1000;
      expect(sent).toBeLessThanOrEqual(2 + Math.ceil(20 * seconds));
      expect(sent).toBeLessThan(60);
      busy = false;
      const deadline = performance.now() + 20_000;
      while (receiver.received.length < 60 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(receiver.received.length).toBe(60);
    } finally {
      await worker.stop();
    }
  });
});

async function currentSchema(database: Database): Promise<string> {
  const { sql } = await import('kysely');
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  return rows[0]!.schema;
}
