import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessPlugin } from '../../../src/core/http/access-plugin.js';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { Browser, PASSWORD, userWithPassword } from '../auth/fixture.js';
import { signedInSupplierPerson } from './fixture.js';

/** The portal's route tree is the only way in to /v2/portal/, and the portal's cookie opens nothing else (docs/supplier-portal.md#routes). */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the portal route tree', () => {
  it('a route under /v2/portal/ registered outside the tree stops the app from starting', async () => {
    const app = Fastify();
    await app.register(accessPlugin);
    app.get('/v2/portal/stray', async () => ({ open: true }));
    await expect(app.ready()).rejects.toThrow(/\/v2\/portal\/stray is under \/v2\/portal but was not registered by the portal's tree/);
  });

  it("a portal session opens none of the agency's routes, and an agency session none of the portal's", async () => {
    const { browser, supplierId } = await signedInSupplierPerson(t.app, t.api, 'Tree Supplier');
    for (const url of ['/v2/users/me', `/v2/suppliers/${supplierId}`, '/v2/jobs', '/v2/auth/session', '/v2/dashboard']) {
      expectError(await browser.get(url), 401, 'unauthorized');
    }
    expectError(await browser.request('POST', '/v2/clients', { name: 'From the portal', currency: 'EUR' }), 401, 'unauthorized');
    await userWithPassword(t, 'tree-admin@example.com');
    const agency = new Browser(t.app);
    await agency.login('tree-admin@example.com', PASSWORD);
    expectError(await agency.get('/v2/portal/session'), 401, 'unauthorized');
    // Both cookies at once: each side reads its own only.
    const both = { cookie: `td_session=${agency.cookie}; td_portal=${browser.cookie}` };
    expect((await browser.request('GET', '/v2/portal/session', undefined, { headers: both })).body.person.party.id).toBe(supplierId);
    expect((await agency.request('GET', '/v2/users/me', undefined, { headers: both })).body.email).toBe('tree-admin@example.com');
  });

  it('the document declares the portal operations with the portal cookie as their only credential, under the tag Portal', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/v2/openapi.json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[]; tags?: string[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(document.components.securitySchemes.portalSession).toEqual({ type: 'apiKey', in: 'cookie', name: 'td_portal' });
    const portal = Object.entries(document.paths).filter(([path]) => path.startsWith('/v2/portal/'));
    for (const [path, item] of portal) {
      for (const [method, operation] of Object.entries(item)) {
        // The client's branch is tagged apart (docs/client-portal.md#routes).
        expect(operation.tags, `${method} ${path}`).toEqual([path.startsWith('/v2/portal/client/') ? 'Client portal' : 'Portal']);
        const PUBLIC = ['/v2/portal/auth/link', '/v2/portal/auth/sign-in', '/v2/portal/auth/password'];
        const expected = PUBLIC.includes(path) ? [] : [{ portalSession: [] }];
        expect(operation.security, `${method} ${path}`).toEqual(expected);
      }
    }
  });
});

describe('the rate limit of portal sessions', () => {
  it('counts each portal session like an agency session: 429 with Retry-After past the limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '4' });
    try {
      // Signing in takes two key requests (the supplier, the contact) and one grant: a key of its own then.
      const { browser } = await signedInSupplierPerson(limited.app, limited.otherApi, 'Limited Supplier');
      // Nine requests: even if the minute's window turns among them, one of the two windows has five.
      const replies = [];
      for (let i = 0; i < 9; i++) replies.push(await browser.get('/v2/portal/session'));
      const refused = replies.find((reply) => reply.status === 429);
      expect(refused, replies.map((reply) => reply.status).join(' ')).toBeDefined();
      expect(refused!.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused!.headers['ratelimit-limit']).toBe('4');
      expect(replies[0]!.headers['ratelimit-remaining']).toBe('3');
    } finally {
      await limited.close();
    }
  });
});
