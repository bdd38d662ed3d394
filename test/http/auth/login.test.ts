import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type Reply, type TestContext } from '../../helper.js';
import { Browser, PASSWORD, sessionCookieOf, userWithPassword } from './fixture.js';

/** POST /v2/auth/login (docs/access.md#sessions, #passwords): sign-in, the cookie, refusals, the throttle. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string, json = false) => new Browser(t.app).login(email, password, { json });
const failuresOf = async (emailKey: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('login_failures')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email_key', '=', emailKey)
        .executeTakeFirstOrThrow()
    ).n,
  );
/** An error body without its request id: what must be the same for every refusal. */
const sameParts = (reply: Reply) => ({ status: reply.status, headers: reply.headers['www-authenticate'], body: { ...reply.body, id: undefined } });

describe('POST /v2/auth/login', () => {
  it('signs in: 200 with the user and a CSRF token, an HttpOnly SameSite=Lax cookie (not Secure over http), kept only as a hash', async () => {
    const user = await userWithPassword(t, 'ana@example.com');
    const reply = await login('  ANA@Example.com ', PASSWORD);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      user: expect.objectContaining({ id: user.id, email: 'ana@example.com', status: 'active', hasPassword: true, lastLoginAt: expect.any(String) }),
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const cookie = sessionCookieOf(reply)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    expect(cookie.attributes).toMatch(/HttpOnly/);
    expect(cookie.attributes).toMatch(/SameSite=Lax/);
    expect(cookie.attributes).toMatch(/Path=\//);
    expect(cookie.attributes).toMatch(/Max-Age=2592000/);
    expect(cookie.attributes).not.toMatch(/Secure/);
    const rows = await t.database.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(cookie.value).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(cookie.value);
    // The cookie authenticates like a key.
    const me = await new Browser(t.app).request('GET', '/v2/users/me', undefined, { headers: { cookie: `td_session=${cookie.value}` } });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
  });

  it('takes JSON as well as a form', async () => {
    await userWithPassword(t, 'json@example.com');
    expect((await login('json@example.com', PASSWORD, true)).status).toBe(200);
  });

  it('sets a Secure cookie when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://transdesk.example' });
    try {
      await userWithPassword(secure, 'https@example.com');
      const reply = await new Browser(secure.app).login('https@example.com', PASSWORD);
      expect(reply.status).toBe(200);
      expect(sessionCookieOf(reply)!.attributes).toMatch(/Secure/);
    } finally {
      await secure.close();
    }
  });

  it('answers the same 401 to a wrong password, an unknown e-mail, an invited, a disabled and a password-less user', async () => {
    const active = await userWithPassword(t, 'same401@example.com');
    const disabled = await userWithPassword(t, 'disabled@example.com');
    expect((await t.api.put(`/v2/users/${disabled.id}`, { disabled: true })).status).toBe(200);
    expect((await t.api.post('/v2/users', { name: 'Invited', email: 'invited@example.com' })).status).toBe(201);
    const replies = [
      await login(active.email, 'wrong password here'),
      await login('nobody@example.com', PASSWORD),
      await login('invited@example.com', PASSWORD),
      await login(disabled.email, PASSWORD),
    ];
    for (const reply of replies) {
      expectError(reply, 401, 'unauthorized');
      expect(sessionCookieOf(reply)).toBeUndefined();
      expect(sameParts(reply)).toEqual(sameParts(replies[0]!));
    }
    expect(replies[0]!.body.message).toBe('Wrong e-mail address or password');
    // Each one counted against its e-mail.
    expect(await failuresOf('nobody@example.com')).toBe(1);
    expect(await failuresOf('disabled@example.com')).toBe(1);
  });

  it('refuses missing, unknown and too long parameters with 400, before any hashing or counting', async () => {
    expectError(
      await t.app
        .inject({ method: 'POST', url: '/v2/auth/login', payload: 'email=a%40example.com', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
        .then(toReply),
      400,
      'parameter_missing',
    );
    expectError(
      await new Browser(t.app).request('POST', '/v2/auth/login', { email: 'a@example.com', password: 'x'.repeat(12), remember: 1 }),
      400,
      'parameter_unknown',
    );
    const long = expectError(await login('long@example.com', 'x'.repeat(257)), 400, 'parameter_invalid');
    expect(long.details?.[0]?.param).toBe('password');
    expectError(await login(`${'e'.repeat(250)}@example.com`, PASSWORD), 400, 'parameter_invalid');
    expectError(await login('', PASSWORD), 400, 'parameter_invalid');
    expect(await failuresOf('long@example.com')).toBe(0);
    // 256 characters are a password (wrong here), not a 400.
    expectError(await login('long@example.com', 'é'.repeat(256)), 401, 'unauthorized');
  });

  it("a success forgets the e-mail's failures", async () => {
    const user = await userWithPassword(t, 'forgets@example.com');
    for (let i = 0; i < 3; i++) expectError(await login(user.email, `wrong ${i} password`), 401, 'unauthorized');
    expect(await failuresOf(user.email)).toBe(3);
    expect((await login(user.email, PASSWORD)).status).toBe(200);
    expect(await failuresOf(user.email)).toBe(0);
  });
});

