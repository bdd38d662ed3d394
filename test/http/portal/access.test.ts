import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { apiWithRole, grantAccess, PortalBrowser, supplierWithContact, tokenOf } from './fixture.js';

/** The agency's side of portal access (docs/supplier-portal.md#people): giving, listing and withdrawing it. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /v2/suppliers/:id/contacts/:contactId/portal-access', () => {
  it('gives the contact access and answers a single-use sign-in link valid 15 minutes', async () => {
    const { supplierId, contactId, email } = await supplierWithContact(t.api, 'Marie Dubois Traductions');
    const before = Date.now();
    const reply = await grantAccess(t.api, supplierId, contactId);
    expect(reply.status).toBe(200);
    const { person, link } = reply.body;
    expect(person).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      contact: { id: contactId, fullName: 'Marie Dubois Traductions Person', email },
      status: 'active',
      language: null,
      permissions: [],
      createdAt: expect.any(String),
      lastSignInAt: null,
    });
    expect(link.url).toMatch(/^http:\/\/[^/]+\/portal\/sign-in#token=[A-Za-z0-9_-]{43}$/);
    expect(link.emailed).toBe(false);
    const lifetime = Date.parse(link.expiresAt) - before;
    expect(lifetime).toBeGreaterThan(15 * 60_000 - 5_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000 + 1_000);

    const listed = await t.api.get(`/v2/suppliers/${supplierId}/portal-access`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([person]);
  });

  it('a second grant makes a new link and voids the first; the language chosen is kept', async () => {
    const { supplierId, contactId } = await supplierWithContact(t.api, 'Second Grant');
    const first = await grantAccess(t.api, supplierId, contactId);
    const second = await grantAccess(t.api, supplierId, contactId, { language: 'pl' });
    expect(second.status).toBe(200);
    expect(second.body.person.id).toBe(first.body.person.id);
    expect(second.body.person.language).toBe('pl');
    const browser = new PortalBrowser(t.app);
    expectError(await browser.signIn(tokenOf(first.body.link.url)), 400, 'parameter_invalid');
    const signedIn = await browser.signIn(tokenOf(second.body.link.url));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.person.language).toBe('pl');
    const listed = await t.api.get(`/v2/suppliers/${supplierId}/portal-access`);
    expect(listed.body[0].lastSignInAt).toEqual(expect.any(String));
  });

  it('refuses a language that is not one of the eight, and a field it does not know (400)', async () => {
    const { supplierId, contactId } = await supplierWithContact(t.api, 'Bad Language');
    const wrong = expectError(await grantAccess(t.api, supplierId, contactId, { language: 'xx' }), 400, 'parameter_invalid');
    expect(wrong.details?.[0]?.param).toBe('language');
    expectError(await grantAccess(t.api, supplierId, contactId, { role: 'admin' }), 400, 'parameter_unknown');
  });

  it('409 for a contact without an e-mail address; nothing is made', async () => {
    const supplier = await t.api.post('/v2/suppliers', { name: 'No Mail Supplier', currency: 'EUR' });
    const contact = await t.api.post(`/v2/suppliers/${supplier.body.id}/contacts`, { fullName: 'Nobody Mail' });
    expectError(await grantAccess(t.api, supplier.body.id, contact.body.id), 409, 'state_conflict');
    expect((await t.api.get(`/v2/suppliers/${supplier.body.id}/portal-access`)).body).toEqual([]);
  });

  it('404 for an unknown supplier, an unknown contact, a contact of another supplier, and another account’s supplier', async () => {
    const { supplierId, contactId } = await supplierWithContact(t.api, 'Known Supplier');
    const other = await supplierWithContact(t.api, 'Other Supplier');
    expectError(await grantAccess(t.api, MISSING_ID, contactId), 404, 'resource_missing');
    expectError(await grantAccess(t.api, supplierId, MISSING_ID), 404, 'resource_missing');
    expectError(await grantAccess(t.api, supplierId, other.contactId), 404, 'resource_missing');
    const foreign = await supplierWithContact(t.otherApi, 'Foreign Supplier');
    expectError(await grantAccess(t.api, foreign.supplierId, foreign.contactId), 404, 'resource_missing');
    expectError(await t.api.get(`/v2/suppliers/${foreign.supplierId}/portal-access`), 404, 'resource_missing');
    expectError(await t.api.delete(`/v2/suppliers/${foreign.supplierId}/contacts/${foreign.contactId}/portal-access`), 404, 'resource_missing');
    expectError(await t.api.get(`/v2/suppliers/${MISSING_ID}/portal-access`), 404, 'resource_missing');
  });

  it('is project work: a viewer and finance read who has access but may not give or withdraw it (403)', async () => {
    const { supplierId, contactId } = await supplierWithContact(t.api, 'Roles Supplier');
    for (const role of ['viewer', 'finance'] as const) {
      const api = await apiWithRole(t, role);
      expectError(await grantAccess(api, supplierId, contactId), 403, 'forbidden');
      expectError(await api.delete(`/v2/suppliers/${supplierId}/contacts/${contactId}/portal-access`), 403, 'forbidden');
      expect((await api.get(`/v2/suppliers/${supplierId}/portal-access`)).status).toBe(200);
    }
    const manager = await apiWithRole(t, 'manager');
    expect((await grantAccess(manager, supplierId, contactId)).status).toBe(200);
  });
});

describe('DELETE /v2/suppliers/:id/contacts/:contactId/portal-access', () => {
  it('withdraws access at once: the session answers 401, the unused link opens nothing; a new grant gives it back', async () => {
    const { supplierId, contactId } = await supplierWithContact(t.api, 'Revoked Supplier');
    const granted = await grantAccess(t.api, supplierId, contactId);
    const browser = new PortalBrowser(t.app);
    expect((await browser.signIn(tokenOf(granted.body.link.url))).status).toBe(200);
    expect((await browser.get('/v2/portal/session')).status).toBe(200);
    const unused = await grantAccess(t.api, supplierId, contactId);

    const revoked = await t.api.delete(`/v2/suppliers/${supplierId}/contacts/${contactId}/portal-access`);
    expect(revoked.status).toBe(204);
    expectError(await browser.get('/v2/portal/session'), 401, 'unauthorized');
    expectError(await new PortalBrowser(t.app).signIn(tokenOf(unused.body.link.url)), 400, 'parameter_invalid');
    expect((await t.api.get(`/v2/suppliers/${supplierId}/portal-access`)).body[0].status).toBe('revoked');
    expectError(await t.api.delete(`/v2/suppliers/${supplierId}/contacts/${MISSING_ID}/portal-access`), 404, 'resource_missing');

    const again = await grantAccess(t.api, supplierId, contactId);
    expect(again.body.person.status).toBe('active');
    expect((await new PortalBrowser(t.app).signIn(tokenOf(again.body.link.url))).status).toBe(200);
  });

  it('a contact deleted leaves its person nothing to sign in as', async () => {
    const { supplierId, contactId } = await supplierWithContact(t.api, 'Deleted Contact Supplier');
    const granted = await grantAccess(t.api, supplierId, contactId);
    const browser = new PortalBrowser(t.app);
    expect((await browser.signIn(tokenOf(granted.body.link.url))).status).toBe(200);
    expect((await t.api.delete(`/v2/suppliers/${supplierId}/contacts/${contactId}`)).status).toBe(204);
    expectError(await browser.get('/v2/portal/session'), 401, 'unauthorized');
    expect((await t.api.get(`/v2/suppliers/${supplierId}/portal-access`)).body).toEqual([]);
  });
});
