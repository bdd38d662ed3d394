import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, createTestApp, expectError, type TestContext } from '../../helper.js';
import { startMailServer, tokenIn } from '../auth/mail-server.js';
import { grantAccess, portalCookieOf, PortalBrowser, signedInSupplierPerson, supplierWithContact, tokenOf } from './fixture.js';

/** Signing in to the portal, its session and the person's settings (docs/supplier-portal.md#signing-in, #sessions). */
let t: TestContext;
let mail: Awaited<ReturnType<typeof startMailServer>>;
beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ SMTP_URL: mail.url, SMTP_FROM: 'Agency <desk@agency.example>' });
  await t.api.put('/v2/account', { name: 'Lingua Agency' });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const anonymous = () => new Api(t.app, undefined);

describe('POST /v2/portal/auth/sign-in', () => {
  it('redeems the e-mailed link once: an HttpOnly cookie apart from the agency’s, the person, their party and the CSRF token', async () => {
    const { supplierId, contactId, email } = await supplierWithContact(t.api, 'Ana Silva Translations');
    await t.api.put(`/v2/suppliers/${supplierId}`, { documentLanguage: 'pt' });
    const granted = await grantAccess(t.api, supplierId, contactId);
    expect(granted.body.link.emailed).toBe(true);
    const message = mail.messages.at(-1)!;
    expect(message.to).toEqual([email]);
    expect(message.subject).toBe('O seu link de acesso ao portal de Lingua Agency');
    const token = tokenIn(message.text, 'portal/sign-in');
    expect(granted.body.link.url).toBe(`${t.config.publicUrl}/portal/sign-in#token=${token}`);

    const reply = await anonymous().post('/v2/portal/auth/sign-in', { token }, { json: true });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      person: {
        id: granted.body.person.id,
        name: 'Ana Silva Translations Person',
        email,
        language: 'pt',
        party: { kind: 'supplier', id: supplierId, name: 'Ana Silva Translations' },
        agency: { name: 'Lingua Agency', hasLogo: false },
        permissions: [],
        hasPassword: false,
      },
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const cookie = portalCookieOf(reply)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.attributes).toMatch(/HttpOnly/);
    expect(cookie.attributes).toMatch(/SameSite=Lax/);
    expect(reply.headers['set-cookie']).not.toMatch(/td_session=/);

    const again = expectError(await anonymous().post('/v2/portal/auth/sign-in', { token }, { json: true }), 400, 'parameter_invalid');
    expect(again.details?.[0]).toEqual({ param: 'token', message: expect.stringContaining('already been used') });
  });

  it('refuses a malformed, unknown or expired token with a 400 on token, and an empty body', async () => {
    const malformed = expectError(await anonymous().post('/v2/portal/auth/sign-in', { token: 'abc' }, { json: true }), 400, 'parameter_invalid');
    expect(malformed.details?.[0]?.param).toBe('token');
    expectError(await anonymous().post('/v2/portal/auth/sign-in', { token: 'A'.repeat(43) }, { json: true }), 400, 'parameter_invalid');
    expectError(await anonymous().post('/v2/portal/auth/sign-in', {}, { json: true }), 400, 'parameter_missing');

    const { supplierId, contactId } = await supplierWithContact(t.api, 'Expired Link Supplier');
    const granted = await grantAccess(t.api, supplierId, contactId);
    await t.database.db
      .updateTable('portal_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    const expired = expectError(
      await anonymous().post('/v2/portal/auth/sign-in', { token: tokenOf(granted.body.link.url) }, { json: true }),
      400,
      'parameter_invalid',
    );
    expect(expired.details?.[0]?.message).toContain('expired');
  });
});

