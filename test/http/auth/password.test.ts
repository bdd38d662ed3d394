import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { Browser, PASSWORD, userWithPassword } from './fixture.js';

/** POST /v2/auth/password: the caller changes their own password (docs/access.md#passwords). */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NEW = 'a brand new passphrase';

async function browserOf(email: string): Promise<Browser> {
  const browser = new Browser(t.app);
  expect((await browser.login(email, PASSWORD)).status).toBe(200);
  return browser;
}

describe('POST /v2/auth/password', () => {
  it("changes the password, ends the user's other sessions, keeps this one, records user.updated without any password data", async () => {
    const user = await userWithPassword(t, 'changer@example.com');
    const here = await browserOf(user.email);
    const elsewhere = await browserOf(user.email);
    const before = await t.database.db.selectFrom('users').select(['password_hash', 'password_changed_at']).where('id', '=', user.id).executeTakeFirstOrThrow();
    const reply = await here.request('POST', '/v2/auth/password', { currentPassword: PASSWORD, password: NEW });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: user.id, hasPassword: true, status: 'active' });
    const after = await t.database.db.selectFrom('users').select(['password_hash', 'password_changed_at']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(after.password_hash).not.toBe(before.password_hash);
    expect(after.password_hash).toMatch(/^\$argon2id\$/);
    expect(Date.parse(after.password_changed_at!)).toBeGreaterThan(Date.parse(before.password_changed_at!) - 1);
    expect((await here.get('/v2/users/me')).status).toBe(200);
    expectError(await elsewhere.get('/v2/users/me'), 401, 'unauthorized');
    expectError(await new Browser(t.app).login(user.email, PASSWORD), 401, 'unauthorized');
    expect((await new Browser(t.app).login(user.email, NEW)).status).toBe(200);

    const events = (await t.api.get('/v2/events', { type: ['user.updated'], pageSize: 100 })).body.items as Array<Record<string, any>>;
    const mine = events.filter((event) => event.data.id === user.id);
    expect(mine.length).toBeGreaterThan(0);
    const text = JSON.stringify(mine);
    for (const secret of [PASSWORD, NEW, after.password_hash!, 'argon2', 'password_hash']) expect(text).not.toContain(secret);
  });

  it('a wrong current password: 400 parameter_invalid on currentPassword, counted as a failed sign-in; nothing changes', async () => {
    const user = await userWithPassword(t, 'forgetful@example.com');
    const browser = await browserOf(user.email);
    const error = expectError(
      await browser.request('POST', '/v2/auth/password', { currentPassword: 'not my password', password: NEW }),
      400,
      'parameter_invalid',
    );
    expect(error.details).toEqual([{ param: 'currentPassword', message: 'is not your current password' }]);
    const failures = await t.database.db.selectFrom('login_failures').select('id').where('email_key', '=', user.email).execute();
    expect(failures).toHaveLength(1);
    expect((await new Browser(t.app).login(user.email, PASSWORD)).status).toBe(200);
  });

  it('after 5 failures for the e-mail, 429 even with the right current password', async () => {
    const user = await userWithPassword(t, 'guessed@example.com');
    const browser = await browserOf(user.email);
    for (let i = 0; i < 5; i++)
      expectError(await browser.request('POST', '/v2/auth/password', { currentPassword: `guess ${i}`, password: NEW }), 400, 'parameter_invalid');
    const refused = await browser.request('POST', '/v2/auth/password', { currentPassword: PASSWORD, password: NEW });
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a new password too short or too long (400 on password), a missing or unknown parameter', async () => {
    const user = await userWithPassword(t, 'rules@example.com');
    const browser = await browserOf(user.email);
    const short = expectError(await browser.request('POST', '/v2/auth/password', { currentPassword: PASSWORD, password: 'short' }), 400, 'parameter_invalid');
    expect(short.details?.[0]).toEqual({ param: 'password', message: 'must have at least 10 characters' });
    const long = expectError(
      await browser.request('POST', '/v2/auth/password', { currentPassword: PASSWORD, password: 'x'.repeat(257) }),
      400,
      'parameter_invalid',
    );
    expect(long.details?.[0]?.param).toBe('password');
    expectError(await browser.request('POST', '/v2/auth/password', { currentPassword: 'y'.repeat(257), password: NEW }), 400, 'parameter_invalid');
    expectError(await browser.request('POST', '/v2/auth/password', { password: NEW }), 400, 'parameter_missing');
    expectError(
      await browser.request('POST', '/v2/auth/password', { currentPassword: PASSWORD, password: NEW, email: 'x@example.com' }),
      400,
      'parameter_unknown',
    );
    // None of these counted as failures nor changed anything.
    expect(await t.database.db.selectFrom('login_failures').select('id').where('email_key', '=', user.email).execute()).toHaveLength(0);
    expect((await new Browser(t.app).login(user.email, PASSWORD)).status).toBe(200);
  });

  it("with an API key: the key's user changes their password and every session of theirs ends; a user without a password is told so", async () => {
    // The test account's owner has no e-mail nor password.
    const none = expectError(await t.api.post('/v2/auth/password', { currentPassword: 'anything at all', password: NEW }), 400, 'parameter_invalid');
    expect(none.details?.[0]?.param).toBe('currentPassword');
    expectError(await t.api.withKey(t.account.readKey).post('/v2/auth/password', { currentPassword: PASSWORD, password: NEW }), 403, 'forbidden');
  });
});
