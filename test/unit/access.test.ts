import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { areaOf, mayWrite, refusalOf, type AreaRule } from '../../src/core/access.js';
import { accessPlugin } from '../../src/core/http/access-plugin.js';

describe('areaOf: the area of a route by its path', () => {
  it('classifies a resource and what lies below it, and nothing else', () => {
    expect(areaOf('/v2/jobs', ['GET'])).toEqual({ area: 'projects' });
    expect(areaOf('/v2/jobs/:id/notes/:noteId', ['PUT'])).toEqual({ area: 'projects' });
    expect(areaOf('/v2/invoices/:id/notes', ['POST'])).toEqual({ area: 'invoices' });
    expect(areaOf('/v2/invoices/:id/payments/:paymentId', ['DELETE'])).toEqual({ area: 'invoices' });
    expect(areaOf('/v2/purchase-orders/:id/outsourcing/:outsourcingId', ['POST'])).toEqual({ area: 'quotes-and-orders' });
    expect(areaOf('/v2/account', ['PUT'])).toEqual({ area: 'account' });
    expect(areaOf('/v2/account/labels/:id', ['DELETE'])).toEqual({ area: 'master-data' });
    expect(areaOf('/v2/account/prices/clients', ['POST'])).toEqual({ area: 'projects' });
    expect(areaOf('/v2/users/:id', ['PUT'])).toEqual({ area: 'users' });
    expect(areaOf('/v2/api-keys/:id', ['DELETE'])).toEqual({ area: 'own-access' });
    expect(areaOf('/v2/auth/password', ['PUT'])).toEqual({ area: 'own-access' });
    // A trailing slash is the same route.
    expect(areaOf('/v2/jobs/', ['POST'])).toEqual({ area: 'projects' });
  });

  it('refuses a route no rule covers: a new resource, a near name, a new kind under the account', () => {
    for (const url of ['/v2/reportsx', '/v2/jobsx', '/v2/account/settings', '/v2', '/metrics']) {
      const found = areaOf(url, ['GET']);
      expect('error' in found && found.error, url).toContain('belongs to no area');
    }
  });

  it('refuses a write under a read-only rule (the history, the dashboard)', () => {
    expect(areaOf('/v2/events', ['GET', 'HEAD'])).toEqual({ area: 'history' });
    expect(areaOf('/v2/events', ['POST'])).toMatchObject({ error: expect.stringContaining('read-only') });
    expect(areaOf('/v2/dashboard', ['GET'])).toEqual({ area: 'projects' });
    expect(areaOf('/v2/dashboard', ['PUT'])).toMatchObject({ error: expect.stringContaining('read-only') });
  });

  it("gives the calling user's own record to one's own access (every role names itself), other users to the users area", () => {
    expect(areaOf('/v2/users/me', ['GET'])).toEqual({ area: 'own-access' });
    expect(areaOf('/v2/users/me', ['PATCH'])).toEqual({ area: 'own-access' });
    expect(areaOf('/v2/users/:id', ['PUT'])).toEqual({ area: 'users' });
  });

  it('takes the first rule that matches; `*` is one segment, a final `**` any number', () => {
    const rules: AreaRule[] = [
      { path: '/v2/a/*/b', area: 'invoices' },
      { path: '/v2/a/**', area: 'projects' },
    ];
    expect(areaOf('/v2/a/:id/b', ['POST'], rules)).toEqual({ area: 'invoices' });
    expect(areaOf('/v2/a/:id/b/c', ['POST'], rules)).toEqual({ area: 'projects' });
    expect(areaOf('/v2/a', ['POST'], rules)).toEqual({ area: 'projects' });
    expect(areaOf('/v2/ab', ['POST'], rules)).toHaveProperty('error');
  });
});

describe('mayWrite and the refusal', () => {
  it('lets a viewer write nowhere but their own access, and names the role and what it lacks', () => {
    expect(mayWrite('viewer', 'projects')).toBe(false);
    expect(mayWrite('viewer', 'own-access')).toBe(true);
    expect(mayWrite('finance', 'invoices')).toBe(true);
    expect(mayWrite('manager', 'invoices')).toBe(false);
    expect(mayWrite('owner', 'history')).toBe(false);
    expect(refusalOf('manager', 'invoices')).toBe('The role manager cannot change invoices, credit notes and payments: only owner, admin or finance can');
  });
});

describe('the access plugin', () => {
  it('stops the app from starting when a route belongs to no area', async () => {
    const app = Fastify({ logger: false });
    await app.register(accessPlugin);
    expect(() => app.get('/v2/unclassified', async () => 'no')).toThrow(/belongs to no area/);
    // Public routes and the documentation pages need no area.
    app.get('/v2/open', { config: { public: true } }, async () => 'yes');
    app.get('/docs/page', async () => 'yes');
    await app.ready();
    await app.close();
  });
});
