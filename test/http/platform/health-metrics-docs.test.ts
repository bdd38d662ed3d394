import Fastify, { type FastifyInstance, type HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { modules } from '../../../src/modules/index.js';
import { createTestApp, openTestDatabase, type TestContext } from '../../helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /health (docs/operations.md#health-and-metrics)', () => {
  it('answers 200 {status: ok} without a key', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/health' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database does not answer', async () => {
    const { database, drop } = await openTestDatabase();
    const app = await buildApp({ config: t.config, database, logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      await database.close();
      const reply = await app.inject({ method: 'GET', url: '/health' });
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toEqual({ status: expect.any(String) });
      expect(reply.json().status).not.toBe('ok');
    } finally {
      await app.close();
      await drop();
    }
  });
});

describe('GET /metrics (docs/operations.md#health-and-metrics)', () => {
  it('exposes Prometheus text without a key, with request counts and latencies by route and status', async () => {
    await t.api.get('/v2/users');
    await t.api.get('/v2/users');
    await t.api.get('/v2/users/ffffffffffffffffffffffff');
    await t.api.withKey(undefined).get('/v2/users');
    await t.api.get('/no/such/route/123');
    const reply = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
    const text = reply.body;
    expect(text).toContain('# TYPE transdesk_http_requests_total counter');
    const count = (labels: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`transdesk_http_requests_total{${labels}}`));
      return line === undefined ? undefined : Number(line.split(' ').at(-1));
    };
    expect(count('method="GET",route="/v2/users",status="200"')).toBe(2);
    expect(count('method="GET",route="/v2/users/:id",status="404"')).toBe(1);
    expect(count('method="GET",route="/v2/users",status="401"')).toBe(1);
    // Unknown paths share one label value (no unbounded label cardinality).
    expect(text).not.toContain('/no/such/route');
    expect(count('method="GET",route="unmatched",status="404"')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/transdesk_http_request_duration_seconds_bucket\{le="[0-9.]+",method="GET",route="\/v2\/users",status="200"\} 2/);
    expect(text).toContain('process_cpu_user_seconds_total');
  });
});

/** Every (method, path) of the app, read from Fastify's route tree (`printRoutes`). */
function registeredRoutes(app: FastifyInstance): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const marker = line.indexOf('── ');
    if (marker < 0) continue;
    const depth = Math.round((marker - 1) / 4);
    const match = /^(.*) \(([^)]*)\)$/.exec(line.slice(marker + 3));
    if (!match) throw new Error(`unexpected printRoutes line: ${line}`);
    const url = (depth > 0 ? stack[depth - 1]! : '') + match[1]!;
    stack[depth] = url;
    stack.length = depth + 1;
    if (match[2] === '-') continue;
    for (const method of match[2]!.split(', ')) routes.push({ method, url });
  }
  return routes;
}

/** The route options of every module route, collected with an onRoute hook on a bare instance. */
async function moduleRouteOptions(): Promise<Map<string, { body?: unknown }>> {
  const collected = new Map<string, { body?: unknown }>();
  const bare = Fastify({ logger: false });
  bare.decorate('config', t.config);
  bare.decorate('database', t.database);
  bare.addHook('onRoute', (route) => {
    for (const method of ([] as HTTPMethods[]).concat(route.method)) collected.set(`${method} ${route.url}`, route.schema ?? {});
  });
  for (const module of modules) await bare.register(module);
  await bare.close();
  return collected;
}

/**
 * Routes that are no operation of the JSON API: outside /v2 (the reference at /docs, /health,
 * /metrics, the pages of links such as /accept-invitation), the document itself, and the single
 * sign-on redirects a browser is sent to (docs/access.md#single-sign-on).
 */
// The portal's routes take no API key: their credentials are proved by test/http/portal/isolation.test.ts.
const EXCLUDED = (url: string) => !url.startsWith('/v2/') || url === '/v2/openapi.json' || url.startsWith('/v2/auth/oidc/') || url.startsWith('/v2/portal/');