describe('the portal session', () => {
  it('GET /v2/portal/session answers the person and the CSRF token; logout ends it', async () => {
    const { browser, personId } = await signedInSupplierPerson(t.app, t.api, 'Session Supplier');
    const session = await browser.get('/v2/portal/session');
    expect(session.status).toBe(200);
    expect(session.body.person.id).toBe(personId);
    expect(session.body.csrfToken).toBe(browser.csrfToken);
    expectError(await browser.request('POST', '/v2/portal/auth/logout', undefined, { csrf: false }), 403, 'forbidden');
    expectError(await browser.get('/v2/portal/session?extra=1'), 400, 'parameter_unknown');
    expectError(await browser.request('POST', '/v2/portal/auth/logout?extra=1'), 400, 'parameter_unknown');
    const out = await browser.request('POST', '/v2/portal/auth/logout');
    expect(out.status).toBe(204);
    expect(portalCookieOf(out)?.value).toBe('');
    expectError(await browser.get('/v2/portal/session'), 401, 'unauthorized');
  });

  it('ends after the idle time and at the maximum age', async () => {
    const idle = await signedInSupplierPerson(t.app, t.api, 'Idle Supplier');
    await t.database.db
      .updateTable('portal_sessions')
      .set({ last_seen_at: new Date(Date.now() - t.config.sessions.idleMs - 1000).toISOString() })
      .where('person_id', '=', idle.personId)
      .execute();
    expectError(await idle.browser.get('/v2/portal/session'), 401, 'unauthorized');
    const old = await signedInSupplierPerson(t.app, t.api, 'Old Supplier');
    await t.database.db
      .updateTable('portal_sessions')
      .set({ created_at: new Date(Date.now() - t.config.sessions.maxAgeMs - 1000).toISOString() })
      .where('person_id', '=', old.personId)
      .execute();
    expectError(await old.browser.get('/v2/portal/session'), 401, 'unauthorized');
  });

  it('PUT /v2/portal/me changes the language, with the CSRF token only; a wrong language is a 400', async () => {
    const { browser } = await signedInSupplierPerson(t.app, t.api, 'Language Supplier');
    expectError(await browser.request('PUT', '/v2/portal/me', { language: 'de' }, { csrf: false }), 403, 'forbidden');
    expectError(await browser.request('PUT', '/v2/portal/me', { language: 'de' }, { csrf: 'wrong' }), 403, 'forbidden');
    const changed = await browser.request('PUT', '/v2/portal/me', { language: 'de' });
    expect(changed.status).toBe(200);
    expect(changed.body.language).toBe('de');
    expect((await browser.get('/v2/portal/session')).body.person.language).toBe('de');
    const wrong = expectError(await browser.request('PUT', '/v2/portal/me', { language: 'klingon' }), 400, 'parameter_invalid');
    expect(wrong.details?.[0]?.param).toBe('language');
    expectError(await browser.request('PUT', '/v2/portal/me', { name: 'x' }), 400, 'parameter_unknown');
  });
});

describe('POST /v2/portal/auth/link', () => {
  it('always answers 204; an address with access gets a new link in its language, at most once a minute', async () => {
    const { supplierId, contactId, email } = await supplierWithContact(t.api, 'Link Request Supplier', 'Freelance.Person@Example.com');
    await grantAccess(t.api, supplierId, contactId, { language: 'de' });
    await t.database.db
      .updateTable('portal_links')
      .set({ created_at: new Date(Date.now() - 120_000).toISOString() })
      .execute();
    const count = mail.messages.length;
    const reply = await anonymous().post('/v2/portal/auth/link', { email: email.toUpperCase() }, { json: true });
    expect(reply.status).toBe(204);
    await expect.poll(() => mail.messages.length).toBe(count + 1);
    const message = mail.messages.at(-1)!;
    expect(message.subject).toBe('Ihr Anmeldelink für das Portal von Lingua Agency');
    const signedIn = await new PortalBrowser(t.app).signIn(tokenIn(message.text, 'portal/sign-in'));
    expect(signedIn.status).toBe(200);

    // Within the minute: no second e-mail.
    expect((await anonymous().post('/v2/portal/auth/link', { email }, { json: true })).status).toBe(204);
    expect((await anonymous().post('/v2/portal/auth/link', { email: 'nobody@example.com' }, { json: true })).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.messages.length).toBe(count + 1);
    expectError(await anonymous().post('/v2/portal/auth/link', {}, { json: true }), 400, 'parameter_missing');
  });
});
