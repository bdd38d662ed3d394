import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, createTestApp, expectError, type TestContext } from '../../helper.js';
import { allEvents } from '../events/fixture.js';
import { SECRET, deliveryRows, newWebhook, roleApis } from './fixture.js';

/**
 * POST /v2/webhooks/:id/test, GET /v2/webhooks/:id/deliveries, POST …/deliveries/:deliveryId/retry
 * and POST /v2/webhooks/:id/rotate-secret (docs/webhooks.md). Sending is the outbox's work: here the
 * rows it is given and the answers of the API.
 */
let t: TestContext;
let roles: Awaited<ReturnType<typeof roleApis>>;
beforeAll(async () => {
  t = await createTestApp();
  roles = await roleApis(t);
});
afterAll(async () => {
  await t.close();
});

const DATE = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

describe('POST /v2/webhooks/:id/test', () => {
  it('enqueues one webhook.test delivery to this endpoint only, due now (202 with the delivery)', async () => {
    const webhook = await newWebhook(t.api, { events: ['*'] });
    const neighbour = await newWebhook(t.api, { events: ['*'] });
    const reply = await t.api.post(`/v2/webhooks/${webhook.id}/test`);
    expect(reply.status).toBe(202);
    expect(reply.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      eventId: null,
      eventType: 'webhook.test',
      status: 'pending',
      attempts: 0,
      lastStatusCode: null,
      lastDurationMs: null,
      lastError: null,
      nextAttemptAt: DATE,
      createdAt: DATE,
      updatedAt: DATE,
    });
    // The endpoints take every event (the neighbour's webhook.created went to the first): one test delivery, to one.
    const rows = (await deliveryRows(t, webhook.id)).filter((row) => row.event_type === 'webhook.test');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: reply.body.id, account_id: t.account.accountId, kind: 'webhook', status: 'pending', event_type: 'webhook.test' });
    const payload = JSON.parse(rows[0]!.payload);
    expect(payload).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), type: 'webhook.test', createdAt: DATE, data: { webhookId: webhook.id } });
    expect((await deliveryRows(t, neighbour.id)).map((row) => row.event_type)).not.toContain('webhook.test');
  });

  it('404 for a missing id and another account; 409 for a disabled endpoint', async () => {
    const webhook = await newWebhook(t.api, { enabled: false });
    expectError(await t.api.post(`/v2/webhooks/${MISSING_ID}/test`), 404, 'resource_missing');
    expectError(await t.otherApi.post(`/v2/webhooks/${webhook.id}/test`), 404, 'resource_missing');
    expect(expectError(await t.api.post(`/v2/webhooks/${webhook.id}/test`), 409, 'state_conflict').message).toContain('disabled');
    expect(await deliveryRows(t, webhook.id)).toEqual([]);
  });
});

describe('GET /v2/webhooks/:id/deliveries', () => {
  it('pages the endpoint’s deliveries newest first, filtered by status', async () => {
    const webhook = await newWebhook(t.api);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await t.api.post(`/v2/webhooks/${webhook.id}/test`)).body.id);
    // What the outbox writes after attempts.
    await t.database.db
      .updateTable('deliveries')
      .set({ status: 'failed', attempts: 8, last_status_code: 500, last_duration_ms: 42, last_error: 'HTTP 500', next_attempt_at: null })
      .where('id', '=', ids[1]!)
      .execute();
    await t.database.db
      .updateTable('deliveries')
      .set({ status: 'succeeded', attempts: 1, last_status_code: 204, next_attempt_at: null })
      .where('id', '=', ids[2]!)
      .execute();

    const first = (await t.api.get(`/v2/webhooks/${webhook.id}/deliveries`, { pageSize: 2 })).body;
    expect(first).toMatchObject({ page: 1, pageSize: 2, totalItems: 5, totalPages: 3, hasNextPage: true, hasPreviousPage: false });
    expect(first.items.map((item: { id: string }) => item.id)).toEqual([ids[4], ids[3]]);
    const last = (await t.api.get(`/v2/webhooks/${webhook.id}/deliveries`, { pageSize: 2, page: 3 })).body;
    expect(last.items.map((item: { id: string }) => item.id)).toEqual([ids[0]]);
    const asc = (await t.api.get(`/v2/webhooks/${webhook.id}/deliveries`, { direction: 'asc' })).body;
    expect(asc.items.map((item: { id: string }) => item.id)).toEqual(ids);

    const failed = (await t.api.get(`/v2/webhooks/${webhook.id}/deliveries`, { status: ['failed'] })).body;
    expect(failed.items).toEqual([
      expect.objectContaining({
        id: ids[1],
        status: 'failed',
        attempts: 8,
        lastStatusCode: 500,
        lastDurationMs: 42,
        lastError: 'HTTP 500',
        nextAttemptAt: null,
      }),
    ]);
    const settled = (await t.api.get(`/v2/webhooks/${webhook.id}/deliveries`, { status: ['failed', 'succeeded'] })).body;
    expect(settled.totalItems).toBe(2);
    expectError(await t.api.get(`/v2/webhooks/${webhook.id}/deliveries`, { status: ['lost'] }), 400, 'parameter_invalid');
    expectError(await t.api.get(`/v2/webhooks/${webhook.id}/deliveries`, { pageSize: 101 }), 400, 'parameter_invalid');
  });

  it("another endpoint's deliveries are not listed; 404 for a missing id and another account", async () => {
    const webhook = await newWebhook(t.api);
    const other = await newWebhook(t.api);
    await t.api.post(`/v2/webhooks/${other.id}/test`);
    expect((await t.api.get(`/v2/webhooks/${webhook.id}/deliveries`)).body).toMatchObject({ items: [], totalItems: 0 });
    expectError(await t.api.get(`/v2/webhooks/${MISSING_ID}/deliveries`), 404, 'resource_missing');
    expectError(await t.otherApi.get(`/v2/webhooks/${other.id}/deliveries`), 404, 'resource_missing');
    // Every role reads them.
    expect((await roles.viewer.get(`/v2/webhooks/${other.id}/deliveries`)).body.totalItems).toBe(1);
  });
});

