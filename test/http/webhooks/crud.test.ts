import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, createTestApp, expectError, type Api, type TestContext } from '../../helper.js';
import { allEvents } from '../events/fixture.js';
import { SECRET, deliveryRows, newWebhook, roleApis } from './fixture.js';

/** GET/POST /v2/webhooks, GET/PUT/DELETE /v2/webhooks/:id (docs/webhooks.md#endpoints). */
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
const post = (params: Record<string, unknown>, api: Api = t.api) => api.post('/v2/webhooks', params as never, { json: true });

describe('POST /v2/webhooks', () => {
  it('registers an endpoint (201) and answers its secret this once; the event has no secret', async () => {
    const reply = await post({ url: 'https://hooks.example.com/in', events: ['job.created', 'invoice.paid'], description: '  Accounting  ' });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      url: 'https://hooks.example.com/in',
      events: ['job.created', 'invoice.paid'],
      description: 'Accounting',
      enabled: true,
      disabledReason: null,
      createdAt: DATE,
      updatedAt: DATE,
      secret: expect.stringMatching(SECRET),
    });
    const { secret, ...webhook } = reply.body;
    expect((await t.api.get(`/v2/webhooks/${webhook.id}`)).body).toEqual(webhook);
    const listed = (await t.api.get('/v2/webhooks', { pageSize: 100 })).body.items.find((item: { id: string }) => item.id === webhook.id);
    expect(listed).toEqual(webhook);
    const [event] = await allEvents(t.api, { objectType: 'webhook', objectId: webhook.id });
    expect(event).toMatchObject({ type: 'webhook.created', data: webhook });
    expect(JSON.stringify(await allEvents(t.api))).not.toContain(secret);
    // Each endpoint its own secret.
    expect((await newWebhook(t.api)).secret).not.toBe(secret);
  });

  it('takes `*` for every type, a form body, enabled false; repeated types once', async () => {
    expect((await newWebhook(t.api, { events: ['*'] })).events).toEqual(['*']);
    const form = await t.api.post('/v2/webhooks', { url: 'https://hooks.example.com/form', events: ['quote.sent', 'quote.sent'], enabled: false });
    expect(form.status, JSON.stringify(form.body)).toBe(201);
    expect(form.body).toMatchObject({ events: ['quote.sent'], enabled: false, disabledReason: null, description: '' });
  });

  it.each([
    ['not a URL', { url: 'hooks.example.com/in' }, 'url', 'not a valid absolute URL'],
    ['ftp', { url: 'ftp://hooks.example.com/in' }, 'url', 'https'],
    ['http without the setting', { url: 'http://hooks.example.com/in' }, 'url', 'https'],
    ['loopback', { url: 'https://127.0.0.1/in' }, 'url', 'loopback'],
    ['localhost', { url: 'https://localhost:8443/in' }, 'url', 'loopback'],
    ['private', { url: 'https://10.1.2.3/in' }, 'url', 'private'],
    ['IPv6 loopback', { url: 'https://[::1]/in' }, 'url', 'loopback'],
    ['link-local', { url: 'https://169.254.10.10/in' }, 'url', 'linkLocal'],
    ['metadata', { url: 'https://169.254.169.254/latest' }, 'url', 'metadata'],
    ['IPv4-compatible IPv6', { url: 'https://[::127.0.0.1]/' }, 'url', '::7f00:1 is an ipv4Compatible address'],
    ['6to4 of a loopback address', { url: 'https://[2002:7f00:1::]/' }, 'url', 'leading to 127.0.0.1, a loopback address'],
    ['NAT64', { url: 'https://[64:ff9b::a00:1]/' }, 'url', 'rfc6052'],
    ['Teredo', { url: 'https://[2001::1]/' }, 'url', 'teredo'],
    ['documentation IPv6', { url: 'https://[2001:db8::1]/' }, 'url', 'reserved'],
    ['localhost with a final dot', { url: 'https://localhost./' }, 'url', 'localhost. is a loopback address'],
    ['a name under localhost with a final dot', { url: 'https://hooks.localhost./in' }, 'url', 'loopback'],
    ['a user name', { url: 'https://me:pw@hooks.example.com/in' }, 'url', 'user name'],
    ['unknown event type', { events: ['job.created', 'job.exploded'] }, 'events[1]', 'job.exploded'],
    ['`*` with others', { events: ['*', 'job.created'] }, 'events', 'stands alone'],
  ])('%s: 400 parameter_invalid naming the field', async (_name, params, param, message) => {
    const error = expectError(await post({ url: 'https://hooks.example.com/in', events: ['job.created'], ...params }), 400, 'parameter_invalid');
    expect(error.details![0]!.param).toBe(param);
    expect(error.message).toContain(message);
  });

  it('refuses an empty events list, a description over 500 characters, a URL over 2048 characters, unknown and missing parameters', async () => {
    const base = { url: 'https://hooks.example.com/in', events: ['job.created'] };
    expect(expectError(await post({ ...base, events: [] }), 400, 'parameter_invalid').details![0]!.param).toBe('events');
    expect(expectError(await post({ ...base, description: 'x'.repeat(501) }), 400, 'parameter_invalid').details![0]!.param).toBe('description');
    expect((await post({ ...base, description: 'x'.repeat(500) })).status).toBe(201);
    const long = `https://hooks.example.com/${'a'.repeat(2048 - 26)}`;
    expect(long.length).toBe(2048);
    expect((await post({ ...base, url: long })).status).toBe(201);
    expect(expectError(await post({ ...base, url: `${long}a` }), 400, 'parameter_invalid').details![0]!.param).toBe('url');
    expect(expectError(await post({ ...base, secret: 'whsec_mine' }), 400, 'parameter_unknown').details![0]!.param).toBe('secret');
    expect(expectError(await post({ events: ['*'] }), 400, 'parameter_missing').details![0]!.param).toBe('url');
    expect(expectError(await post({ url: base.url }), 400, 'parameter_missing').details![0]!.param).toBe('events');
  });

  it('with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true takes http towards private addresses, never towards public ones nor the metadata one', async () => {
    const open = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
    try {
      for (const url of [
        'http://127.0.0.1:8080/in',
        'https://10.0.0.7/in',
        'http://localhost:3000/in',
        'http://[fd12::7]/in',
        'http://receiver/in',
        'https://93.184.216.34/hook',
      ]) {
        expect((await open.api.post('/v2/webhooks', { url, events: ['*'] }, { json: true })).status, url).toBe(201);
      }
      expectError(await open.api.post('/v2/webhooks', { url: 'http://169.254.169.254/', events: ['*'] }, { json: true }), 400, 'parameter_invalid');
      expectError(await open.api.post('/v2/webhooks', { url: 'ftp://10.0.0.7/', events: ['*'] }, { json: true }), 400, 'parameter_invalid');
      for (const url of ['http://93.184.216.34/hook', 'http://[2606:4700:4700::1111]/hook', 'http://[::ffff:8.8.8.8]/hook']) {
        const error = expectError(await open.api.post('/v2/webhooks', { url, events: ['*'] }, { json: true }), 400, 'parameter_invalid');
        expect(error.details![0]!.param).toBe('url');
        expect(error.message, url).toContain('is a public address: http only towards private and loopback addresses, use https');
      }
      for (const url of ['https://[::127.0.0.1]/', 'https://[2002:a00:1::]/']) {
        expect(expectError(await open.api.post('/v2/webhooks', { url, events: ['*'] }, { json: true }), 400, 'parameter_invalid').details![0]!.param).toBe(
          'url',
        );
      }
      const webhook = (await open.api.post('/v2/webhooks', { url: 'http://10.0.0.8/in', events: ['*'] }, { json: true })).body;
      const update = expectError(
        await open.api.put(`/v2/webhooks/${webhook.id}`, { url: 'http://93.184.216.34/hook' }, { json: true }),
        400,
        'parameter_invalid',
      );
      expect(update.details![0]!.param).toBe('url');
      expect(update.message).toContain('http only towards private and loopback addresses');
    } finally {
      await open.close();
    }
  });
});

