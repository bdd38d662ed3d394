import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, createTestApp, expectError, type TestContext } from '../../helper.js';
import { twoApps } from '../caches/job-view-cache-fixture.js';
import { Browser, PASSWORD, sessionCookieOf, userWithPassword } from './fixture.js';

/** GET /v2/auth/session, POST /v2/auth/logout, and when sessions end (docs/access.md#sessions). */
let t: TestContext;
beforeAll(async () => {
  // Small limits, so that rows dated a few minutes back show both expiries.
  t = await createTestApp({ SESSION_IDLE_MINUTES: '5', SESSION_MAX_DAYS: '1' });
});
afterAll(async () => {
  await t.close();
});

async function signedIn(email: string): Promise<Browser> {
  await userWithPassword(t, email);
  const browser = new Browser(t.app);
  expect((await browser.login(email, PASSWORD)).status).toBe(200);
  return browser;
}
const sessionRow = (userEmail: string) =>
  t.database.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id', 'sessions.ended_at', 'sessions.last_seen_at', 'sessions.created_at'])
    .where('users.email_key', '=', userEmail)
    .executeTakeFirstOrThrow();
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('GET /v2/auth/session', () => {
  it('answers the signed-in user and the same CSRF token as the sign-in (a page reload)', async () => {
    const browser = await signedIn('reload@example.com');
    const reply = await browser.get('/v2/auth/session');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      user: expect.objectContaining({ email: 'reload@example.com' }),
      method: 'session',
      csrfToken: browser.csrfToken,
      writableAreas: ['account', 'master-data', 'exchange-rates', 'users', 'webhooks', 'projects', 'quotes-and-orders', 'invoices', 'own-access'],
    });
  });

  it("answers the areas the caller's role may change (the console offers only those changes)", async () => {
    const expected: Record<string, string[]> = {
      manager: ['projects', 'quotes-and-orders', 'own-access'],
      finance: ['exchange-rates', 'quotes-and-orders', 'invoices', 'own-access'],
      viewer: ['own-access'],
    };
    for (const [role, areas] of Object.entries(expected)) {
      const email = `areas-${role}@example.com`;
      await userWithPassword(t, email, { role });
      const browser = new Browser(t.app);
      await browser.login(email, PASSWORD);
      expect((await browser.get('/v2/auth/session')).body.writableAreas).toEqual(areas);
    }
    // A read-only key changes nothing, whatever its user's role.
    expect((await new Api(t.app, t.account.readKey).get('/v2/auth/session')).body.writableAreas).toEqual([]);
  });

  it('answers a key its user, method "key" and no CSRF token; nothing without a key or session', async () => {
    const reply = await t.api.get('/v2/auth/session');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      user: expect.objectContaining({ id: t.account.userId }),
      method: 'key',
      csrfToken: null,
      writableAreas: ['account', 'master-data', 'exchange-rates', 'users', 'webhooks', 'projects', 'quotes-and-orders', 'invoices', 'own-access'],
    });
    expectError(await new Api(t.app, undefined).get('/v2/auth/session'), 401, 'unauthorized');
    expectError(await t.api.get('/v2/auth/session', { extra: 1 }), 400, 'parameter_unknown');
  });
});

describe('POST /v2/auth/logout', () => {
  it('ends the calling session (204), clears the cookie; the cookie is refused afterwards; other sessions of the user go on', async () => {
    const browser = await signedIn('logout@example.com');
    const other = new Browser(t.app);
    await other.login('logout@example.com', PASSWORD);
    expectError(await browser.request('POST', '/v2/auth/logout', undefined, { csrf: false }), 403, 'forbidden');
    expect((await browser.get('/v2/users/me')).status).toBe(200);
    const reply = await browser.request('POST', '/v2/auth/logout');
    expect(reply.status).toBe(204);
    expect(reply.body).toBe('');
    const cleared = sessionCookieOf(reply)!;
    expect(cleared.value).toBe('');
    expect(cleared.attributes).toMatch(/Max-Age=0/);
    expectError(await browser.get('/v2/users/me'), 401, 'unauthorized');
    expectError(await browser.request('POST', '/v2/auth/logout'), 401, 'unauthorized');
    expect((await other.get('/v2/users/me')).status).toBe(200);
  });

  it('with an API key: 409 state_conflict (a key is revoked, not signed out), and the key still works', async () => {
    const reply = await t.api.post('/v2/auth/logout');
    expectError(reply, 409, 'state_conflict');
    expect((await t.api.get('/v2/users/me')).status).toBe(200);
  });
});