describe('POST /v2/webhooks/:id/deliveries/:deliveryId/retry', () => {
  it('a failed, cancelled or pending delivery becomes pending and due now; a succeeded one is 409', async () => {
    const webhook = await newWebhook(t.api);
    const id = (await t.api.post(`/v2/webhooks/${webhook.id}/test`)).body.id;
    const url = `/v2/webhooks/${webhook.id}/deliveries/${id}/retry`;
    for (const status of ['failed', 'cancelled', 'pending'] as const) {
      await t.database.db
        .updateTable('deliveries')
        .set({ status, attempts: 3, last_error: 'timed out', next_attempt_at: status === 'pending' ? '2099-01-01T00:00:00.000Z' : null })
        .where('id', '=', id)
        .execute();
      const before = new Date().toISOString();
      const reply = await t.api.post(url);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body).toMatchObject({ id, status: 'pending', attempts: 3, lastError: 'timed out' });
      expect(reply.body.nextAttemptAt >= before && reply.body.nextAttemptAt <= new Date().toISOString()).toBe(true);
      const [row] = await deliveryRows(t, webhook.id);
      expect(row).toMatchObject({ status: 'pending', next_attempt_at: reply.body.nextAttemptAt });
    }
    await t.database.db.updateTable('deliveries').set({ status: 'succeeded', next_attempt_at: null }).where('id', '=', id).execute();
    expectError(await t.api.post(url), 409, 'state_conflict');
    expect((await deliveryRows(t, webhook.id))[0]!.status).toBe('succeeded');
  });

  it('404 for a missing delivery, one of another endpoint, and another account; 409 on a disabled endpoint; 403 below admin', async () => {
    const webhook = await newWebhook(t.api);
    const other = await newWebhook(t.api);
    const id = (await t.api.post(`/v2/webhooks/${webhook.id}/test`)).body.id;
    expectError(await t.api.post(`/v2/webhooks/${webhook.id}/deliveries/${MISSING_ID}/retry`), 404, 'resource_missing');
    expectError(await t.api.post(`/v2/webhooks/${other.id}/deliveries/${id}/retry`), 404, 'resource_missing');
    expectError(await t.api.post(`/v2/webhooks/${MISSING_ID}/deliveries/${id}/retry`), 404, 'resource_missing');
    expectError(await t.otherApi.post(`/v2/webhooks/${webhook.id}/deliveries/${id}/retry`), 404, 'resource_missing');
    for (const api of [roles.manager, roles.finance, roles.viewer, roles.adminRead]) {
      expectError(await api.post(`/v2/webhooks/${webhook.id}/deliveries/${id}/retry`), 403, 'forbidden');
    }
    expect((await roles.admin.post(`/v2/webhooks/${webhook.id}/deliveries/${id}/retry`)).status).toBe(200);
    await t.api.put(`/v2/webhooks/${webhook.id}`, { enabled: false }, { json: true });
    expectError(await t.api.post(`/v2/webhooks/${webhook.id}/deliveries/${id}/retry`), 409, 'state_conflict');
  });
});

describe('POST /v2/webhooks/:id/rotate-secret', () => {
  it('answers a new secret once; the old one is kept as the previous secret for 24 hours; webhook.updated without secrets', async () => {
    const webhook = await newWebhook(t.api);
    const before = Date.now();
    const reply = await t.api.post(`/v2/webhooks/${webhook.id}/rotate-secret`);
    expect(reply.status).toBe(200);
    expect(reply.body.secret).toMatch(SECRET);
    expect(reply.body.secret).not.toBe(webhook.secret);
    const { secret, ...object } = reply.body;
    expect(object).toEqual({ ...(({ secret: _, ...rest }) => rest)(webhook), updatedAt: DATE });
    const row = await t.database.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', webhook.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ secret, previous_secret: webhook.secret });
    const expires = Date.parse(row.previous_secret_expires_at!);
    expect(expires - before).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    expect((await t.api.get(`/v2/webhooks/${webhook.id}`)).body).not.toHaveProperty('secret');
    const events = await allEvents(t.api, { objectType: 'webhook', objectId: webhook.id });
    expect(events.map((event) => event.type)).toEqual(['webhook.created', 'webhook.updated']);
    expect(JSON.stringify(events)).not.toContain(secret);
    expect(JSON.stringify(events)).not.toContain(webhook.secret);

    // A second rotation: the previous secret is the one just replaced.
    const again = (await t.api.post(`/v2/webhooks/${webhook.id}/rotate-secret`)).body.secret;
    const after = await t.database.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', webhook.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ secret: again, previous_secret: secret });
  });

  it('404 for a missing id and another account', async () => {
    const webhook = await newWebhook(t.api);
    expectError(await t.api.post(`/v2/webhooks/${MISSING_ID}/rotate-secret`), 404, 'resource_missing');
    expectError(await t.otherApi.post(`/v2/webhooks/${webhook.id}/rotate-secret`), 404, 'resource_missing');
    const row = await t.database.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', webhook.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ secret: webhook.secret, previous_secret: null });
  });
});