describe('GET /v2/openapi.json (docs/operations.md#health-and-metrics)', () => {
  it('is an OpenAPI 3.1 document, public', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/v2/openapi.json' });
    expect(reply.statusCode).toBe(200);
    const doc = reply.json();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(Object.keys(doc.paths).length).toBeGreaterThan(5);
  });

  it('documents every route: its 2xx response schema, and its request body for POST and PUT', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v2/openapi.json' })).json();
    const options = await moduleRouteOptions();
    const routes = registeredRoutes(t.app).filter((route) => route.method !== 'HEAD' && !EXCLUDED(route.url));
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['GET /v2/users', 'GET /v2/users/me', 'PUT /v2/users/:id', 'PUT /v2/account', 'GET /v2/events', 'DELETE /v2/account/taxes/:id']),
    );
    const problems: string[] = [];
    for (const { method, url } of routes) {
      const name = `${method} ${url}`;
      const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = doc.paths[path]?.[method.toLowerCase()];
      if (!operation) {
        problems.push(`${name}: not in paths`);
        continue;
      }
      const success = Object.keys(operation.responses ?? {}).filter((status) => /^2\d\d$/.test(status));
      if (success.length === 0) problems.push(`${name}: no 2xx response`);
      for (const status of success) {
        if (status === '204') continue;
        // JSON, or binary content under its own media type (downloads, PDFs).
        const content = operation.responses[status].content ?? {};
        const schema = (content['application/json'] ?? Object.values<{ schema?: object }>(content)[0])?.schema;
        if (!schema || Object.keys(schema).length === 0) problems.push(`${name}: no response schema for ${status}`);
      }
      if (!Object.keys(operation.responses ?? {}).some((status) => /^4/.test(status))) problems.push(`${name}: no error response`);
      if (method === 'POST' || method === 'PUT') {
        const route = options.get(name);
        if (!route) problems.push(`${name}: not registered by a module of src/modules/index.ts`);
        else if (route.body && !operation.requestBody?.content) problems.push(`${name}: body schema not documented as requestBody`);
      }
      for (const param of url.match(/:([A-Za-z0-9_]+)/g) ?? []) {
        const documented = (operation.parameters ?? []).some((p: { in: string; name: string }) => p.in === 'path' && p.name === param.slice(1));
        if (!documented) problems.push(`${name}: path parameter ${param} not documented`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents this module set: users, account and events', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v2/openapi.json' })).json();
    expect(doc.paths['/v2/users'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('role');
    // The user object is a shared schema (docs/openapi.md): the answer refers to it.
    const me = doc.paths['/v2/users/me'].get.responses['200'].content['application/json'].schema;
    expect(me).toEqual({ $ref: '#/components/schemas/User' });
    expect(doc.components.schemas.User.properties).toHaveProperty('isOwner');
    expect(doc.paths['/v2/account'].put.requestBody.content['application/json'].schema.properties).toHaveProperty('invoiceNumberFormat');
    const events = doc.paths['/v2/events'].get;
    expect(events.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'sort', 'direction', 'type', 'createdAfter']),
    );
    expect(events.responses['200'].content['application/json'].schema.properties.items.items.properties.data.type).toBe('object');
  });
});

describe('GET /docs (docs/operations.md#health-and-metrics)', () => {
  it('answers a readable HTML page without a key (following redirects within /docs)', async () => {
    let url = '/docs';
    let reply = await t.app.inject({ method: 'GET', url });
    for (let hops = 0; hops < 5 && reply.statusCode >= 300 && reply.statusCode < 400; hops++) {
      const location = String(reply.headers.location);
      url = new URL(location, `http://localhost${url}`).pathname;
      expect(url.startsWith('/docs')).toBe(true);
      reply = await t.app.inject({ method: 'GET', url });
    }
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.body).toMatch(/<html/i);
    expect(reply.body).toMatch(/swagger/i);
  });

  it('serves the document it renders', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().openapi).toMatch(/^3\.1\./);
  });
});
