import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { createTestApp, expectError, MISSING_ID, type Api, type Reply, type TestContext } from '../../helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://desk.example.com/' });
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = 'correct horse battery';
const DATE = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
let serial = 0;

const tokenOf = (url: string) => /#token=([A-Za-z0-9_-]{43})$/.exec(url)![1]!;

async function invite(role = 'manager', api: Api = t.api): Promise<{ id: string; token: string; body: Record<string, any> }> {
  const reply = await api.post('/v2/users', { name: 'A Person', email: `person${++serial}@example.com`, role });
  expect(reply.status).toBe(201);
  return { id: reply.body.id, token: tokenOf(reply.body.invitation.url), body: reply.body };
}

const anonymous = () => t.api.withKey(undefined);
const accept = (params: Record<string, string>, json = true) => anonymous().post('/v2/auth/invitations/accept', params, { json });
const userRow = (id: string) => t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const cookieOf = (reply: Reply) => String(reply.headers['set-cookie']).split(';')[0]!;

/** The user is still invited, without a password, and their link still works afterwards: nothing was changed. */
async function expectUnchanged(id: string): Promise<void> {
  const row = await userRow(id);
  expect({ status: row.status, password_hash: row.password_hash }).toEqual({ status: 'invited', password_hash: null });
}

