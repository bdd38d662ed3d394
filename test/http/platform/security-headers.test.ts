import { afterAll, describe, expect, it } from 'vitest';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { API_CSP, DOCS_CSP, headersPlugin, PDF_CSP } from '../../../src/core/http/headers-plugin.js';
import { createTestApp, MISSING_ID, type TestContext } from '../../helper.js';
import { uploadFile } from '../files/helper.js';

/**
 * Hardening headers on every response (src/core/http/headers-plugin.ts): nosniff, no framing, no
 * referrer, a Content-Security-Policy (strict for the API, one that lets Swagger UI run under
 * /docs), no-store, and nothing that names the server software.
 */
const t: TestContext = await createTestApp();
afterAll(async () => {
  await t.close();
});

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
const auth = () => ({ authorization: basic(t.account.apiKey) });

function expectHardened(response: LightMyRequestResponse, label: string, csp = API_CSP, frameOptions = 'DENY'): void {
  const headers = response.headers;
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['x-frame-options'], label).toBe(frameOptions);
  expect(headers['referrer-policy'], label).toBe('no-referrer');
  expect(headers['content-security-policy'], label).toBe(csp);
  expect(headers['x-request-id'], label).toBeTruthy();
  expect(headers['x-powered-by'], label).toBeUndefined();
  expect(headers.server, label).toBeUndefined();
}

