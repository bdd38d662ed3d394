import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { apiWithRole, grantAccess, supplierWithContact } from '../portal/fixture.js';
import { clientWithContact, grantClientAccess, PortalBrowser, tokenOf } from './fixture.js';

/** The agency's side of a client's portal access (docs/client-portal.md#people): giving it with permissions, changing them, withdrawing it. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /v2/clients/:id/contacts/:contactId/portal-access', () => {
  it('gives a client contact access with all three permissions by default, and the person signs in as the client', async () => {
    const { clientId, contactId, email } = await clientWithContact(t.api, 'Acme Legal');
    const reply = await grantClientAccess(t.api, clientId, contactId);
    expect(reply.status).toBe(200);
    expect(reply.body.person).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      contact: { id: contactId, fullName: 'Acme Legal Person', email },
      status: 'active',
      language: null,
      permissions: ['request', 'approve', 'invoices'],
      createdAt: expect.any(String),
      lastSignInAt: null,
    });
    const browser = new PortalBrowser(t.app);
    const signedIn = await browser.signIn(tokenOf(reply.body.link.url));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.person.party).toEqual({ kind: 'client', id: clientId, name: 'Acme Legal' });
    expect(signedIn.body.person.permissions).toEqual(['request', 'approve', 'invoices']);
    const listed = await t.api.get(`/v2/clients/${clientId}/portal-access`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((person: { id: string }) => person.id)).toEqual([reply.body.person.id]);
  });

  it('stores the permissions given, in their canonical order; a grant again without them keeps them', async () => {
    const { clientId, contactId } = await clientWithContact(t.api, 'Order Kept');
    const first = await grantClientAccess(t.api, clientId, contactId, { permissions: ['invoices', 'request'] });
    expect(first.body.person.permissions).toEqual(['request', 'invoices']);
    const again = await grantClientAccess(t.api, clientId, contactId, { language: 'de' });
    expect(again.body.person.permissions).toEqual(['request', 'invoices']);
    expect(again.body.person.language).toBe('de');
  });

  it('refuses an unknown permission, a repeated one, and permissions for a supplier contact (400)', async () => {
    const { clientId, contactId } = await clientWithContact(t.api, 'Bad Permission');
    expect(expectError(await grantClientAccess(t.api, clientId, contactId, { permissions: ['admin'] }), 400, 'parameter_invalid').details?.[0]?.param).toBe(
      'permissions[0]',
    );
    expectError(await grantClientAccess(t.api, clientId, contactId, { permissions: ['approve', 'approve'] }), 400, 'parameter_invalid');
    const supplier = await supplierWithContact(t.api, 'Supplier With Permissions');
    const refused = expectError(await grantAccess(t.api, supplier.supplierId, supplier.contactId, { permissions: ['approve'] }), 400, 'parameter_invalid');
    expect(refused.details?.[0]?.param).toBe('permissions');
    expect((await t.api.get(`/v2/suppliers/${supplier.supplierId}/portal-access`)).body).toEqual([]);
  });

  it('404 for a client of another account, a missing client, or a contact of another client', async () => {
    const { clientId, contactId } = await clientWithContact(t.api, 'Boundary Client');
    const other = await clientWithContact(t.api, 'Other Client');
    expectError(await grantClientAccess(t.api, MISSING_ID, contactId), 404, 'resource_missing');
    expectError(await grantClientAccess(t.api, other.clientId, contactId), 404, 'resource_missing');
    expectError(await grantClientAccess(t.otherApi, clientId, contactId), 404, 'resource_missing');
  });
});

describe('PUT /v2/clients/:id/contacts/:contactId/portal-access', () => {
  it('changes what the person may do; their open session sees it at once, and no new link is made', async () => {
    const { clientId, contactId } = await clientWithContact(t.api, 'Changed Mind');
    const granted = await grantClientAccess(t.api, clientId, contactId);
    const browser = new PortalBrowser(t.app);
    expect((await browser.signIn(tokenOf(granted.body.link.url))).status).toBe(200);
    const changed = await t.api.put(`/v2/clients/${clientId}/contacts/${contactId}/portal-access`, { permissions: ['approve'] }, { json: true });
    expect(changed.status).toBe(200);
    expect(changed.body.permissions).toEqual(['approve']);
    expect(changed.body.lastSignInAt).toEqual(expect.any(String));
    const session = await browser.get('/v2/portal/session');
    expect(session.body.person.permissions).toEqual(['approve']);
  });

  it('400 without permissions or with a field it does not know; 404 for a contact without access; the manager may, the viewer may not', async () => {
    const { clientId, contactId } = await clientWithContact(t.api, 'Put Errors');
    expectError(await t.api.put(`/v2/clients/${clientId}/contacts/${contactId}/portal-access`, { permissions: [] }, { json: true }), 404, 'resource_missing');
    await grantClientAccess(t.api, clientId, contactId);
    expectError(await t.api.put(`/v2/clients/${clientId}/contacts/${contactId}/portal-access`, {}, { json: true }), 400, 'parameter_missing');
    expectError(
      await t.api.put(`/v2/clients/${clientId}/contacts/${contactId}/portal-access`, { permissions: [], role: 'x' }, { json: true }),
      400,
      'parameter_unknown',
    );
    const manager = await apiWithRole(t, 'manager');
    expect((await manager.put(`/v2/clients/${clientId}/contacts/${contactId}/portal-access`, { permissions: [] }, { json: true })).body.permissions).toEqual(
      [],
    );
    const viewer = await apiWithRole(t, 'viewer');
    expectError(
      await viewer.put(`/v2/clients/${clientId}/contacts/${contactId}/portal-access`, { permissions: ['approve'] }, { json: true }),
      403,
      'forbidden',
    );
  });
});

describe('DELETE /v2/clients/:id/contacts/:contactId/portal-access', () => {
  it('withdraws access: the session ends at once', async () => {
    const { clientId, contactId } = await clientWithContact(t.api, 'Withdrawn Client');
    const granted = await grantClientAccess(t.api, clientId, contactId);
    const browser = new PortalBrowser(t.app);
    await browser.signIn(tokenOf(granted.body.link.url));
    expect((await t.api.delete(`/v2/clients/${clientId}/contacts/${contactId}/portal-access`)).status).toBe(204);
    expectError(await browser.get('/v2/portal/session'), 401, 'unauthorized');
    expect((await t.api.get(`/v2/clients/${clientId}/portal-access`)).body[0].status).toBe('revoked');
    const stranger = await clientWithContact(t.api, 'Never Given');
    expectError(await t.api.delete(`/v2/clients/${stranger.clientId}/contacts/${stranger.contactId}/portal-access`), 404, 'resource_missing');
  });
});
