import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../src/core/mail.js';
import { resetRequestsSettled } from '../../../src/modules/auth/password-reset.js';
import { createTestApp, type TestContext } from '../../helper.js';
import { startMailServer, tokenIn } from './mail-server.js';

/** E-mail through SMTP_URL (docs/access.md#e-mail), against a real SMTP server started here. */

const anonymous = (t: TestContext) => t.api.withKey(undefined);

describe('invitations e-mailed through SMTP_URL (with a user name and password)', () => {
  let t: TestContext;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  beforeAll(async () => {
    mail = await startMailServer({ user: 'desk', password: 's3cret pass' });
    t = await createTestApp({ SMTP_URL: mail.url, SMTP_FROM: 'Transdesk <desk@agency.example>' });
    await t.api.put('/v2/account', { name: 'Agency <One>' });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  it('sends the invitation to the new user, says so (emailed: true), and its link redeems', async () => {
    const reply = await t.api.post('/v2/users', { name: 'A Person', email: 'new.person@example.com', role: 'viewer' });
    expect(reply.status).toBe(201);
    expect(reply.body.invitation.emailed).toBe(true);
    expect(mail.messages).toHaveLength(1);
    const message = mail.messages[0]!;
    expect(message.to).toEqual(['new.person@example.com']);
    expect(message.from).toBe('desk@agency.example');
    expect(message.subject).toBe('You are invited to Agency <One> on Transdesk');
    expect(message.raw).toMatch(/^Content-Type: multipart\/alternative/m);
    const token = tokenIn(message.text, 'accept-invitation');
    expect(reply.body.invitation.url).toBe(`${t.config.publicUrl}/accept-invitation#token=${token}`);
    // The HTML body escapes what it quotes (the account's name) and links the same address.
    expect(message.html).toContain(escapeHtml('Agency <One>'));
    expect(message.html).not.toContain('Agency <One>');
    expect(message.html).toContain(`href="${reply.body.invitation.url}"`);
    const accepted = await anonymous(t).post('/v2/auth/invitations/accept', { token, password: 'chosen password 1' }, { json: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ email: 'new.person@example.com', status: 'active' });
  });

  it('sends a re-sent invitation too, with the new link', async () => {
    const created = (await t.api.post('/v2/users', { name: 'A Person', email: 'again@example.com' })).body;
    const resent = await t.api.post(`/v2/users/${created.id}/invitation`);
    expect(resent.body.emailed).toBe(true);
    const last = mail.messages.at(-1)!;
    expect(last.to).toEqual(['again@example.com']);
    expect(resent.body.url).toContain(tokenIn(last.text, 'accept-invitation'));
  });
});

describe('an SMTP server that cannot be reached', () => {
  let t: TestContext;
  beforeAll(async () => {
    const closed = await startMailServer();
    await closed.close();
    t = await createTestApp({ SMTP_URL: closed.url });
  });
  afterAll(async () => {
    await t.close();
  });

  it('fails neither the request nor its transaction: the user exists and the answer says emailed: false', async () => {
    const reply = await t.api.post('/v2/users', { name: 'A Person', email: 'unlucky@example.com' });
    expect(reply.status).toBe(201);
    expect(reply.body.invitation).toMatchObject({ emailed: false, url: expect.stringContaining('/accept-invitation#token=') });
    expect((await t.api.get(`/v2/users/${reply.body.id}`)).status).toBe(200);
    const token = tokenIn(reply.body.invitation.url, 'accept-invitation');
    expect((await anonymous(t).post('/v2/auth/invitations/accept', { token, password: 'chosen password 1' }, { json: true })).status).toBe(200);
  });
});

describe('without SMTP_URL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends nothing: a reset request makes no link (only a warning in the log), an owner or admin makes one', async () => {
    const created = (await t.api.post('/v2/users', { name: 'A Person', email: 'quiet@example.com' })).body;
    const token = tokenIn(created.invitation.url, 'accept-invitation');
    await anonymous(t).post('/v2/auth/invitations/accept', { token, password: 'chosen password 1' }, { json: true });
    expect((await anonymous(t).post('/v2/auth/password-reset', { email: 'quiet@example.com' })).status).toBe(204);
    await resetRequestsSettled();
    const resets = () =>
      t.database.db.selectFrom('auth_tokens').select('id').where('user_id', '=', created.id).where('purpose', '=', 'password_reset').execute();
    expect(await resets()).toEqual([]);
    const link = await t.api.post(`/v2/users/${created.id}/password-reset`);
    expect(link.body).toMatchObject({ emailed: false, url: expect.stringContaining('/reset-password#token=') });
    expect(await resets()).toHaveLength(1);
  });
});
