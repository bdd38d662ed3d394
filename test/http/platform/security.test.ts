import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { generateApiKey, hashApiKey } from '../../../src/core/auth.js';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { createTestApp, MISSING_ID, type TestContext } from '../../helper.js';

/**
 * Authentication, authorisation, routing errors and rate limits (docs/reference.md#authentication, docs/reference.md#errors, docs/reference.md#rate-limits),
 * generated for every route of the app: the route list is read from the running app (its OpenAPI
 * document and its router), so routes added later are covered without touching this file.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/**
 * Routes that answer without a key (docs/operations.md#health-and-metrics; the single sign-on
 * redirects, docs/access.md#single-sign-on), besides the operations the document declares public;
 * everything else under /v2 needs one.
 */
const PUBLIC = new Set(['/v2/openapi.json', '/v2/auth/oidc/start', '/v2/auth/oidc/callback']);
const REALM = 'Basic realm="Transdesk"';

interface Route {
  method: Method;
  /** Fastify form: `/v2/jobs/:id`. */
  path: string;
}

/** `router.printRoutes({ commonPrefix: false })`: a tree whose children continue their parent's path. */
function routesFromTree(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ')) {
      if ((METHODS as string[]).includes(method)) routes.push({ method: method as Method, path });
    }
  }
  return routes;
}

