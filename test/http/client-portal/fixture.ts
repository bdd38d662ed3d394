import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Api, Reply, Value } from '../../helper.js';
import { PortalBrowser, tokenOf } from '../portal/fixture.js';

export { PortalBrowser, tokenOf } from '../portal/fixture.js';

export type ClientPermission = 'request' | 'approve' | 'invoices';
export const ALL_PERMISSIONS: ClientPermission[] = ['request', 'approve', 'invoices'];

/** A client with one contact who has an e-mail address, made through the agency's API. */
export async function clientWithContact(api: Api, name: string, email = `${name.toLowerCase().replace(/\W+/g, '.')}@client.example`) {
  const client = await api.post('/v2/clients', { name, currency: 'EUR' });
  expect(client.status).toBe(201);
  const contact = await api.post(`/v2/clients/${client.body.id}/contacts`, { fullName: `${name} Person`, email });
  expect(contact.status).toBe(201);
  return { clientId: client.body.id as string, contactId: contact.body.id as string, email };
}

/** Gives the client's contact portal access: the answer (person and link). */
export function grantClientAccess(api: Api, clientId: string, contactId: string, body: Record<string, Value> = {}): Promise<Reply> {
  return api.post(`/v2/clients/${clientId}/contacts/${contactId}/portal-access`, body, { json: true });
}

/** A client's contact given access (with these permissions, default all three) and signed in: their browser, and the ids. */
export async function signedInClientPerson(app: FastifyInstance, api: Api, name: string, permissions: ClientPermission[] = ALL_PERMISSIONS) {
  const made = await clientWithContact(api, name);
  const granted = await grantClientAccess(api, made.clientId, made.contactId, { permissions });
  expect(granted.status).toBe(200);
  const browser = new PortalBrowser(app);
  expect((await browser.signIn(tokenOf(granted.body.link.url as string))).status).toBe(200);
  return { ...made, personId: granted.body.person.id as string, browser };
}

/**
 * Keys no client-portal answer may carry (docs/client-portal.md#what-the-portal-shows): who the
 * agency's suppliers are, what it pays them, and what it earns. The client's own prices (quote and
 * invoice lines, their totals) are theirs to see.
 */
export const FORBIDDEN_CLIENT_PORTAL_KEYS = new Set([
  'supplier',
  'suppliers',
  'supplierId',
  'supplierName',
  'outsourcing',
  'outsourcings',
  'unitCost',
  'cost',
  'costs',
  'costTotal',
  'margin',
  'marginRate',
  'margins',
  'profitability',
  'profit',
  'apiKey',
  'role',
  'userId',
]);

/** Fails when a client-portal answer carries a forbidden key, or any of the strings of another party (their ids, names, e-mails). */
export function expectClientPortalSafe(body: unknown, foreign: readonly string[] = [], path = '$'): void {
  if (Array.isArray(body)) {
    body.forEach((item, index) => expectClientPortalSafe(item, foreign, `${path}[${index}]`));
    return;
  }
  if (typeof body === 'string') {
    for (const value of foreign) expect(body.includes(value), `${path} carries another party's "${value}"`).toBe(false);
    return;
  }
  if (body === null || typeof body !== 'object') return;
  for (const [key, value] of Object.entries(body)) {
    expect(FORBIDDEN_CLIENT_PORTAL_KEYS.has(key), `${path}.${key} must not reach the client portal`).toBe(false);
    expectClientPortalSafe(value, foreign, `${path}.${key}`);
  }
}