describe('POST /v2/users with an e-mail: the invitation', () => {
  it('answers the user and the invitation link (the secret in the fragment, 7 days), not e-mailed without SMTP_URL', async () => {
    const before = Date.now();
    const { body } = await invite('finance');
    expect(body).toMatchObject({ status: 'invited', role: 'finance', hasPassword: false });
    expect(body.invitation).toEqual({
      url: expect.stringMatching(/^https:\/\/desk\.example\.com\/accept-invitation#token=[A-Za-z0-9_-]{43}$/),
      expiresAt: DATE,
      emailed: false,
    });
    const days = (Date.parse(body.invitation.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(7 - 1 / 1440);
    expect(days).toBeLessThanOrEqual(7 + 1 / 1440);
  });

  it('stores only the hash of the link, and the events never hold it', async () => {
    const { id, token } = await invite();
    const rows = await t.database.db.selectFrom('auth_tokens').selectAll().where('user_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'invitation', used_at: null });
    expect(JSON.stringify(rows)).not.toContain(token);
    const events = (await t.api.get('/v2/events', { pageSize: 100 })).body;
    expect(JSON.stringify(events)).not.toContain(token);
    expect(JSON.stringify(events)).not.toContain('invitation');
  });

  it('answers no invitation for a user without an e-mail (active, nothing to accept)', async () => {
    const reply = await t.api.post('/v2/users', { name: 'No Mail' });
    expect(reply.body).toMatchObject({ status: 'active' });
    expect(reply.body).not.toHaveProperty('invitation');
  });
});

describe('POST /v2/auth/invitations/accept', () => {
  it('activates the user with the password, signs them in (cookie + CSRF token) and records user.updated by them', async () => {
    const { id, token } = await invite();
    const reply = await accept({ token, password: PASSWORD, name: '  Maya Manager ' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      user: expect.objectContaining({ id, name: 'Maya Manager', status: 'active', hasPassword: true, lastLoginAt: DATE }),
      csrfToken: expect.any(String),
    });
    expect(String(reply.headers['set-cookie'])).toMatch(/^td_session=[\w-]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const me = await anonymous().request('GET', '/v2/users/me', undefined, { headers: { cookie: cookieOf(reply) } });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(id);
    const row = await userRow(id);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_changed_at).not.toBeNull();
    const events = (await t.api.get('/v2/events', { type: ['user.updated'], pageSize: 100 })).body.items as Array<Record<string, any>>;
    const event = events.find((item) => item.data.id === id)!;
    expect(event.data).toMatchObject({ status: 'active', name: 'Maya Manager' });
    const stored = await t.database.db.selectFrom('events').select(['actor_type', 'actor_user_id']).where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ actor_type: 'user', actor_user_id: id });
  });

  it('takes a form body too, and keeps the name when none is given', async () => {
    const { id, token, body } = await invite();
    const reply = await accept({ token, password: PASSWORD }, false);
    expect(reply.status).toBe(200);
    expect(reply.body.user).toMatchObject({ id, name: body.name, status: 'active' });
  });

  it('refuses a used link (400 on token), and the password stays the first one', async () => {
    const { id, token } = await invite();
    expect((await accept({ token, password: PASSWORD })).status).toBe(200);
    const hash = (await userRow(id)).password_hash;
    const again = expectError(await accept({ token, password: 'another password 123' }), 400, 'parameter_invalid');
    expect(again.details).toEqual([{ param: 'token', message: expect.stringContaining('already been used') }]);
    expect((await userRow(id)).password_hash).toBe(hash);
  });

  it('refuses an expired link, changing nothing', async () => {
    const { id, token } = await invite();
    await t.database.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', id)
      .execute();
    const error = expectError(await accept({ token, password: PASSWORD }), 400, 'parameter_invalid');
    expect(error.message).toMatch(/^token: this link has expired/);
    await expectUnchanged(id);
  });

  it('refuses malformed and unknown tokens with a clear message', async () => {
    const { id } = await invite();
    for (const token of ['', 'short', 'x'.repeat(44), 'é'.repeat(43), '!'.repeat(43), `${'a'.repeat(42)}=`]) {
      const error = expectError(await accept({ token, password: PASSWORD }), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe('token');
    }
    expectError(await accept({ token: 'a'.repeat(10_000), password: PASSWORD }), 400, 'parameter_invalid');
    const unknown = expectError(await accept({ token: 'A'.repeat(43), password: PASSWORD }), 400, 'parameter_invalid');
    expect(unknown.message).toMatch(/^token: this link is not valid/);
    await expectUnchanged(id);
  });

  it('refuses a short, huge or missing password and an empty name, and the link still works after', async () => {
    const { id, token } = await invite();
    expect(expectError(await accept({ token, password: 'short' }), 400, 'parameter_invalid').details).toEqual([
      { param: 'password', message: 'must have at least 10 characters' },
    ]);
    expect(expectError(await accept({ token, password: 'p'.repeat(257) }), 400, 'parameter_invalid').details?.[0]?.param).toBe('password');
    expect(expectError(await accept({ token, password: 'p'.repeat(1_000_000) }), 400, 'parameter_invalid').details?.[0]?.param).toBe('password');
    expectError(await accept({ token }), 400, 'parameter_missing');
    expectError(await accept({ token, password: PASSWORD, name: '   ' }), 400, 'parameter_invalid');
    expectError(await accept({ token, password: PASSWORD, role: 'owner' }), 400, 'parameter_unknown');
    await expectUnchanged(id);
    expect((await accept({ token, password: 'p'.repeat(256) })).status).toBe(200);
  });

  it('needs no key, and a reset link does not accept an invitation', async () => {
    const user = (await t.api.post('/v2/users', { name: 'Active One', email: `active${++serial}@example.com` })).body;
    await t.database.db.updateTable('users').set({ status: 'active' }).where('id', '=', user.id).execute();
    const reset = (await t.api.post(`/v2/users/${user.id}/password-reset`)).body;
    const error = expectError(await accept({ token: tokenOf(reset.url), password: PASSWORD }), 400, 'parameter_invalid');
    expect(error.details?.[0]?.param).toBe('token');
  });
});

describe('POST /v2/users/:id/invitation', () => {
  it('answers a new link (200) and the earlier one stops working', async () => {
    const { id, token: first } = await invite();
    const reply = await t.api.post(`/v2/users/${id}/invitation`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ url: expect.stringMatching(/\/accept-invitation#token=/), expiresAt: DATE, emailed: false });
    const second = tokenOf(reply.body.url);
    expect(second).not.toBe(first);
    expect(expectError(await accept({ token: first, password: PASSWORD }), 400, 'parameter_invalid').message).toMatch(/replaced by a newer one/);
    expect((await accept({ token: second, password: PASSWORD })).status).toBe(200);
  });

  it('409 for a user who is not invited (active, disabled, without e-mail), 404 for a missing or foreign user', async () => {
    const { id, token } = await invite();
    await accept({ token, password: PASSWORD });
    expect(expectError(await t.api.post(`/v2/users/${id}/invitation`), 409, 'state_conflict').message).toMatch(/active, not invited/);
    const noMail = (await t.api.post('/v2/users', { name: 'No Mail' })).body;
    expectError(await t.api.post(`/v2/users/${noMail.id}/invitation`), 409, 'state_conflict');
    expectError(await t.api.post(`/v2/users/${MISSING_ID}/invitation`), 404, 'resource_missing');
    expectError(await t.otherApi.post(`/v2/users/${id}/invitation`), 404, 'resource_missing');
    expectError(await t.api.post(`/v2/users/${id}/invitation`, { extra: 1 }), 400, 'parameter_unknown');
  });

  it('only an owner re-invites an invited owner', async () => {
    const { id } = await invite('owner');
    const admin = (await t.api.post('/v2/users', { name: 'An Admin', role: 'admin' })).body;
    const { apiKey } = await insertApiKey(t.database.db, t.account.accountId, admin.id, { scope: 'write' });
    expectError(await t.api.withKey(apiKey).post(`/v2/users/${id}/invitation`), 403, 'forbidden');
    expect((await t.api.post(`/v2/users/${id}/invitation`)).status).toBe(200);
  });
});

describe('links voided by a change of the user', () => {
  it('a new e-mail address voids the unused invitation (it went to the old address)', async () => {
    const { id, token } = await invite();
    await t.api.put(`/v2/users/${id}`, { email: `moved${++serial}@example.com` });
    expect(expectError(await accept({ token, password: PASSWORD }), 400, 'parameter_invalid').details?.[0]?.param).toBe('token');
    await expectUnchanged(id);
    const renewed = (await t.api.post(`/v2/users/${id}/invitation`)).body;
    expect((await accept({ token: tokenOf(renewed.url), password: PASSWORD })).status).toBe(200);
  });

  it('a change of the name alone leaves the link working', async () => {
    const { id, token } = await invite();
    await t.api.put(`/v2/users/${id}`, { name: 'Renamed' });
    expect((await accept({ token, password: PASSWORD })).status).toBe(200);
  });

  it('disabling voids the invitation; enabled again, the user is invited and needs a new link', async () => {
    const { id, token } = await invite();
    await t.api.put(`/v2/users/${id}`, { disabled: true });
    expectError(await accept({ token, password: PASSWORD }), 400, 'parameter_invalid');
    expect((await userRow(id)).status).toBe('disabled');
    expect((await t.api.put(`/v2/users/${id}`, { disabled: false })).body.status).toBe('invited');
    expectError(await accept({ token, password: PASSWORD }), 400, 'parameter_invalid');
    const renewed = (await t.api.post(`/v2/users/${id}/invitation`)).body;
    expect((await accept({ token: tokenOf(renewed.url), password: PASSWORD })).status).toBe(200);
  });
});
