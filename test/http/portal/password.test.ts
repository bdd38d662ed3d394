import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, createTestApp, expectError, type TestContext } from '../../helper.js';
import { grantAccess, portalCookieOf, PortalBrowser, signedInSupplierPerson, tokenOf } from './fixture.js';

/** A portal person's optional password (docs/supplier-portal.md#passwords). */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const anonymous = () => new Api(t.app, undefined);
const PASSWORD = 'Freelance password 1';

/** A browser signed in with the e-mail and password; its reply. */
async function passwordSignIn(email: string, password: string) {
  const browser = new PortalBrowser(t.app);
  const reply = await anonymous().post('/v2/portal/auth/password', { email, password }, { json: true });
  if (reply.status === 200) {
    browser.cookie = portalCookieOf(reply)!.value;
    browser.csrfToken = reply.body.csrfToken as string;
  }
  return { reply, browser };
}

describe('PUT /v2/portal/me/password and POST /v2/portal/auth/password', () => {
  it('a person signed in by link chooses a password, then signs in with it (any case of the e-mail); links keep working', async () => {
    const person = await signedInSupplierPerson(t.app, t.api, 'Password Supplier');
    expect((await person.browser.get('/v2/portal/session')).body.person.hasPassword).toBe(false);
    const set = await person.browser.request('PUT', '/v2/portal/me/password', { password: PASSWORD });
    expect(set.status).toBe(200);
    expect(set.body.hasPassword).toBe(true);
    expect(JSON.stringify(set.body)).not.toContain('argon');

    const { reply, browser } = await passwordSignIn(person.email.toUpperCase(), PASSWORD);
    expect(reply.status).toBe(200);
    expect(reply.body.person).toMatchObject({ id: person.personId, hasPassword: true, party: { id: person.supplierId } });
    expect((await browser.get('/v2/portal/work')).status).toBe(200);
    // The session that chose it goes on.
    expect((await person.browser.get('/v2/portal/session')).status).toBe(200);

    const link = await grantAccess(t.api, person.supplierId, person.contactId);
    expect((await new PortalBrowser(t.app).signIn(tokenOf(link.body.link.url as string))).status).toBe(200);
  });

  it('refuses a wrong password, an unknown e-mail and a person without a password alike (401), then throttles the e-mail (429)', async () => {
    const person = await signedInSupplierPerson(t.app, t.api, 'Throttled Supplier');
    const linkOnly = await signedInSupplierPerson(t.app, t.api, 'Link Only Supplier');
    await person.browser.request('PUT', '/v2/portal/me/password', { password: PASSWORD });
    const wrong = expectError((await passwordSignIn(person.email, 'not the password')).reply, 401, 'unauthorized');
    const unknown = expectError((await passwordSignIn('nobody@example.com', PASSWORD)).reply, 401, 'unauthorized');
    const none = expectError((await passwordSignIn(linkOnly.email, PASSWORD)).reply, 401, 'unauthorized');
    expect(unknown.message).toBe(wrong.message);
    expect(none.message).toBe(wrong.message);
    for (let attempt = 0; attempt < 4; attempt++) await passwordSignIn(person.email, 'still wrong');
    expectError((await passwordSignIn(person.email, PASSWORD)).reply, 429, 'rate_limited');
    // The agency's own sign-in of the same address is another throttle.
    expect((await anonymous().post('/v2/auth/login', { email: person.email, password: 'x' }, { json: true })).status).toBe(401);
  });

  it('needs the current password to change one, ends the other sessions, and refuses bad input with 400', async () => {
    const person = await signedInSupplierPerson(t.app, t.api, 'Changing Supplier');
    expectError(await person.browser.request('PUT', '/v2/portal/me/password', { password: 'short' }), 400, 'parameter_invalid');
    expectError(await person.browser.request('PUT', '/v2/portal/me/password', {}), 400, 'parameter_missing');
    expectError(await person.browser.request('PUT', '/v2/portal/me/password', { password: 'x'.repeat(257) }), 400, 'parameter_invalid');
    expectError(await person.browser.request('PUT', '/v2/portal/me/password?extra=1', { password: PASSWORD }), 400, 'parameter_unknown');
    expectError(await person.browser.request('PUT', '/v2/portal/me/password', { password: PASSWORD }, { csrf: false }), 403, 'forbidden');
    expect((await person.browser.request('PUT', '/v2/portal/me/password', { password: PASSWORD })).status).toBe(200);
    const other = await passwordSignIn(person.email, PASSWORD);
    expect(other.reply.status).toBe(200);

    const missing = expectError(await person.browser.request('PUT', '/v2/portal/me/password', { password: 'A new password 2' }), 400, 'parameter_invalid');
    expect(missing.details?.[0]?.param).toBe('currentPassword');
    const wrong = expectError(
      await person.browser.request('PUT', '/v2/portal/me/password', { password: 'A new password 2', currentPassword: 'not it at all' }),
      400,
      'parameter_invalid',
    );
    expect(wrong.details?.[0]?.param).toBe('currentPassword');
    const changed = await person.browser.request('PUT', '/v2/portal/me/password', { password: 'A new password 2', currentPassword: PASSWORD });
    expect(changed.status).toBe(200);
    expectError(await other.browser.get('/v2/portal/session'), 401, 'unauthorized');
    expect((await person.browser.get('/v2/portal/session')).status).toBe(200);
    expectError((await passwordSignIn(person.email, PASSWORD)).reply, 401, 'unauthorized');
    expect((await passwordSignIn(person.email, 'A new password 2')).reply.status).toBe(200);
  });

  it('DELETE /v2/portal/me/password goes back to links only; withdrawn access forgets the password', async () => {
    const person = await signedInSupplierPerson(t.app, t.api, 'Removing Supplier');
    await person.browser.request('PUT', '/v2/portal/me/password', { password: PASSWORD });
    expectError(await person.browser.request('DELETE', '/v2/portal/me/password?extra=1'), 400, 'parameter_unknown');
    const removed = await person.browser.request('DELETE', '/v2/portal/me/password');
    expect(removed.status).toBe(200);
    expect(removed.body.hasPassword).toBe(false);
    expectError((await passwordSignIn(person.email, PASSWORD)).reply, 401, 'unauthorized');

    await person.browser.request('PUT', '/v2/portal/me/password', { password: PASSWORD });
    expect((await t.api.delete(`/v2/suppliers/${person.supplierId}/contacts/${person.contactId}/portal-access`)).status).toBe(204);
    expectError((await passwordSignIn(person.email, PASSWORD)).reply, 401, 'unauthorized');
    const again = await grantAccess(t.api, person.supplierId, person.contactId);
    expect(again.status).toBe(200);
    expectError((await passwordSignIn(person.email, PASSWORD)).reply, 401, 'unauthorized');
  });

  it('refuses a sign-in body without its fields, or with unknown ones (400), and a password over 256 characters', async () => {
    expectError(await anonymous().post('/v2/portal/auth/password', { email: 'a@example.com' }, { json: true }), 400, 'parameter_missing');
    expectError(
      await anonymous().post('/v2/portal/auth/password', { email: 'a@example.com', password: 'x', extra: 1 }, { json: true }),
      400,
      'parameter_unknown',
    );
    expectError(
      await anonymous().post('/v2/portal/auth/password', { email: 'a@example.com', password: 'x'.repeat(257) }, { json: true }),
      400,
      'parameter_invalid',
    );
    expectError(
      await anonymous().post('/v2/portal/auth/password?extra=1', { email: 'a@example.com', password: 'x' }, { json: true }),
      400,
      'parameter_unknown',
    );
  });
});
