import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { loadConfig } from '../../../src/config.js';
import { deliveriesOf, insertEndpoint, makeDue, startReceiver, testWorker, writeRecordedDeliveries, type Receiver } from './fixture.js';
import { JITTER } from '../../../src/modules/outbox/schedule.js';

/** Webhook deliveries (docs/webhooks.md): from a change to a signed call, retries, disabling, safe targets. */
let t: TestContext;
let receiver: Receiver;
const worker = () => testWorker(t.database, t.config);

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_TIMEOUT_MS: '400' });
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await receiver?.close();
  await t.database.db.deleteFrom('delivery_attempts').execute();
  await t.database.db.deleteFrom('deliveries').execute();
  await t.database.db.deleteFrom('webhook_fanouts').execute();
  await t.database.db.updateTable('webhook_endpoints').set({ enabled: 0, updated_at: new Date().toISOString() }).execute();
  const { endpointsChanged } = await import('../../../src/modules/webhooks/subscriptions.js');
  endpointsChanged();
});

const createClient = async (name = 'Acme') => {
  const reply = await t.api.post('/v2/clients', { name });
  expect(reply.status).toBe(201);
  return reply.body as { id: string; name: string };
};

describe('a change sends a signed webhook', () => {
  it('delivers { id, type, createdAt, data } signed as Standard Webhooks, verified as a receiver would', async () => {
    receiver = await startReceiver();
    const endpoint = await insertEndpoint(t.database, t.account.accountId, { url: receiver.url, events: ['client.created'] });
    const client = await createClient();
    const [delivery] = await deliveriesOf(t.database, t.account.accountId);
    expect(delivery).toMatchObject({ kind: 'webhook', endpoint_id: endpoint.id, event_type: 'client.created', status: 'pending' });
    // No copy of the body: it is built from the event row when sent.
    expect(delivery!.payload).toBe('');
    expect(delivery!.event_id).toMatch(/^[0-9a-f]{24}$/);

    expect(await worker().drainOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const call = receiver.received[0]!;
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.headers['webhook-id']).toBe(delivery!.id);
    const verified = new Webhook(endpoint.secret).verify(call.body, call.headers as Record<string, string>) as Record<string, unknown>;
    const event = (await t.api.get('/v2/events', { limit: 1 })).body.items?.[0] ?? null;
    expect(verified).toMatchObject({ type: 'client.created', data: { id: client.id, name: 'Acme' } });
    expect(Object.keys(verified).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
    if (event) expect(verified.id).toBe(event.id);
    const stored = await t.database.db.selectFrom('events').selectAll().where('id', '=', delivery!.event_id!).executeTakeFirstOrThrow();
    expect(verified).toEqual({ id: stored.id, type: 'client.created', createdAt: stored.created_at, data: JSON.parse(stored.data) });
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret of 24 bytes').toString('base64')}`).verify(call.body, call.headers as Record<string, string>),
    ).toThrow();

    const [done] = await deliveriesOf(t.database, t.account.accountId);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: 204, last_error: null, locked_by: null });
    const attempts = await t.database.db.selectFrom('delivery_attempts').selectAll().where('delivery_id', '=', delivery!.id).execute();
    expect(attempts).toMatchObject([{ attempt: 1, status_code: 204, error: null }]);
  });

  it('goes only to enabled endpoints of the account subscribed to the type or to *', async () => {
    receiver = await startReceiver();
    await insertEndpoint(t.database, t.account.accountId, { url: `${receiver.url}?all`, events: ['*'] });
    await insertEndpoint(t.database, t.account.accountId, { url: `${receiver.url}?jobs`, events: ['job.created'] });
    await insertEndpoint(t.database, t.account.accountId, { url: `${receiver.url}?off`, events: ['*'], enabled: false });
    await insertEndpoint(t.database, t.other.accountId, { url: `${receiver.url}?other`, events: ['*'] });
    await createClient();
    await worker().drainOnce();
    expect(receiver.received.map((call) => call.path)).toEqual(['/hook?all']);
    expect(await deliveriesOf(t.database, t.other.accountId)).toEqual([]);
  });

  it('a rolled back change sends nothing', async () => {
    receiver = await startReceiver();
    await insertEndpoint(t.database, t.account.accountId, { url: receiver.url });
    expectError(await t.api.post('/v2/clients', { name: '' }), 400, 'parameter_invalid');
    expect(await deliveriesOf(t.database, t.account.accountId)).toEqual([]);
  });

  it('signs with both secrets during a rotation, each verifying', async () => {
    receiver = await startReceiver();
    const previous = `whsec_${Buffer.from('the previous secret, 32 bytes..').toString('base64')}`;
    const endpoint = await insertEndpoint(t.database, t.account.accountId, {
      url: receiver.url,
      previousSecret: previous,
      previousExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await createClient();
    await worker().drainOnce();
    const call = receiver.received[0]!;
    expect(String(call.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [endpoint.secret, previous]) expect(new Webhook(secret).verify(call.body, call.headers as Record<string, string>)).toBeTruthy();
  });
});

describe('the running worker', () => {
  it('sends soon after the commit (woken by the enqueue), and stops cleanly', async () => {
    receiver = await startReceiver();
    await insertEndpoint(t.database, t.account.accountId, { url: receiver.url, events: ['client.created'] });
    // A poll far longer than the test: only the wake-up of the enqueue can send at all (the wait
    // below is a bound far above a busy machine's delays, not a speed).
    const running = testWorker(t.database, t.config, { pollMs: 3_600_000 });
    running.start();
    try {
      const started = Date.now();
      await createClient('Soon');
      while (receiver.received.length === 0 && Date.now() - started < 15_000) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(receiver.received).toHaveLength(1);
    } finally {
      await running.stop();
    }
    const [delivery] = await deliveriesOf(t.database, t.account.accountId);
    expect(delivery).toMatchObject({ status: 'succeeded', locked_by: null });
  });
});

describe('failures', () => {
  it('a 500 is retried later with the same webhook-id; a success clears failing_since', async () => {
    receiver = await startReceiver();
    receiver.answer = (_request, response) => response.writeHead(500).end('no');
    const endpoint = await insertEndpoint(t.database, t.account.accountId, { url: receiver.url });
    await createClient();
    const before = Date.now();
    await worker().drainOnce();
    const after = Date.now();
    let [delivery] = await deliveriesOf(t.database, t.account.accountId);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500, last_error: 'HTTP 500', locked_by: null });
    // 5 s after the failure, spread by the jitter; the failure came between before and after,
    // however long the attempt took on this machine.
    const next = Date.parse(delivery!.next_attempt_at!);
    expect(next - before).toBeGreaterThanOrEqual(5_000 * (1 - JITTER));
    expect(next - after).toBeLessThanOrEqual(5_000 * (1 + JITTER));
    expect(await worker().drainOnce()).toBe(0);
    let row = await t.database.db.selectFrom('webhook_endpoints').select(['failing_since']).where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    expect(row.failing_since).not.toBeNull();

    receiver.answer = (_request, response) => response.writeHead(200).end('ok');
    await makeDue(t.database);
    expect(await worker().drainOnce()).toBe(1);
    [delivery] = await deliveriesOf(t.database, t.account.accountId);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 2, last_status_code: 200 });
    expect(receiver.received.map((call) => call.headers['webhook-id'])).toEqual([delivery!.id, delivery!.id]);
    row = await t.database.db.selectFrom('webhook_endpoints').select(['failing_since']).where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    expect(row.failing_since).toBeNull();
    const attempts = await t.database.db
      .selectFrom('delivery_attempts')
      .select(['attempt', 'status_code'])
      .where('delivery_id', '=', delivery!.id)
      .orderBy('attempt')
      .execute();
    expect(attempts).toEqual([
      { attempt: 1, status_code: 500 },
      { attempt: 2, status_code: 200 },
    ]);
  });

  it('fails after the last attempt of the schedule', async () => {
    receiver = await startReceiver();
    receiver.answer = (_request, response) => response.writeHead(503).end();
    await insertEndpoint(t.database, t.account.accountId, { url: receiver.url });
    await createClient();
    await writeRecordedDeliveries(t.database);
    await t.database.db.updateTable('deliveries').set({ attempts: 12 }).execute();
    await worker().drainOnce();
    const [delivery] = await deliveriesOf(t.database, t.account.accountId);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 13, next_attempt_at: null, last_status_code: 503 });
  });

  it('410 Gone disables the endpoint and fails the delivery without retry', async () => {
    receiver = await startReceiver();
    receiver.answer = (_request, response) => response.writeHead(410).end();
    const endpoint = await insertEndpoint(t.database, t.account.accountId, { url: receiver.url });
    await createClient();
    await worker().drainOnce();
    const [delivery] = await deliveriesOf(t.database, t.account.accountId);
    expect(delivery).toMatchObject({ status: 'failed', last_status_code: 410 });
    const row = await t.database.db
      .selectFrom('webhook_endpoints')
      .select(['enabled', 'disabled_reason'])
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ enabled: 0, disabled_reason: 'gone' });
    const events = await t.database.db.selectFrom('events').select(['type', 'actor_type', 'data']).where('type', '=', 'webhook.endpoint_disabled').execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_type: 'system' });
    // Disabled: the next change sends nothing.
    await createClient('Next');
    expect((await deliveriesOf(t.database, t.account.accountId)).filter((d) => d.event_type === 'client.created')).toHaveLength(1);
  });

  it('does not follow a redirect', async () => {
    receiver = await startReceiver();
    receiver.answer = (request, response) => response.writeHead(request.url === '/hook' ? 302 : 200, { location: '/elsewhere' }).end();
    await insertEndpoint(t.database, t.account.accountId, { url: receiver.url });
    await createClient();
    await worker().drainOnce();
    expect(receiver.received.map((call) => call.path)).toEqual(['/hook']);
    const [delivery] = await deliveriesOf(t.database, t.account.accountId);
    expect(delivery).toMatchObject({ status: 'pending', last_status_code: 302, last_error: 'redirect not followed (HTTP 302)' });
  });

  it('an answer slower than WEBHOOK_TIMEOUT_MS is a failure', async () => {
    receiver = await startReceiver();
    // The answer would come long after the timeout (400 ms here): the attempt ends well before it.
    receiver.answer = (_request, response) => setTimeout(() => response.writeHead(200).end(), 20_000).unref();
    await insertEndpoint(t.database, t.account.accountId, { url: receiver.url });
    await createClient();
    const started = Date.now();
    await worker().drainOnce();
    expect(Date.now() - started).toBeLessThan(15_000);
    const [delivery] = await deliveriesOf(t.database, t.account.accountId);
    expect(delivery).toMatchObject({ status: 'pending', last_status_code: null, last_error: 'no answer within 400 ms' });
  });

  it('an endpoint failing for 5 days is disabled with a webhook.endpoint_disabled event', async () => {
    receiver = await startReceiver();
    receiver.answer = (_request, response) => response.writeHead(500).end();
    const failingSince = new Date(Date.now() - 5 * 86_400_000 - 60_000).toISOString();
    const watcher = await insertEndpoint(t.database, t.account.accountId, { url: `${receiver.url}?watcher`, events: ['webhook.endpoint_disabled'] });
    const endpoint = await insertEndpoint(t.database, t.account.accountId, {
      url: receiver.url,
      events: ['client.created', 'webhook.endpoint_disabled'],
      failingSince,
    });
    await createClient();
    await worker().drainOnce();
    const row = await t.database.db
      .selectFrom('webhook_endpoints')
      .select(['enabled', 'disabled_reason'])
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ enabled: 0, disabled_reason: 'failing' });
    // The event went to the endpoint that subscribed to it.
    await worker().drainOnce();
    const told = receiver.received.find((call) => call.path === '/hook?watcher')!;
    const body = new Webhook(watcher.secret).verify(told.body, told.headers as Record<string, string>) as { type: string; data: { id: string } };
    expect(body).toMatchObject({ type: 'webhook.endpoint_disabled', data: { id: endpoint.id, disabledReason: 'failing', enabled: false } });
    // Not to the endpoint disabled itself.
    const disabledDeliveries = (await deliveriesOf(t.database, t.account.accountId)).filter((d) => d.event_type === 'webhook.endpoint_disabled');
    expect(disabledDeliveries.map((d) => d.endpoint_id)).toEqual([watcher.id]);
  });

  it('a delivery of a deleted or disabled endpoint is cancelled without a call', async () => {
    receiver = await startReceiver();
    const endpoint = await insertEndpoint(t.database, t.account.accountId, { url: receiver.url });
    await createClient();
    await t.database.db.updateTable('webhook_endpoints').set({ enabled: 0 }).where('id', '=', endpoint.id).execute();
    await worker().drainOnce();
    expect(receiver.received).toEqual([]);
    const [delivery] = await deliveriesOf(t.database, t.account.accountId);
    expect(delivery).toMatchObject({ status: 'cancelled', last_error: 'the endpoint is disabled' });
  });
});

