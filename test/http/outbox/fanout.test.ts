import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../helper.js';
import { recordEvent } from '../../../src/core/events.js';
import { newId } from '../../../src/core/ids.js';
import { endpointsChanged } from '../../../src/modules/webhooks/subscriptions.js';
import { fanOutWebhooks } from '../../../src/modules/webhooks/fanout.js';
import { deliveriesOf, insertEndpoint, startReceiver, testWorker, type Receiver } from './fixture.js';

/**
 * An event's webhook deliveries are recorded with the change as one fan-out row (the event and
 * the endpoints subscribed to it), and written by the worker moments later
 * (docs/webhooks.md#the-outbox). Two workers on PostgreSQL: claims.test.ts.
 */
let t: TestContext;
let receiver: Receiver | undefined;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
  await t.database.db.deleteFrom('delivery_attempts').execute();
  await t.database.db.deleteFrom('deliveries').execute();
  await t.database.db.deleteFrom('webhook_fanouts').execute();
  await t.database.db.deleteFrom('webhook_endpoints').execute();
  endpointsChanged();
});

const fanouts = () => t.database.db.selectFrom('webhook_fanouts').selectAll().orderBy('event_id').execute();
const accountDeliveries = () =>
  t.database.db.selectFrom('deliveries').selectAll().where('account_id', '=', t.account.accountId).orderBy('created_at').orderBy('id').execute();
const createClient = async (name: string) => {
  const reply = await t.api.post('/v2/clients', { name });
  expect(reply.status).toBe(201);
  return reply.body as { id: string };
};

describe("an event's fan-out", () => {
  it('is one row per event with the endpoints subscribed when it happened; the worker writes a delivery per endpoint still there', async () => {
    const hook = 'http://127.0.0.1:9/hook';
    const clients = await insertEndpoint(t.database, t.account.accountId, { url: `${hook}?clients`, events: ['client.created'] });
    const all = await insertEndpoint(t.database, t.account.accountId, { url: `${hook}?all`, events: ['*'] });
    await insertEndpoint(t.database, t.account.accountId, { url: `${hook}?jobs`, events: ['job.created'] });
    await insertEndpoint(t.database, t.account.accountId, { url: `${hook}?off`, events: ['*'], enabled: false });
    const client = await createClient('Fanned out');

    const event = await t.database.db.selectFrom('events').selectAll().where('object_id', '=', client.id).executeTakeFirstOrThrow();
    expect(await fanouts()).toEqual([{ event_id: event.id, endpoint_ids: JSON.stringify([clients.id, all.id]) }]);
    expect(await accountDeliveries()).toEqual([]);

    // An endpoint deleted before the worker came: nothing is written for it.
    await t.database.db.deleteFrom('webhook_endpoints').where('id', '=', all.id).execute();
    endpointsChanged();
    const at = new Date('2030-01-02T03:04:05.000Z');
    expect(await fanOutWebhooks(t.database, 10, at)).toBe(1);
    expect(await fanouts()).toEqual([]);
    expect(await accountDeliveries()).toMatchObject([
      {
        kind: 'webhook',
        endpoint_id: clients.id,
        event_id: event.id,
        event_type: 'client.created',
        payload: '',
        status: 'pending',
        attempts: 0,
        next_attempt_at: at.toISOString(),
        created_at: event.created_at,
        locked_by: null,
      },
    ]);
    // Written once: a second pass finds nothing.
    expect(await fanOutWebhooks(t.database, 10, at)).toBe(0);
    expect(await accountDeliveries()).toHaveLength(1);
  });

  it('is written only for events with a subscribed endpoint', async () => {
    await insertEndpoint(t.database, t.account.accountId, { url: 'http://127.0.0.1:9/hook', events: ['job.created'] });
    await createClient('Nobody listens');
    expect(await fanouts()).toEqual([]);
  });

  it('commits and rolls back with the change', async () => {
    await insertEndpoint(t.database, t.account.accountId, { url: 'http://127.0.0.1:9/hook', events: ['client.updated'] });
    const ctxOf = (tx: typeof t.database.db) => ({ db: tx, dialect: t.database.dialect, accountId: t.account.accountId, userId: '' });
    await expect(
      t.database.db.transaction().execute(async (tx) => {
        await recordEvent(ctxOf(tx), 'client.updated', { id: newId(), name: 'Rolled back' });
        throw new Error('the change fails after its event');
      }),
    ).rejects.toThrow('the change fails');
    expect(await fanouts()).toEqual([]);
    await t.database.db.transaction().execute((tx) => recordEvent(ctxOf(tx), 'client.updated', { id: newId(), name: 'Committed' }));
    expect(await fanouts()).toHaveLength(1);
  });

  it('writes the oldest events first, as many as asked for', async () => {
    const one = await insertEndpoint(t.database, t.account.accountId, { url: 'http://127.0.0.1:9/a', events: ['client.created'] });
    const two = await insertEndpoint(t.database, t.account.accountId, { url: 'http://127.0.0.1:9/b', events: ['client.created'] });
    for (const name of ['First', 'Second', 'Third']) await createClient(name);
    const [first, second, third] = await fanouts();
    expect(await fanOutWebhooks(t.database, 2, new Date())).toBe(4);
    expect(await fanouts()).toEqual([third]);
    const written = await accountDeliveries();
    expect(new Set(written.map((row) => row.event_id))).toEqual(new Set([first!.event_id, second!.event_id]));
    expect(written.map((row) => row.endpoint_id).sort()).toEqual([one.id, one.id, two.id, two.id].sort());
  });

  it('is sent by a worker that only had the fan-out to go by, once per endpoint', async () => {
    receiver = await startReceiver();
    await insertEndpoint(t.database, t.account.accountId, { url: `${receiver.url}?a`, events: ['client.created'] });
    await insertEndpoint(t.database, t.account.accountId, { url: `${receiver.url}?b`, events: ['client.created'] });
    for (let index = 0; index < 30; index += 1) await createClient(`Client ${index}`);
    expect(await testWorker(t.database, t.config, { concurrency: 7 }).drainOnce()).toBe(60);
    expect(receiver.received).toHaveLength(60);
    expect(new Set(receiver.received.map((call) => call.headers['webhook-id'])).size).toBe(60);
    expect(await fanouts()).toEqual([]);
    expect((await deliveriesOf(t.database, t.account.accountId)).every((row) => row.status === 'succeeded')).toBe(true);
  });
});