describe('security headers', () => {
  it('the API CSP forbids loading, framing, base and form targets', () => {
    expect(API_CSP).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  });

  it('are on JSON answers, errors of every kind, /health, /metrics and the OpenAPI document, with Cache-Control: no-store', async () => {
    const cases: Array<[string, Promise<LightMyRequestResponse>, number]> = [
      ['GET /v2/account', t.app.inject({ method: 'GET', url: '/v2/account', headers: auth() }), 200],
      [
        'POST 201',
        t.app.inject({
          method: 'POST',
          url: '/v2/account/taxes',
          headers: { ...auth(), 'content-type': 'application/json' },
          payload: '{"name":"Headers tax","value":0.1}',
        }),
        201,
      ],
      [
        'DELETE 204',
        (async () => {
          const created = await t.api.post('/v2/account/taxes', { name: 'To delete', value: 0.2 });
          return t.app.inject({ method: 'DELETE', url: `/v2/account/taxes/${created.body.id}`, headers: auth() });
        })(),
        204,
      ],
      ['401', t.app.inject({ method: 'GET', url: '/v2/account' }), 401],
      ['400 validation', t.app.inject({ method: 'GET', url: '/v2/clients?pageSize=1000', headers: auth() }), 400],
      [
        '400 malformed JSON',
        t.app.inject({ method: 'POST', url: '/v2/account/taxes', headers: { ...auth(), 'content-type': 'application/json' }, payload: '{' }),
        400,
      ],
      ['404 resource', t.app.inject({ method: 'GET', url: `/v2/clients/${MISSING_ID}`, headers: auth() }), 404],
      ['404 route', t.app.inject({ method: 'GET', url: '/v2/no-such-route', headers: auth() }), 404],
      ['404 framework error (bad percent-encoding)', t.app.inject({ method: 'GET', url: '/v2/clients/%E0%A4%A', headers: auth() }), 404],
      ['404 framework error (path parameter too long)', t.app.inject({ method: 'GET', url: `/v2/clients/${'a'.repeat(300)}`, headers: auth() }), 404],
      ['405', t.app.inject({ method: 'PATCH', url: '/v2/account/taxes', headers: auth() }), 405],
      ['415', t.app.inject({ method: 'POST', url: '/v2/account/taxes', headers: { ...auth(), 'content-type': 'text/plain' }, payload: 'x' }), 415],
      ['/health', t.app.inject({ method: 'GET', url: '/health' }), 200],
      ['/metrics', t.app.inject({ method: 'GET', url: '/metrics' }), 200],
      ['/v2/openapi.json', t.app.inject({ method: 'GET', url: '/v2/openapi.json' }), 200],
    ];
    for (const [label, pending, status] of cases) {
      const response = await pending;
      expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(status);
      expectHardened(response, label);
      expect(response.headers['cache-control'], label).toBe('no-store');
    }
  });

  it('are on file downloads (attachment, strict CSP)', async () => {
    const client = `/v2/clients/${(await t.api.post('/v2/clients', { name: 'Headers client', currency: 'EUR' })).body.id}`;
    const file = await uploadFile(t, client, 'page.html', '<script>alert(1)</script>');
    expect(file.status).toBe(201);
    const response = await t.app.inject({ method: 'GET', url: `${client}/files/${file.body.id}/download`, headers: auth() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment/);
    expectHardened(response, 'download');
  });

  it('PDF documents, answered inline, may only be framed by pages of this origin (the console previews them)', async () => {
    const clientId = (await t.api.post('/v2/clients', { name: 'PDF client', currency: 'EUR' })).body.id;
    const quote = await t.api.post('/v2/quotes', { client: clientId, lines: [{ description: 'Estimate', quantity: 1, unitCost: 10 }] });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    const response = await t.app.inject({ method: 'GET', url: `/v2/quotes/${quote.body.id}/pdf`, headers: auth() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expectHardened(response, 'pdf', PDF_CSP, 'SAMEORIGIN');
    expect(PDF_CSP).toBe("frame-ancestors 'self'");
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('/docs (Swagger UI) gets a CSP that allows its own scripts, styles and requests, and still works', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expectHardened(page, '/docs/', DOCS_CSP);
    expect(page.headers['cache-control']).not.toBe('no-store');
    expect(DOCS_CSP).toContain("script-src 'self'");
    expect(DOCS_CSP).not.toMatch(/unsafe-eval/);
    expect(DOCS_CSP).toContain("frame-ancestors 'none'");
    expect(DOCS_CSP).toContain("connect-src 'self'");
    // script-src 'self' is enough: every script of the page is a file of this origin, none inline.
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    const assets: string[] = [];
    for (const [, attributes, content] of scripts) {
      expect(content!.trim()).toBe('');
      const src = /\bsrc="([^"]+)"/.exec(attributes!)?.[1];
      expect(src).toMatch(/^\.\/static\//);
      assets.push(src!);
    }
    for (const [, href] of page.body.matchAll(/<link\b[^>]*\bhref="([^"]+)"/g)) {
      expect(href).toMatch(/^\.\/static\//);
      assets.push(href!);
    }
    expect(page.body).not.toMatch(/\son\w+=/i); // no inline event handlers (script-src-attr 'none')
    // The page's assets, the initializer and the OpenAPI document it loads are served from here.
    for (const asset of assets) {
      const response = await t.app.inject({ method: 'GET', url: `/docs/${asset.slice(2)}` });
      expect(response.statusCode, asset).toBe(200);
      expectHardened(response, asset, DOCS_CSP);
    }
    const initializer = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain("resolveUrl('./json')");
    const spec = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(JSON.parse(spec.body).openapi).toBe('3.1.0');
    expectHardened(spec, '/docs/json', DOCS_CSP);
    // Without the trailing slash too.
    const bare = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(bare.statusCode).toBe(200);
    expectHardened(bare, '/docs', DOCS_CSP);
  });

  it('a route that sets its own Content-Security-Policy or Cache-Control keeps it', async () => {
    // buildApp is ready once built (no route can be added): the plugin on a bare Fastify.
    const bare = Fastify();
    await bare.register(headersPlugin);
    bare.get('/own', async (_request, reply) =>
      reply.header('Content-Security-Policy', "default-src 'self'").header('Cache-Control', 'max-age=60').send({ ok: true }),
    );
    bare.get('/plain', async () => ({ ok: true }));
    const own = await bare.inject({ method: 'GET', url: '/own' });
    expect(own.headers['content-security-policy']).toBe("default-src 'self'");
    expect(own.headers['cache-control']).toBe('max-age=60');
    expect(own.headers['x-frame-options']).toBe('DENY');
    const plain = await bare.inject({ method: 'GET', url: '/plain' });
    expect(plain.headers['content-security-policy']).toBe(API_CSP);
    expect(plain.headers['cache-control']).toBe('no-store');
    await bare.close();
  });
});