describe('expiry (SESSION_IDLE_MINUTES=5, SESSION_MAX_DAYS=1 here)', () => {
  it('a session idle for less than the limit goes on and is seen again; idle longer, it is refused', async () => {
    const browser = await signedIn('idle@example.com');
    const { id } = await sessionRow('idle@example.com');
    await t.database.db
      .updateTable('sessions')
      .set({ last_seen_at: minutesAgo(4) })
      .where('id', '=', id)
      .execute();
    expect((await browser.get('/v2/users/me')).status).toBe(200);
    // Seen now: its last sight was more than a minute ago, so it is written (without holding up the answer).
    await expect.poll(async () => Date.parse((await sessionRow('idle@example.com')).last_seen_at)).toBeGreaterThan(Date.now() - 60_000);
    await t.database.db
      .updateTable('sessions')
      .set({ last_seen_at: minutesAgo(6) })
      .where('id', '=', id)
      .execute();
    expectError(await browser.get('/v2/users/me'), 401, 'unauthorized');
  });

  it('a session older than the absolute limit is refused however recently it was used', async () => {
    const browser = await signedIn('aged@example.com');
    const { id } = await sessionRow('aged@example.com');
    await t.database.db
      .updateTable('sessions')
      .set({ created_at: minutesAgo(23 * 60) })
      .where('id', '=', id)
      .execute();
    expect((await browser.get('/v2/users/me')).status).toBe(200);
    await t.database.db
      .updateTable('sessions')
      .set({ created_at: minutesAgo(24 * 60 + 1), last_seen_at: minutesAgo(0) })
      .where('id', '=', id)
      .execute();
    expectError(await browser.get('/v2/users/me'), 401, 'unauthorized');
  });
});

describe('two processes on one database (SQLite: the key epoch; PostgreSQL: a look-up per request)', () => {
  it('a sign-out or a password change in one app ends the session in the other at once', async () => {
    const two = await twoApps(t);
    try {
      const email = `two-apps-${Math.random().toString(36).slice(2, 8)}@example.com`;
      await userWithPassword({ ...two.t, api: two.api1 }, email);
      const inFirst = new Browser(two.api1.app);
      const inSecond = new Browser(two.api2.app);
      expect((await inFirst.login(email, PASSWORD)).status).toBe(200);
      expect((await inSecond.login(email, PASSWORD)).status).toBe(200);
      // The first app's session, read by both apps (and kept by each at the current epoch).
      const viaSecond = Object.assign(new Browser(two.api2.app), { cookie: inFirst.cookie, csrfToken: inFirst.csrfToken });
      expect((await viaSecond.get('/v2/users/me')).status).toBe(200);
      expect((await inFirst.get('/v2/users/me')).status).toBe(200);
      expect((await inFirst.request('POST', '/v2/auth/logout')).status).toBe(204);
      expectError(await viaSecond.get('/v2/users/me'), 401, 'unauthorized');

      // A password changed through the second app ends the first app's other session of the user, keeps its own.
      const again = new Browser(two.api1.app);
      expect((await again.login(email, PASSWORD)).status).toBe(200);
      expect((await again.get('/v2/users/me')).status).toBe(200);
      const changed = await inSecond.request('POST', '/v2/auth/password', { currentPassword: PASSWORD, password: 'another long password' });
      expect(changed.status).toBe(200);
      expectError(await again.get('/v2/users/me'), 401, 'unauthorized');
      expect((await inSecond.get('/v2/users/me')).status).toBe(200);
      expect((await new Browser(two.api1.app).login(email, 'another long password')).status).toBe(200);
    } finally {
      await two.close();
    }
  });
});
