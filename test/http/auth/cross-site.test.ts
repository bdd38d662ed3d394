import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../../helper.js';
import { Browser, PASSWORD, userWithPassword } from './fixture.js';

/**
 * Cross-site requests (docs/access.md#cross-site-requests): a write authenticated only by the
 * session cookie needs the session's X-CSRF-Token; a form another site posts with the browser's
 * cookie is refused with 403 and changes nothing.
 */
let t: TestContext;
let browser: Browser;
beforeAll(async () => {
  t = await createTestApp();
  await userWithPassword(t, 'csrf@example.com');
  browser = new Browser(t.app);
  expect((await browser.login('csrf@example.com', PASSWORD)).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const EVIL = { origin: 'https://evil.example', referer: 'https://evil.example/form.html' };
const clientCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('clients')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', t.account.accountId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a cross-site form post with a valid cookie', () => {
  it('is refused with 403 forbidden on POST, PUT and DELETE, with no token or a wrong one, and changes nothing', async () => {
    const victim = (await t.api.post('/v2/clients', { name: 'Victim client', currency: 'EUR' })).body.id as string;
    const accountName = (await t.api.get('/v2/account')).body.name as string;
    const before = await clientCount();
    const wrongTokens: Array<false | string> = [false, 'not-the-token', browser.csrfToken!.slice(0, -1) + (browser.csrfToken!.endsWith('A') ? 'B' : 'A'), ''];
    for (const csrf of wrongTokens) {
      expectError(await browser.request('POST', '/v2/clients', { name: 'Planted client', currency: 'EUR' }, { csrf, headers: EVIL }), 403, 'forbidden');
      expectError(await browser.request('PUT', '/v2/account', { name: 'Hijacked agency' }, { csrf, headers: EVIL }), 403, 'forbidden');
      expectError(await browser.request('DELETE', `/v2/clients/${victim}`, undefined, { csrf, headers: EVIL }), 403, 'forbidden');
      expectError(
        await browser.request('POST', '/v2/auth/password', { currentPassword: PASSWORD, password: 'attacker password' }, { csrf, headers: EVIL }),
        403,
        'forbidden',
      );
    }
    expect(await clientCount()).toBe(before);
    expect((await t.api.get('/v2/account')).body.name).toBe(accountName);
    expect((await t.api.get(`/v2/clients/${victim}`)).status).toBe(200);
    expect((await new Browser(t.app).login('csrf@example.com', PASSWORD)).status).toBe(200);
  });

  it("another session's token does not do either", async () => {
    const second = new Browser(t.app);
    await second.login('csrf@example.com', PASSWORD);
    expect(second.csrfToken).not.toBe(browser.csrfToken);
    expectError(await browser.request('POST', '/v2/clients', { name: 'Planted', currency: 'EUR' }, { csrf: second.csrfToken! }), 403, 'forbidden');
  });
});

describe('with the token, and reads', () => {
  it('the same writes work with the X-CSRF-Token header', async () => {
    const before = await clientCount();
    const created = await browser.request('POST', '/v2/clients', { name: 'Made in the browser', currency: 'EUR' });
    expect(created.status).toBe(201);
    expect(await clientCount()).toBe(before + 1);
    const renamed = await browser.request('PUT', '/v2/account', { name: 'Renamed in the browser' });
    expect(renamed.status).toBe(200);
    expect((await t.api.get('/v2/account')).body.name).toBe('Renamed in the browser');
    expect((await browser.request('DELETE', `/v2/clients/${created.body.id}`)).status).toBe(204);
    expect(await clientCount()).toBe(before);
  });

  it('a GET with the cookie needs no token, even from another origin', async () => {
    const reply = await browser.request('GET', '/v2/clients', undefined, { csrf: false, headers: EVIL });
    expect(reply.status).toBe(200);
  });

  it('a request with a key never needs the token (a cookie beside it is ignored)', async () => {
    expect((await t.api.post('/v2/clients', { name: 'By key', currency: 'EUR' })).status).toBe(201);
    const both = await t.api.request(
      'POST',
      '/v2/clients',
      { name: 'By key, with a cookie', currency: 'EUR' },
      { headers: { cookie: `td_session=${browser.cookie}`, ...EVIL } },
    );
    expect(both.status).toBe(201);
  });
});
