import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../src/core/passwords.js';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { sessions } from '../../../src/modules/auth/index.js';
import { resetRequestsSettled } from '../../../src/modules/auth/password-reset.js';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { startMailServer, tokenIn } from './mail-server.js';

let t: TestContext;
let mail: Awaited<ReturnType<typeof startMailServer>>;
beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ SMTP_URL: mail.url, SMTP_FROM: 'Agency One <desk@agency.example>', PUBLIC_URL: 'https://desk.example.com' });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});
beforeEach(() => {
  mail.messages.length = 0;
});

const PASSWORD = 'a brand new password';
const DATE = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
let serial = 0;

const anonymous = () => t.api.withKey(undefined);
const requestReset = (email: string) => anonymous().post('/v2/auth/password-reset', { email }, { json: true });
const confirm = (params: Record<string, string>) => anonymous().post('/v2/auth/password-reset/confirm', params, { json: true });
const userRow = (id: string) => t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const tokenOf = (url: string) => /#token=([A-Za-z0-9_-]{43})$/.exec(url)![1]!;

/** An active user with a password and one open session. */
async function activeUser(role = 'manager'): Promise<{ id: string; email: string; sessionId: string }> {
  const email = `Reset.Person${++serial}@Example.com`;
  const created = (await t.api.post('/v2/users', { name: 'A Person', email, role })).body;
  mail.messages.length = 0; // the invitation
  const accepted = await anonymous().post(
    '/v2/auth/invitations/accept',
    { token: tokenOf(created.invitation.url), password: 'the first password' },
    { json: true },
  );
  expect(accepted.status).toBe(200);
  const row = await userRow(created.id);
  const session = await sessions.start(t.database.db, row, 'password');
  return { id: created.id, email, sessionId: session.id };
}

const openSessions = async (userId: string) =>
  (await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', userId).where('ended_at', 'is', null).execute()).length;

describe('POST /v2/auth/password-reset', () => {
  it('answers 204 and e-mails an active user a link that redeems', async () => {
    const user = await activeUser();
    const reply = await requestReset(user.email.toLowerCase());
    expect(reply.status).toBe(204);
    expect(reply.body).toBe('');
    await resetRequestsSettled();
    expect(mail.messages).toHaveLength(1);
    const message = mail.messages[0]!;
    // The address as the user has it (nodemailer writes the domain in lower case), not as it was typed.
    expect(message.to).toEqual([user.email.replace('@Example.com', '@example.com')]);
    expect(message.from).toBe('desk@agency.example');
    expect(message.subject).toBe('Reset your Transdesk password');
    expect(message.text).toContain('https://desk.example.com/reset-password#token=');
    const token = tokenIn(message.text, 'reset-password');
    expect(message.html).toContain(`href="https://desk.example.com/reset-password#token=${token}"`);
    expect((await confirm({ token, password: PASSWORD })).status).toBe(204);
    expect(await verifyPassword((await userRow(user.id)).password_hash, PASSWORD)).toBe(true);
  });

  it('answers the same 204 for an unknown, an invited and a disabled address, and sends nothing', async () => {
    const invited = (await t.api.post('/v2/users', { name: 'A Person', email: `invited${++serial}@example.com` })).body;
    const disabled = await activeUser();
    await t.api.put(`/v2/users/${disabled.id}`, { disabled: true });
    mail.messages.length = 0;
    for (const email of ['nobody@example.com', invited.email, disabled.email]) {
      const reply = await requestReset(email);
      expect(reply.status).toBe(204);
      expect(reply.body).toBe('');
    }
    await resetRequestsSettled();
    expect(mail.messages).toEqual([]);
  });

  it('sends at most one e-mail a minute to a user; the link of that e-mail keeps working', async () => {
    const user = await activeUser();
    await requestReset(user.email);
    await resetRequestsSettled();
    await requestReset(user.email);
    await requestReset(user.email);
    await resetRequestsSettled();
    expect(mail.messages).toHaveLength(1);
    const token = tokenIn(mail.messages[0]!.text, 'reset-password');
    // A minute later (the earlier link made a minute ago), a new request sends a new link and voids the first.
    await t.database.db
      .updateTable('auth_tokens')
      .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'password_reset')
      .execute();
    await requestReset(user.email);
    await resetRequestsSettled();
    expect(mail.messages).toHaveLength(2);
    expect(expectError(await confirm({ token, password: PASSWORD }), 400, 'parameter_invalid').message).toMatch(/replaced by a newer one/);
    expect((await confirm({ token: tokenIn(mail.messages[1]!.text, 'reset-password'), password: PASSWORD })).status).toBe(204);
  });

  it('validates the e-mail and refuses other parameters', async () => {
    expectError(await requestReset('not an address'), 400, 'parameter_invalid');
    expectError(await anonymous().post('/v2/auth/password-reset', {}), 400, 'parameter_missing');
    expectError(await anonymous().post('/v2/auth/password-reset', { email: 'a@b.co', extra: 1 }), 400, 'parameter_unknown');
    expectError(await anonymous().post('/v2/auth/password-reset?x=1', { email: 'a@b.co' }), 400, 'parameter_unknown');
  });
});