async function collectRoutes(app: FastifyInstance): Promise<Route[]> {
  const found = new Map<string, Route>();
  const openapi = await app.inject({ method: 'GET', url: '/v2/openapi.json' });
  const document = JSON.parse(openapi.body) as { paths: Record<string, Record<string, { security?: unknown[] }>> };
  // Operations the document declares public (`security: []`: signing in, docs/access.md) need no key either.
  const publicOperations = new Set(
    Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => Array.isArray(operation.security) && operation.security.length === 0)
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
    ),
  );
  const add = (route: Route) => {
    // The portal's routes take no API key: their credentials are proved by test/http/portal/isolation.test.ts.
    if (!route.path.startsWith('/v2/') || route.path.startsWith('/v2/portal/') || PUBLIC.has(route.path) || route.path.includes('*')) return;
    if (publicOperations.has(`${route.method} ${route.path}`)) return;
    found.set(`${route.method} ${route.path}`, route);
  };
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const method of Object.keys(operations)) {
      const upper = method.toUpperCase();
      if ((METHODS as string[]).includes(upper)) add({ method: upper as Method, path: path.replace(/\{([^}]+)\}/g, ':$1') });
    }
  }
  for (const route of routesFromTree(app.printRoutes({ commonPrefix: false }))) add(route);
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** A concrete URL: every path parameter gets a well-formed id that no record has. */
const urlOf = (path: string) => path.replace(/:[A-Za-z0-9_]+/g, MISSING_ID);
const patternOf = (path: string) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`);
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

const t: TestContext = await createTestApp();
const ROUTES = await collectRoutes(t.app);
const PATHS = [...new Set(ROUTES.map((route) => route.path))];

let revokedKey: string;
beforeAll(async () => {
  const { apiKey } = await insertApiKey(t.database.db, t.account.accountId, t.account.userId);
  const before = await t.app.inject({ method: 'GET', url: '/v2/account/taxes', headers: { authorization: basic(apiKey) } });
  expect(before.statusCode).toBe(200);
  await t.database.db.updateTable('api_keys').set({ revoked_at: new Date().toISOString() }).where('key_hash', '=', hashApiKey(apiKey)).execute();
  revokedKey = apiKey;
});
afterAll(async () => {
  await t.close();
});

function json(response: LightMyRequestResponse): Record<string, unknown> {
  expect(String(response.headers['content-type'])).toContain('application/json');
  return JSON.parse(response.body) as Record<string, unknown>;
}

/** The API error body (docs/reference.md#errors) with exactly the fields of a non-validation error. */
function expectErrorBody(response: LightMyRequestResponse, status: number, code: string, name: string): Record<string, unknown> {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
  const body = json(response);
  expect(Object.keys(body).sort()).toEqual(['code', 'id', 'message', 'name']);
  expect(body).toMatchObject({ code, name, id: response.headers['x-request-id'] });
  expect(typeof body.message).toBe('string');
  return body;
}

function request(route: Route, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: route.method as InjectOptions['method'], url: urlOf(route.path), headers });
}

/** docs/reference.md#errors: no stack trace, SQL or server path in any answer. */
const LEAKS = [/at \//, /\.ts:\d/, /\.js:\d/, /node_modules/, /\bselect\b.*\bfrom\b/i, /\binsert into\b/i, /SQLITE_/, /violates .* constraint/i];

function expectServed(response: LightMyRequestResponse, label: string): void {
  expect([401, 403], `${label}: ${response.body.slice(0, 300)}`).not.toContain(response.statusCode);
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400) for (const leak of LEAKS) expect(response.body, `${label}: ${leak}`).not.toMatch(leak);
}

describe('the route list', () => {
  it('is read from the app and holds the master-data routes at least', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(10);
    for (const expected of ['GET /v2/account/taxes', 'POST /v2/account/taxes', 'PUT /v2/account/taxes/:id', 'DELETE /v2/account/language-pairs/:id']) {
      expect(ROUTES.map((route) => `${route.method} ${route.path}`)).toContain(expected);
    }
  });

  it('parses the router tree, children continuing their parent path', () => {
    const tree = [
      '└── /v2/a (GET, HEAD, POST)',
      '    ├── /:id (GET, HEAD, PUT)',
      '    │   └── /match (POST)',
      '    │       └── es/:matchId (DELETE)',
      '    └── /b (PATCH)',
    ].join('\n');
    expect(routesFromTree(tree)).toEqual([
      { method: 'GET', path: '/v2/a' },
      { method: 'POST', path: '/v2/a' },
      { method: 'GET', path: '/v2/a/:id' },
      { method: 'PUT', path: '/v2/a/:id' },
      { method: 'POST', path: '/v2/a/:id/match' },
      { method: 'DELETE', path: '/v2/a/:id/matches/:matchId' },
      { method: 'PATCH', path: '/v2/a/b' },
    ]);
  });
});

describe.each(ROUTES)('$method $path', (route) => {
  it('answers 401 unauthorized, the same way whatever is wrong with the credentials', async () => {
    const missing = await request(route);
    const reference = expectErrorBody(missing, 401, 'unauthorized', 'Unauthorized');
    expect(missing.headers['www-authenticate']).toBe(REALM);
    const wrong: Array<[string, string]> = [
      ['unknown key', basic(generateApiKey())],
      ['revoked key', basic(revokedKey)],
      ['Bearer revoked key', `Bearer ${revokedKey}`],
      ['Basic with garbage base64', 'Basic !!!not*base64$$$'],
      ['Basic without a user name', basic('')],
      ['Basic with the key as password', `Basic ${Buffer.from(`:${t.account.apiKey}`).toString('base64')}`],
      ['empty Bearer', 'Bearer '],
      ['Bearer without a space', `Bearer${t.account.apiKey}`],
      ['an unknown scheme', `Token ${t.account.apiKey}`],
      ['a bare key', t.account.apiKey],
      ['an empty header', ''],
    ];
    for (const [label, authorization] of wrong) {
      const response = await request(route, { authorization });
      const body = expectErrorBody(response, 401, 'unauthorized', 'Unauthorized');
      expect(response.headers['www-authenticate'], label).toBe(REALM);
      expect({ message: body.message, name: body.name, code: body.code }, label).toEqual({
        message: reference.message,
        name: reference.name,
        code: reference.code,
      });
    }
    if (route.method === 'GET') {
      const head = await t.app.inject({ method: 'HEAD', url: urlOf(route.path) });
      expect(head.statusCode).toBe(401);
      expect(head.headers['www-authenticate']).toBe(REALM);
    }
  });

  it('serves a valid key, as Basic and as Bearer', async () => {
    expectServed(await request(route, { authorization: `Bearer ${t.account.apiKey}` }), 'Bearer');
    expectServed(await request(route, { authorization: `bearer ${t.account.apiKey}` }), 'bearer');
    expectServed(await request(route, { authorization: basic(t.account.apiKey) }), 'Basic');
  });

  if (route.method === 'GET') {
    it('serves a read-only key', async () => {
      expectServed(await request(route, { authorization: basic(t.account.readKey) }), 'read key');
      expectServed(await t.app.inject({ method: 'HEAD', url: urlOf(route.path), headers: { authorization: basic(t.account.readKey) } }), 'read key HEAD');
    });
  } else {
    it('answers 403 forbidden to a read-only key', async () => {
      expectErrorBody(await request(route, { authorization: basic(t.account.readKey) }), 403, 'forbidden', 'Forbidden');
      expectErrorBody(await request(route, { authorization: `Bearer ${t.account.readKey}` }), 403, 'forbidden', 'Forbidden');
      const withBody = await t.app.inject({
        method: route.method as InjectOptions['method'],
        url: urlOf(route.path),
        headers: { authorization: basic(t.account.readKey), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=x',
      });
      expectErrorBody(withBody, 403, 'forbidden', 'Forbidden');
    });
  }
});

describe.each(PATHS)('%s with a method it does not have', (path) => {
  it('answers 405 method_not_allowed with Allow', async () => {
    const methods = ROUTES.filter((route) => route.path === path).map((route) => route.method);
    // A method is unsupported when no route of that method matches the URL at all: PUT
    // /v2/users/me is served by PUT /v2/users/:id (and answers 404 for the id "me").
    const unsupported = METHODS.filter((method) => !ROUTES.some((route) => route.method === method && patternOf(route.path).test(urlOf(path))));
    if (unsupported.length === 0) return;
    const allowed = new Set<string>(methods);
    if (allowed.has('GET')) allowed.add('HEAD');
    for (const method of unsupported) {
      const response = await t.app.inject({ method, url: urlOf(path), headers: { authorization: basic(t.account.apiKey) } });
      const body = expectErrorBody(response, 405, 'method_not_allowed', 'MethodNotAllowed');
      const allow = new Set(
        String(response.headers.allow ?? '')
          .split(/,\s*/)
          .filter(Boolean),
      );
      // Allow may name more: `/v2/users/me` also matches the pattern `/v2/users/:id`.
      for (const expected of allowed) expect(allow.has(expected), `${method} ${path}: Allow ${[...allow].join(', ')}`).toBe(true);
      expect(allow.has(method)).toBe(false);
      expect(body.message).toContain(method);
    }
  });
});

describe('routing errors', () => {
  it('answers 404 route_missing for unknown routes', async () => {
    // `/` is the web console's page, and a browser's navigation elsewhere gets it too (test/http/console/).
    for (const url of ['/v2/no-such-thing', '/v2/account/taxes/x/y/z', '/nothing', '/v3/jobs', `/v2/account/taxes/${MISSING_ID}/unknown`, '/v2/']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { authorization: basic(t.account.apiKey) } });
      expectErrorBody(response, 404, 'route_missing', 'NotFound');
    }
    const post = await t.app.inject({ method: 'POST', url: '/v2/no-such-thing', headers: { authorization: basic(t.account.apiKey) } });
    expectErrorBody(post, 404, 'route_missing', 'NotFound');
  });

  it("answers a browser's script the same 401 without the Basic challenge (no browser dialog over the console's sign-in)", async () => {
    // What Chromium sends with a page's fetch() or XMLHttpRequest: the fetch metadata, Sec-Fetch-Site among them.
    for (const [mode, site] of [
      ['cors', 'same-origin'],
      ['same-origin', 'same-origin'],
      ['no-cors', 'same-origin'],
      ['cors', 'cross-site'],
      ['cors', 'none'],
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/v2/jobs',
        headers: { 'sec-fetch-mode': mode, 'sec-fetch-site': site, 'sec-fetch-dest': 'empty' },
      });
      expectErrorBody(response, 401, 'unauthorized', 'Unauthorized');
      expect(response.headers['www-authenticate'], `${mode} ${site}`).toBeUndefined();
    }
    // The console's calls are marked, for browsers that send no fetch metadata (plain http to another machine).
    const marked = await t.app.inject({ method: 'GET', url: '/v2/jobs', headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expectErrorBody(marked, 401, 'unauthorized', 'Unauthorized');
    expect(marked.headers['www-authenticate']).toBeUndefined();
    const wrongKey = await t.app.inject({
      method: 'GET',
      url: '/v2/jobs',
      headers: { 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-origin', authorization: 'Bearer td_wrong' },
    });
    expectErrorBody(wrongKey, 401, 'unauthorized', 'Unauthorized');
    expect(wrongKey.headers['www-authenticate']).toBeUndefined();
  });

  it('keeps the challenge for a navigation, for Node’s fetch (Sec-Fetch-Mode: cors alone) and for clients without fetch metadata', async () => {
    const cases: Array<Record<string, string>> = [
      { 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none', 'sec-fetch-dest': 'document', 'sec-fetch-user': '?1' },
      { 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'iframe' },
      { 'sec-fetch-mode': 'cors', accept: '*/*', 'user-agent': 'node' },
      { 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
      { 'user-agent': 'curl/8.5.0', accept: '*/*' },
      { 'x-requested-with': 'fetch' },
      {},
    ];
    for (const headers of cases) {
      const response = await t.app.inject({ method: 'GET', url: '/v2/jobs', headers });
      expectErrorBody(response, 401, 'unauthorized', 'Unauthorized');
      expect(response.headers['www-authenticate'], JSON.stringify(headers)).toBe(REALM);
    }
  });

  it('does not reveal routes to callers without a key: 401 first', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v2/no-such-thing' });
    expectErrorBody(response, 401, 'unauthorized', 'Unauthorized');
  });

  it('answers 405 for OPTIONS and unsupported methods on a collection', async () => {
    const response = await t.app.inject({ method: 'OPTIONS', url: '/v2/account/taxes', headers: { authorization: basic(t.account.apiKey) } });
    expectErrorBody(response, 405, 'method_not_allowed', 'MethodNotAllowed');
    expect(String(response.headers.allow).split(', ').sort()).toEqual(['GET', 'HEAD', 'POST']);
  });

  it('keeps the public routes public', async () => {
    for (const url of ['/health', '/v2/openapi.json', '/docs', '/metrics']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
  });
});

describe('rate limits (docs/reference.md#rate-limits)', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(async () => {
    await limited.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Ten seconds into a minute: the window cannot roll over during the test. */
  function freezeClock(): void {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.UTC(2030, 0, 1, 12, Math.floor(Math.random() * 60), 10)));
  }

  it('answers 429 rate_limited with Retry-After and RateLimit headers on the 6th request of a key', async () => {
    freezeClock();
    const headers = { authorization: basic(limited.account.apiKey) };
    for (let i = 1; i <= 5; i++) {
      const response = await limited.app.inject({ method: 'GET', url: '/v2/account/taxes', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe('5');
      expect(response.headers['ratelimit-remaining']).toBe(String(5 - i));
      expect(response.headers['ratelimit-reset']).toBe('50');
    }
    const sixth = await limited.app.inject({ method: 'GET', url: '/v2/account/taxes', headers });
    const body = expectErrorBody(sixth, 429, 'rate_limited', 'TooManyRequests');
    expect(body.message).toMatch(/5 requests per minute/);
    expect(sixth.headers['retry-after']).toBe('50');
    expect(sixth.headers['ratelimit-limit']).toBe('5');
    expect(sixth.headers['ratelimit-remaining']).toBe('0');
    expect(sixth.headers['ratelimit-reset']).toBe('50');
    // Writes are limited too.
    const write = await limited.app.inject({
      method: 'POST',
      url: '/v2/account/taxes',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"name":"x","value":0.1}',
    });
    expectErrorBody(write, 429, 'rate_limited', 'TooManyRequests');
  });

  it('counts per key: other keys of the same user and of other accounts still pass', async () => {
    freezeClock();
    const first = { authorization: basic(limited.account.apiKey) };
    for (let i = 0; i < 6; i++) await limited.app.inject({ method: 'GET', url: '/v2/account/taxes', headers: first });
    expect((await limited.app.inject({ method: 'GET', url: '/v2/account/taxes', headers: first })).statusCode).toBe(429);
    const readKey = await limited.app.inject({ method: 'GET', url: '/v2/account/taxes', headers: { authorization: basic(limited.account.readKey) } });
    expect(readKey.statusCode).toBe(200);
    expect(readKey.headers['ratelimit-remaining']).toBe('4');
    const otherAccount = await limited.app.inject({ method: 'GET', url: '/v2/account/taxes', headers: { authorization: `Bearer ${limited.other.apiKey}` } });
    expect(otherAccount.statusCode).toBe(200);
    expect(otherAccount.headers['ratelimit-remaining']).toBe('4');
  });

  it('starts counting again in the next minute', async () => {
    freezeClock();
    const headers = { authorization: basic(limited.other.readKey) };
    for (let i = 0; i < 5; i++) await limited.app.inject({ method: 'GET', url: '/v2/account/taxes', headers });
    expect((await limited.app.inject({ method: 'GET', url: '/v2/account/taxes', headers })).statusCode).toBe(429);
    vi.setSystemTime(Date.now() + 60_000);
    const next = await limited.app.inject({ method: 'GET', url: '/v2/account/taxes', headers });
    expect(next.statusCode).toBe(200);
    expect(next.headers['ratelimit-remaining']).toBe('4');
  });

  it('does not count or label requests without a valid key', async () => {
    const response = await limited.app.inject({ method: 'GET', url: '/v2/account/taxes' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['ratelimit-limit']).toBeUndefined();
    expect((await limited.app.inject({ method: 'GET', url: '/health' })).headers['ratelimit-limit']).toBeUndefined();
  });

  it('sends no limit headers when the limit is 0 (disabled)', async () => {
    expect(t.config.rateLimitPerMinute).toBe(0);
    for (let i = 0; i < 20; i++) {
      const response = await t.app.inject({ method: 'GET', url: '/v2/account/taxes', headers: { authorization: basic(t.account.apiKey) } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBeUndefined();
      expect(response.headers['ratelimit-remaining']).toBeUndefined();
      expect(response.headers['retry-after']).toBeUndefined();
    }
  });
});
