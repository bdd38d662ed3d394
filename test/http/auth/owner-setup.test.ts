import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapIfEmpty } from '../../../src/modules/auth/index.js';
import { ownerSetup } from '../../../src/modules/auth/index.js';
import { buildTestApp, createTestApp, expectError, openTestDatabase, type TestContext } from '../../helper.js';
import { Browser, sessionCookieOf } from './fixture.js';

/** The first owner (docs/access.md#first-owner): the set-up link of the first start, POST /v2/auth/owner-setup, BOOTSTRAP_OWNER_*. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const anonymous = () => new Browser(t.app);
const issue = () => ownerSetup.issue(t.database.db, { id: t.account.userId, account_id: t.account.accountId });
const CHOSEN = 'the owner chose this';

describe('POST /v2/auth/owner-setup', () => {
  it('refuses a wrong, malformed or missing token, a bad e-mail or password with 400, and changes nothing', async () => {
    const token = await issue();
    const post = (params: Record<string, unknown>) => anonymous().request('POST', '/v2/auth/owner-setup', params);
    const wrong = expectError(await post({ token: 'A'.repeat(43), email: 'boss@example.com', password: CHOSEN }), 400, 'parameter_invalid');
    expect(wrong.details?.[0]?.param).toBe('token');
    expectError(await post({ token: 'x'.repeat(201), email: 'boss@example.com', password: CHOSEN }), 400, 'parameter_invalid');
    expectError(await post({ email: 'boss@example.com', password: CHOSEN }), 400, 'parameter_missing');
    expectError(await post({ token, email: 'not an e-mail', password: CHOSEN }), 400, 'parameter_invalid');
    expect(expectError(await post({ token, email: 'boss@example.com', password: 'short' }), 400, 'parameter_invalid').details?.[0]?.param).toBe('password');
    expectError(await post({ token, email: 'boss@example.com', password: 'p'.repeat(257) }), 400, 'parameter_invalid');
    expectError(await post({ token, email: 'boss@example.com', password: CHOSEN, role: 'owner' }), 400, 'parameter_unknown');
    // An e-mail another user signs in with: 409.
    expect((await t.otherApi.post('/v2/users', { name: 'Taken', email: 'taken@example.com' })).status).toBe(201);
    expectError(await post({ token, email: 'Taken@example.com', password: CHOSEN }), 409, 'resource_exists');
    const owner = (await t.api.get('/v2/users/me')).body;
    expect(owner).toMatchObject({ email: null, hasPassword: false });
  });

  it('sets the e-mail and password, signs the owner in, and the link works once only', async () => {
    const token = await issue();
    const reply = await anonymous().request('POST', '/v2/auth/owner-setup', { token, email: 'Boss@Example.com', password: CHOSEN }, { json: true });
    expect(reply.status).toBe(200);
    expect(reply.body.user).toMatchObject({ id: t.account.userId, email: 'Boss@Example.com', role: 'owner', status: 'active', hasPassword: true });
    const cookie = sessionCookieOf(reply)!;
    const browser = Object.assign(new Browser(t.app), { cookie: cookie.value, csrfToken: reply.body.csrfToken as string });
    expect((await browser.get('/v2/users/me')).body.id).toBe(t.account.userId);
    expect((await new Browser(t.app).login('boss@example.com', CHOSEN)).status).toBe(200);
    const again = await anonymous().request('POST', '/v2/auth/owner-setup', { token, email: 'thief@example.com', password: 'thief password' });
    expectError(again, 400, 'parameter_invalid');
    expect((await t.api.get('/v2/users/me')).body.email).toBe('Boss@Example.com');
    const row = await t.database.db.selectFrom('auth_tokens').selectAll().where('user_id', '=', t.account.userId).execute();
    expect(row.every((token) => token.used_at !== null)).toBe(true);
    expect(JSON.stringify(row)).not.toContain(token);
    // The change is the owner's own, in the events.
    const events = (await t.api.get('/v2/events', { type: ['user.updated'], pageSize: 100 })).body.items as Array<Record<string, any>>;
    expect(events.at(-1)?.data).toMatchObject({ id: t.account.userId, email: 'Boss@Example.com' });
    expect(JSON.stringify(events)).not.toContain(CHOSEN);
  });

  it('an expired link is refused', async () => {
    const token = await ownerSetup.issue(t.database.db, { id: t.other.userId, account_id: t.other.accountId }, Date.now() - 8 * 86_400_000);
    expectError(await anonymous().request('POST', '/v2/auth/owner-setup', { token, email: 'late@example.com', password: CHOSEN }), 400, 'parameter_invalid');
    expect((await t.otherApi.get('/v2/users/me')).body.email).toBeNull();
  });
});

describe('bootstrapIfEmpty: the first start', () => {
  it('gives the owner a set-up link once; with BOOTSTRAP_OWNER_* the e-mail and password instead', async () => {
    const empty = await openTestDatabase();
    try {
      const first = await bootstrapIfEmpty(empty.database.db, empty.database.dialect);
      expect(first?.ownerSetupToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await bootstrapIfEmpty(empty.database.db, empty.database.dialect)).toBeUndefined();
      const tokens = await empty.database.db.selectFrom('auth_tokens').selectAll().execute();
      expect(tokens).toEqual([expect.objectContaining({ purpose: 'owner_setup', user_id: first!.userId, used_at: null })]);
      expect(Date.parse(tokens[0]!.expires_at) - Date.parse(tokens[0]!.created_at)).toBe(7 * 86_400_000);
    } finally {
      await empty.database.close();
      await empty.drop();
    }
    const configured = await openTestDatabase();
    try {
      const created = await bootstrapIfEmpty(configured.database.db, configured.database.dialect, undefined, {
        email: 'First.Owner@example.com',
        password: 'configured password',
      });
      expect(created?.ownerSetupToken).toBeUndefined();
      expect(await configured.database.db.selectFrom('auth_tokens').selectAll().execute()).toEqual([]);
      const { app } = await buildTestApp({ config: t.config, database: configured.database });
      try {
        const reply = await new Browser(app).login('first.owner@example.com', 'configured password');
        expect(reply.status).toBe(200);
        expect(reply.body.user).toMatchObject({ id: created!.userId, role: 'owner', status: 'active' });
      } finally {
        await app.close();
      }
    } finally {
      await configured.database.close();
      await configured.drop();
    }
  });
});