describe('GET /v2/webhooks', () => {
  it("pages the account's endpoints, newest first by default; another account sees only its own", async () => {
    const other = await newWebhook(t.otherApi);
    const mine = [await newWebhook(t.api), await newWebhook(t.api), await newWebhook(t.api)];
    const all = (await t.api.get('/v2/webhooks', { pageSize: 100 })).body;
    expect(all.items.map((item: { id: string }) => item.id)).not.toContain(other.id);
    expect(all.items.slice(0, 3).map((item: { id: string }) => item.id)).toEqual(mine.map((item) => item.id).reverse());
    const page = (await t.api.get('/v2/webhooks', { pageSize: 2, page: 2, direction: 'asc' })).body;
    expect(page).toMatchObject({ page: 2, pageSize: 2, totalItems: all.totalItems, hasPreviousPage: true });
    expect(page.items.every((item: Record<string, unknown>) => !('secret' in item))).toBe(true);
    expect((await t.otherApi.get('/v2/webhooks')).body.items.map((item: { id: string }) => item.id)).toEqual([other.id]);
    expectError(await t.api.get('/v2/webhooks', { sort: 'url' }), 400, 'parameter_invalid');
  });
});

describe('GET /v2/webhooks/:id', () => {
  it("404 for a missing id and another account's endpoint; never the secret", async () => {
    const webhook = await newWebhook(t.api);
    const reply = await t.api.get(`/v2/webhooks/${webhook.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).not.toHaveProperty('secret');
    expectError(await t.api.get(`/v2/webhooks/${MISSING_ID}`), 404, 'resource_missing');
    expectError(await t.otherApi.get(`/v2/webhooks/${webhook.id}`), 404, 'resource_missing');
  });
});

describe('PUT /v2/webhooks/:id', () => {
  it('changes the parameters given, records webhook.updated; enabling again clears disabledReason', async () => {
    const webhook = await newWebhook(t.api, { description: 'Before' });
    const reply = await t.api.put(`/v2/webhooks/${webhook.id}`, { url: 'https://hooks.example.com/new', events: ['*'], enabled: false }, { json: true });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ url: 'https://hooks.example.com/new', events: ['*'], enabled: false, description: 'Before', disabledReason: null });
    expect(reply.body).not.toHaveProperty('secret');
    expect(reply.body.updatedAt >= webhook.updatedAt).toBe(true);
    const [, updated] = await allEvents(t.api, { objectType: 'webhook', objectId: webhook.id });
    expect(updated).toMatchObject({ type: 'webhook.updated', data: reply.body });

    // Disabled by Transdesk (the outbox): enabled again by a user, a fresh start.
    await t.database.db
      .updateTable('webhook_endpoints')
      .set({ disabled_reason: 'failing', failing_since: '2026-01-01T00:00:00.000Z' })
      .where('id', '=', webhook.id)
      .execute();
    expect((await t.api.get(`/v2/webhooks/${webhook.id}`)).body.disabledReason).toBe('failing');
    const enabled = await t.api.put(`/v2/webhooks/${webhook.id}`, { enabled: true }, { json: true });
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null });
    const row = await t.database.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', webhook.id).executeTakeFirstOrThrow();
    expect(row.failing_since).toBeNull();
    expect(row.secret).toBe(webhook.secret);
  });

  it('validates as the creation does; 404 for a missing id and another account', async () => {
    const webhook = await newWebhook(t.api);
    const put = (params: Record<string, unknown>, api: Api = t.api, id: string = webhook.id) => api.put(`/v2/webhooks/${id}`, params as never, { json: true });
    expect(expectError(await put({ url: 'http://hooks.example.com' }), 400, 'parameter_invalid').details![0]!.param).toBe('url');
    for (const url of ['https://[::127.0.0.1]/', 'https://localhost./', 'https://[fe80::1]/', 'https://[2001:20::1]/']) {
      const error = expectError(await put({ url }), 400, 'parameter_invalid');
      expect(error.details![0]!.param, url).toBe('url');
    }
    expect((await t.api.get(`/v2/webhooks/${webhook.id}`)).body.url).toBe('https://hooks.example.com/transdesk');
    expect(expectError(await put({ events: ['nope'] }), 400, 'parameter_invalid').details![0]!.param).toBe('events[0]');
    expect(expectError(await put({ events: [] }), 400, 'parameter_invalid').details![0]!.param).toBe('events');
    expect(expectError(await put({ description: 'y'.repeat(501) }), 400, 'parameter_invalid').details![0]!.param).toBe('description');
    expect(expectError(await put({ secret: 'x' }), 400, 'parameter_unknown').details![0]!.param).toBe('secret');
    expectError(await put({ enabled: false }, t.api, MISSING_ID), 404, 'resource_missing');
    expectError(await put({ enabled: false }, t.otherApi), 404, 'resource_missing');
    expect((await t.api.get(`/v2/webhooks/${webhook.id}`)).body.enabled).toBe(true);
  });
});

describe('DELETE /v2/webhooks/:id', () => {
  it('removes the endpoint with its deliveries and their attempts (204), records webhook.deleted', async () => {
    const webhook = await newWebhook(t.api);
    const kept = await newWebhook(t.api);
    for (const id of [webhook.id, webhook.id, kept.id]) expect((await t.api.post(`/v2/webhooks/${id}/test`)).status).toBe(202);
    const [first] = await deliveryRows(t, webhook.id);
    await t.database.db
      .insertInto('delivery_attempts')
      .values({ id: 'a'.repeat(24), delivery_id: first!.id, attempt: 1, started_at: first!.created_at, status_code: 500, duration_ms: 12, error: 'HTTP 500' })
      .execute();
    expectError(await t.otherApi.delete(`/v2/webhooks/${webhook.id}`), 404, 'resource_missing');
    expect((await t.api.delete(`/v2/webhooks/${webhook.id}`)).status).toBe(204);
    expectError(await t.api.get(`/v2/webhooks/${webhook.id}`), 404, 'resource_missing');
    expect(await deliveryRows(t, webhook.id)).toEqual([]);
    expect(await t.database.db.selectFrom('delivery_attempts').selectAll().where('delivery_id', '=', first!.id).execute()).toEqual([]);
    expect(await deliveryRows(t, kept.id)).toHaveLength(1);
    const events = await allEvents(t.api, { objectType: 'webhook', objectId: webhook.id });
    const { secret: _, ...object } = webhook;
    expect(events.at(-1)).toMatchObject({ type: 'webhook.deleted', data: object });
    expectError(await t.api.delete(`/v2/webhooks/${webhook.id}`), 404, 'resource_missing');
  });
});

describe('roles (docs/access.md#roles)', () => {
  it('owner and admin manage endpoints; manager, finance, viewer and a read-scope key get 403; every role reads them', async () => {
    const byAdmin = await newWebhook(roles.admin);
    expect((await roles.admin.put(`/v2/webhooks/${byAdmin.id}`, { description: 'Admin' }, { json: true })).status).toBe(200);
    for (const api of [roles.manager, roles.finance, roles.viewer, roles.adminRead]) {
      expectError(await post({ url: 'https://hooks.example.com/in', events: ['*'] }, api), 403, 'forbidden');
      expectError(await api.put(`/v2/webhooks/${byAdmin.id}`, { description: 'No' }, { json: true }), 403, 'forbidden');
      expectError(await api.delete(`/v2/webhooks/${byAdmin.id}`), 403, 'forbidden');
      expectError(await api.post(`/v2/webhooks/${byAdmin.id}/rotate-secret`), 403, 'forbidden');
      expectError(await api.post(`/v2/webhooks/${byAdmin.id}/test`), 403, 'forbidden');
      const read = await api.get(`/v2/webhooks/${byAdmin.id}`);
      expect(read.status).toBe(200);
      expect(read.body).not.toHaveProperty('secret');
    }
    expect((await t.api.get(`/v2/webhooks/${byAdmin.id}`)).body.description).toBe('Admin');
    expect((await roles.admin.delete(`/v2/webhooks/${byAdmin.id}`)).status).toBe(204);
  });
});