describe('safe targets', () => {
  it('with WEBHOOK_ALLOW_PRIVATE_NETWORKS off, a loopback endpoint is refused without a call', async () => {
    receiver = await startReceiver();
    await insertEndpoint(t.database, t.account.accountId, { url: receiver.url });
    await createClient();
    const strict = loadConfig({ LOG_LEVEL: 'silent' });
    await testWorker(t.database, strict).drainOnce();
    expect(receiver.received).toEqual([]);
    const [delivery] = await deliveriesOf(t.database, t.account.accountId);
    expect(delivery).toMatchObject({ status: 'failed' });
    expect(delivery!.last_error).toMatch(/refused target: .*must use https/);
  });

  it('an endpoint stored before the present rules (http to a public address, an IPv4-compatible literal) is refused at delivery without a call', async () => {
    receiver = await startReceiver();
    const port = new URL(receiver.url).port;
    await insertEndpoint(t.database, t.account.accountId, { url: 'http://93.184.216.34/hook' });
    await insertEndpoint(t.database, t.account.accountId, { url: `https://[::127.0.0.1]:${port}/hook` });
    await insertEndpoint(t.database, t.account.accountId, { url: receiver.url });
    await createClient();
    await worker().drainOnce();
    expect(receiver.received).toHaveLength(1);
    const errors = (await deliveriesOf(t.database, t.account.accountId)).map((delivery) => delivery.last_error).sort();
    expect(errors).toEqual([
      null,
      'refused target: 93.184.216.34 is a public address: http only towards private and loopback addresses, use https',
      'refused target: ::7f00:1 is an ipv4Compatible address',
    ]);
  });
});