describe('the sign-in throttle (5 failures per e-mail in 15 minutes)', () => {
  it('refuses the 6th attempt with 429 and Retry-After, even with the right password, without counting it; other e-mails sign in', async () => {
    const user = await userWithPassword(t, 'throttled@example.com');
    const bystander = await userWithPassword(t, 'bystander@example.com');
    for (let i = 0; i < 5; i++) expectError(await login(user.email, `wrong ${i} password`), 401, 'unauthorized');
    const refused = await login('Throttled@Example.com', PASSWORD);
    expectError(refused, 429, 'rate_limited');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(895);
    expect(wait).toBeLessThanOrEqual(900);
    expect(sessionCookieOf(refused)).toBeUndefined();
    expectError(await login(user.email, 'still wrong password'), 429, 'rate_limited');
    expect(await failuresOf(user.email)).toBe(5);
    expect((await login(bystander.email, PASSWORD)).status).toBe(200);

    // Retry-After counts until the oldest failure leaves the window: all five 14 minutes old → about a minute.
    const fourteenMinutesAgo = new Date(Date.now() - 14 * 60_000).toISOString();
    await t.database.db.updateTable('login_failures').set({ failed_at: fourteenMinutesAgo }).where('email_key', '=', user.email).execute();
    const wait2 = Number((await login(user.email, PASSWORD)).headers['retry-after']);
    expect(wait2).toBeGreaterThan(50);
    expect(wait2).toBeLessThanOrEqual(60);

    // Out of the window: the right password signs in again, and the failures are gone.
    const sixteenMinutesAgo = new Date(Date.now() - 16 * 60_000).toISOString();
    await t.database.db.updateTable('login_failures').set({ failed_at: sixteenMinutesAgo }).where('email_key', '=', user.email).execute();
    expect((await login(user.email, PASSWORD)).status).toBe(200);
    expect(await failuresOf(user.email)).toBe(0);
  });

  it('an unknown e-mail is throttled the same way; failures out of the window are pruned by the next failure', async () => {
    const old = new Date(Date.now() - 20 * 60_000).toISOString();
    await t.database.db.insertInto('login_failures').values({ id: 'aaaaaaaaaaaaaaaaaaaaaaaa', email_key: 'stale@example.com', failed_at: old }).execute();
    for (let i = 0; i < 5; i++) expectError(await login('ghost@example.com', `wrong ${i} password`), 401, 'unauthorized');
    expectError(await login('ghost@example.com', PASSWORD), 429, 'rate_limited');
    expect(await failuresOf('stale@example.com')).toBe(0);
  });
});

function toReply(raw: Awaited<ReturnType<TestContext['app']['inject']>>): Reply {
  return { status: raw.statusCode, body: JSON.parse(raw.body), headers: raw.headers, raw };
}

describe('loginThrottle with a given clock', () => {
  it('counts attempts inside the window only, and waits until the oldest of the last five leaves it', async () => {
    const { loginThrottle } = await import('../../../src/modules/auth/index.js');
    const { db, dialect } = t.database;
    const start = Date.parse('2030-01-01T12:00:00.000Z');
    const key = 'clock@example.com';
    const attemptAt = (ms: number) =>
      loginThrottle.reserve(db, dialect, key, ms).then(
        () => 'counted',
        (error: { statusCode: number; headers: Record<string, string> }) => error,
      );
    for (let minute = 0; minute < 5; minute++) {
      expect(await loginThrottle.waitSeconds(db, key, start + minute * 60_000)).toBe(0);
      expect(await attemptAt(start + minute * 60_000)).toBe('counted');
    }
    // Five failures at 12:00 … 12:04: at 12:05 the first leaves the window at 12:15.
    expect(await loginThrottle.waitSeconds(db, key, start + 5 * 60_000)).toBe(600);
    expect(await attemptAt(start + 5 * 60_000)).toMatchObject({ statusCode: 429, headers: { 'Retry-After': '600' } });
    expect(await loginThrottle.waitSeconds(db, key, start + 15 * 60_000 - 1)).toBe(1);
    expect(await failuresOf(key)).toBe(5); // the refused attempt was not counted
    expect(await loginThrottle.waitSeconds(db, key, start + 15 * 60_000)).toBe(0);
    // An attempt at 12:15 prunes the failure of 12:00 (out of the window); four remain plus the new one.
    const attempt = await loginThrottle.reserve(db, dialect, key, start + 15 * 60_000);
    expect(await loginThrottle.waitSeconds(db, key, start + 15 * 60_000)).toBe(60);
    expect(await failuresOf(key)).toBe(5);
    // An attempt released (the right password) no longer counts.
    await loginThrottle.release(db, attempt);
    expect(await failuresOf(key)).toBe(4);
    expect(await loginThrottle.waitSeconds(db, key, start + 15 * 60_000)).toBe(0);
    await loginThrottle.clear(db, key);
    expect(await failuresOf(key)).toBe(0);
    // Failures counted with a later clock than the caller's (a request that began earlier, another server): never more than the window.
    for (let i = 0; i < 5; i++) await loginThrottle.reserve(db, dialect, 'later@example.com', start + 10_000);
    expect(await loginThrottle.waitSeconds(db, 'later@example.com', start)).toBe(900);
  });
});