describe('POST /v2/auth/password-reset/confirm', () => {
  async function linkFor(userId: string): Promise<string> {
    const reply = await t.api.post(`/v2/users/${userId}/password-reset`);
    expect(reply.status).toBe(200);
    return tokenOf(reply.body.url);
  }

  it('sets the password, ends every session of the user, uses the link, and records user.updated', async () => {
    const user = await activeUser();
    expect(await openSessions(user.id)).toBeGreaterThan(0);
    const token = await linkFor(user.id);
    const reply = await confirm({ token, password: PASSWORD });
    expect(reply.status).toBe(204);
    const row = await userRow(user.id);
    expect(await verifyPassword(row.password_hash, PASSWORD)).toBe(true);
    expect(await openSessions(user.id)).toBe(0);
    const again = expectError(await confirm({ token, password: 'yet another password' }), 400, 'parameter_invalid');
    expect(again.message).toMatch(/already been used/);
    expect(await verifyPassword((await userRow(user.id)).password_hash, PASSWORD)).toBe(true);
    const events = (await t.api.get('/v2/events', { type: ['user.updated'], pageSize: 100 })).body.items as Array<{ data: { id: string } }>;
    expect(events.filter((event) => event.data.id === user.id).length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toContain(token);
  });

  it('refuses an expired link (1 hour), malformed tokens and bad passwords, changing nothing', async () => {
    const user = await activeUser();
    const before = (await userRow(user.id)).password_hash;
    const token = await linkFor(user.id);
    const stored = await t.database.db
      .selectFrom('auth_tokens')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'password_reset')
      .executeTakeFirstOrThrow();
    expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBe(3_600_000);
    expect(expectError(await confirm({ token, password: 'short' }), 400, 'parameter_invalid').details?.[0]?.param).toBe('password');
    expect(expectError(await confirm({ token, password: 'x'.repeat(300) }), 400, 'parameter_invalid').details?.[0]?.param).toBe('password');
    expect(expectError(await confirm({ token: `${token}x`, password: PASSWORD }), 400, 'parameter_invalid').details?.[0]?.param).toBe('token');
    expect(expectError(await confirm({ token: token.replace(/./, '%'), password: PASSWORD }), 400, 'parameter_invalid').details?.[0]?.param).toBe('token');
    expectError(await confirm({ password: PASSWORD }), 400, 'parameter_missing');
    await t.database.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect(expectError(await confirm({ token, password: PASSWORD }), 400, 'parameter_invalid').message).toMatch(/expired/);
    expect((await userRow(user.id)).password_hash).toBe(before);
    expect(await openSessions(user.id)).toBeGreaterThan(0);
  });

  it('an invitation link does not reset a password', async () => {
    const invited = (await t.api.post('/v2/users', { name: 'A Person', email: `inv${++serial}@example.com` })).body;
    expectError(await confirm({ token: tokenOf(invited.invitation.url), password: PASSWORD }), 400, 'parameter_invalid');
  });

  it('disabling the user or changing their e-mail voids an unused reset link', async () => {
    const moved = await activeUser();
    const movedToken = await linkFor(moved.id);
    await t.api.put(`/v2/users/${moved.id}`, { email: `moved${++serial}@example.com` });
    expectError(await confirm({ token: movedToken, password: PASSWORD }), 400, 'parameter_invalid');
    const disabled = await activeUser();
    const disabledToken = await linkFor(disabled.id);
    await t.api.put(`/v2/users/${disabled.id}`, { disabled: true });
    await t.api.put(`/v2/users/${disabled.id}`, { disabled: false });
    expectError(await confirm({ token: disabledToken, password: PASSWORD }), 400, 'parameter_invalid');
  });
});

describe('POST /v2/users/:id/password-reset', () => {
  it('answers the link, e-mailed to the user (200)', async () => {
    const user = await activeUser();
    const reply = await t.api.post(`/v2/users/${user.id}/password-reset`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ url: expect.stringMatching(/^https:\/\/desk\.example\.com\/reset-password#token=/), expiresAt: DATE, emailed: true });
    expect(mail.messages).toHaveLength(1);
    expect(tokenIn(mail.messages[0]!.text, 'reset-password')).toBe(tokenOf(reply.body.url));
  });

  it('409 for an invited, disabled or mail-less user; 404 for a missing or foreign one', async () => {
    const invited = (await t.api.post('/v2/users', { name: 'A Person', email: `i${++serial}@example.com` })).body;
    expect(expectError(await t.api.post(`/v2/users/${invited.id}/password-reset`), 409, 'state_conflict').message).toMatch(/invitation/);
    const noMail = (await t.api.post('/v2/users', { name: 'No Mail' })).body;
    expectError(await t.api.post(`/v2/users/${noMail.id}/password-reset`), 409, 'state_conflict');
    const disabled = await activeUser();
    await t.api.put(`/v2/users/${disabled.id}`, { disabled: true });
    expectError(await t.api.post(`/v2/users/${disabled.id}/password-reset`), 409, 'state_conflict');
    expectError(await t.api.post(`/v2/users/${MISSING_ID}/password-reset`), 404, 'resource_missing');
    expectError(await t.otherApi.post(`/v2/users/${disabled.id}/password-reset`), 404, 'resource_missing');
    expectError(await t.api.post(`/v2/users/${disabled.id}/password-reset`, { email: 'x@y.z' }), 400, 'parameter_unknown');
  });

  it('only an owner makes a reset link for an owner', async () => {
    const owner = await activeUser('owner');
    const admin = (await t.api.post('/v2/users', { name: 'An Admin', role: 'admin' })).body;
    const { apiKey } = await insertApiKey(t.database.db, t.account.accountId, admin.id, { scope: 'write' });
    expectError(await t.api.withKey(apiKey).post(`/v2/users/${owner.id}/password-reset`), 403, 'forbidden');
    expect((await t.api.post(`/v2/users/${owner.id}/password-reset`)).status).toBe(200);
  });
});
