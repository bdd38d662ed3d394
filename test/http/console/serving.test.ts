import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { NONCE_PLACEHOLDER } from '../../../src/modules/console/index.js';

/**
 * How the server answers the web console (docs/console.md#how-it-is-served): its page at `/` and at
 * a browser's navigation to any path of its own, with a fresh nonce in a strict policy; its hashed
 * assets with a year's cache; everything of the API unchanged. A small stand-in build, so that the
 * test needs no `npm run build`.
 */
const SCRIPT = 'console.log("console");\n'.repeat(50);
let folder: string;
let t: TestContext;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'transdesk-console-'));
  mkdirSync(join(folder, 'assets'));
  writeFileSync(
    join(folder, 'index.html'),
    `<!doctype html><html><head><meta name="csp-nonce" content="${NONCE_PLACEHOLDER}"></head><body><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script></body></html>`,
  );
  writeFileSync(join(folder, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(join(folder, 'assets', 'index-AbC123.js.gz'), gzipSync(SCRIPT));
  t = await createTestApp({ CONSOLE_DIR: folder });
});
afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const nonceOf = (body: string) => /content="([^"]+)"/.exec(body)?.[1];

describe('the console page', () => {
  it('answers / with the page, a fresh nonce each time, named by a strict policy, never stored', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/' });
    const second = await t.app.inject({ method: 'GET', url: '/' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    const nonce = nonceOf(first.body)!;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(second.body)).not.toBe(nonce);
    expect(first.body).not.toContain(NONCE_PLACEHOLDER);
    const policy = String(first.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('unsafe');
  });

  it("answers a browser's navigation to a page of the console (/jobs/…, /sign-in, links) with the page, without a key", async () => {
    for (const url of ['/jobs', '/jobs/abc123?tab=files', '/groups/x', '/sign-in?returnTo=%2Fjobs', '/accept-invitation', '/no-such-page']) {
      const reply = await t.app.inject({ method: 'GET', url, headers: html });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body).toContain('<div id="root">');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/jobs', headers: html })).statusCode).toBe(200);
  });

  it('keeps the API: its paths, other methods and clients that do not ask for HTML get the 404 error body', async () => {
    for (const url of ['/v2/no-such-thing', '/docs/nothing-here', '/assets/missing.js']) {
      const reply = await t.app.inject({ method: 'GET', url, headers: { ...html, authorization: `Bearer ${t.account.apiKey}` } });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.headers['content-type']).toContain('application/json');
    }
    expectError(await t.api.get('/jobs'), 404, 'route_missing');
    const post = await t.app.inject({ method: 'POST', url: '/jobs', headers: { ...html, authorization: `Bearer ${t.account.apiKey}` } });
    expect({ status: post.statusCode, code: post.json().code }).toEqual({ status: 404, code: 'route_missing' });
    // Without a key, an API path still answers 401 first.
    expect((await t.app.inject({ method: 'GET', url: '/v2/jobs', headers: html })).statusCode).toBe(401);
    expect((await t.api.get('/v2/jobs')).status).toBe(200);
  });
});

describe('the console assets', () => {
  it('answers a hashed asset with a year of immutable cache, compressed when the client accepts gzip', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toContain('javascript');
    expect(plain.body).toBe(SCRIPT);
    const zipped = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(Number(zipped.headers['content-length'])).toBeLessThan(SCRIPT.length);
  });

  it('refuses a path out of the assets folder', async () => {
    // Dot segments, plain or percent-encoded, are resolved before routing: `/index.html` is no route.
    for (const url of ['/assets/../index.html', '/assets/%2e%2e/index.html']) {
      expect(expectError(await t.api.get(url), 404, 'route_missing').message, url).toBe('No route GET /index.html');
    }
    // An encoded slash stays in the asset's name, and the static files refuse a name that climbs out.
    expectError(await t.api.get('/assets/..%2f..%2fpackage.json'), 400, 'body_invalid');
  });
});

describe('without a built console', () => {
  it('answers / with how to build it (503), and the API as ever', async () => {
    const bare = await createTestApp({ CONSOLE_DIR: join(folder, 'missing') });
    try {
      const reply = await bare.app.inject({ method: 'GET', url: '/' });
      expect(reply.statusCode).toBe(503);
      expect(reply.body).toContain('npm run build');
      expectError(await bare.api.get('/assets/index-AbC123.js'), 404, 'route_missing');
      expect((await bare.api.get('/v2/jobs')).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
