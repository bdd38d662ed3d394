import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { Browser, PASSWORD, userWithPassword } from './fixture.js';

/** Cookies that are not a session (docs/access.md#sessions): a clear 401, never a 5xx; another account's records: 404. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const withCookie = (cookie: string) => new Api(t.app, undefined).request('GET', '/v2/users/me', undefined, { headers: { cookie } });

describe('the session cookie', () => {
  it('a malformed, unknown or empty cookie answers 401', async () => {
    for (const cookie of [
      'td_session=',
      'td_session=short',
      'td_session=%ZZ%ZZ%ZZ%ZZ%ZZ%ZZ%ZZ%ZZ%ZZ%ZZ',
      `td_session=${'A'.repeat(43)}`,
      `td_session="${'A'.repeat(43)}"`,
      'td_session=ok; td_session=two',
      ';;;===;td_session',
      `td_session=${'é'.repeat(30)}`,
      `other=1; td_session=${'x'.repeat(101)}`,
    ]) {
      expectError(await withCookie(cookie), 401, 'unauthorized');
    }
  });

  it('a huge cookie header answers 401, not a 5xx', async () => {
    await userWithPassword(t, 'huge@example.com');
    const browser = new Browser(t.app);
    await browser.login('huge@example.com', PASSWORD);
    expectError(await withCookie(`padding=${'p'.repeat(9000)}; td_session=${browser.cookie}`), 401, 'unauthorized');
    expectError(await withCookie(`td_session=${'A'.repeat(12_000)}`), 401, 'unauthorized');
  });

  it('an ended session answers 401, and so does the session of a disabled user', async () => {
    await userWithPassword(t, 'ended@example.com');
    const ended = new Browser(t.app);
    await ended.login('ended@example.com', PASSWORD);
    await t.database.db.updateTable('sessions').set({ ended_at: new Date().toISOString() }).execute();
    expectError(await ended.get('/v2/users/me'), 401, 'unauthorized');

    const user = await userWithPassword(t, 'soon-disabled@example.com');
    const browser = new Browser(t.app);
    await browser.login(user.email, PASSWORD);
    expect((await browser.get('/v2/users/me')).status).toBe(200);
    expect((await t.api.put(`/v2/users/${user.id}`, { disabled: true })).status).toBe(200);
    expectError(await browser.get('/v2/users/me'), 401, 'unauthorized');
  });

  it("a session sees its own account only: another account's records answer 404 as with keys", async () => {
    const mine = (await t.api.post('/v2/clients', { name: 'Account one client', currency: 'EUR' })).body.id as string;
    await userWithPassword(t, 'other-account@example.com', { api: t.otherApi });
    const outsider = new Browser(t.app);
    expect((await outsider.login('other-account@example.com', PASSWORD)).status).toBe(200);
    expectError(await outsider.get(`/v2/clients/${mine}`), 404, 'resource_missing');
    expectError(await outsider.request('PUT', `/v2/clients/${mine}`, { name: 'Taken over' }), 404, 'resource_missing');
    expectError(await outsider.request('DELETE', `/v2/clients/${mine}`), 404, 'resource_missing');
    expectError(await outsider.get(`/v2/clients/${MISSING_ID}`), 404, 'resource_missing');
    expect((await t.api.get(`/v2/clients/${mine}`)).body.name).toBe('Account one client');
    expect((await outsider.get('/v2/account')).body.id).toBe(t.other.accountId);
  });
});
