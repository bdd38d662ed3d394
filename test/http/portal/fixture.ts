import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { Api, type Reply, type TestContext, type Value } from '../../helper.js';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { Browser, sessionCookieOf } from '../auth/fixture.js';
import { basic, BOUNDARY, multipartBody, type Part } from '../files/helper.js';

/** The value of the portal session cookie a reply sets ('' when it clears it), and its attributes. */
export const portalCookieOf = (reply: Reply) => sessionCookieOf(reply, 'td_portal');

/** The token of a sign-in link (`…/portal/sign-in#token=…`). */
export const tokenOf = (url: string): string => new URL(url).hash.slice('#token='.length);

/** A supplier with one contact who has an e-mail address, made through the agency's API. */
export async function supplierWithContact(api: Api, name: string, email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`) {
  const supplier = await api.post('/v2/suppliers', { name, currency: 'EUR' });
  expect(supplier.status).toBe(201);
  const contact = await api.post(`/v2/suppliers/${supplier.body.id}/contacts`, { fullName: `${name} Person`, email });
  expect(contact.status).toBe(201);
  return { supplierId: supplier.body.id as string, contactId: contact.body.id as string, email };
}

/** Gives the contact portal access: the answer (person and link). */
export async function grantAccess(api: Api, supplierId: string, contactId: string, body: Record<string, Value> = {}): Promise<Reply> {
  return api.post(`/v2/suppliers/${supplierId}/contacts/${contactId}/portal-access`, body, { json: true });
}

/** A portal person's browser: signs in with a link, keeps the portal cookie and CSRF token, and sends them (JSON bodies). */
export class PortalBrowser extends Browser {
  constructor(app: FastifyInstance) {
    super(app, 'td_portal');
  }

  async signIn(token: string): Promise<Reply> {
    const reply = await new Api(this.app, undefined).post('/v2/portal/auth/sign-in', { token }, { json: true });
    if (reply.status === 200) {
      this.cookie = portalCookieOf(reply)!.value;
      this.csrfToken = reply.body.csrfToken as string;
    }
    return reply;
  }

  override request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    params?: Record<string, any>,
    options: { csrf?: boolean | string; headers?: Record<string, string>; json?: boolean } = {},
  ): Promise<Reply> {
    return super.request(method, url, params, { json: true, ...options });
  }

  /** Uploads one file (the field `file`) to a work's files, with the cookie and CSRF token. */
  upload(workId: string, name: string, content: string | Buffer, options: { csrf?: boolean } = {}): Promise<Reply> {
    return multipartPost(this.app, `/v2/portal/work/${workId}/files`, browserHeaders(this, options.csrf ?? true), [{ name: 'file', filename: name, content }]);
  }
}

/** The headers a browser sends with its cookie and CSRF token (none when signed out). */
export function browserHeaders(browser: Browser, csrf = true): Record<string, string> {
  const headers: Record<string, string> = {};
  if (browser.cookie !== undefined) headers.cookie = `${browser.cookieName}=${browser.cookie}`;
  if (csrf && browser.csrfToken !== undefined) headers['x-csrf-token'] = browser.csrfToken;
  return headers;
}

/** POSTs a multipart body (or a raw body with its content type) with these headers. */
export async function multipartPost(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  parts: Part[] | Buffer,
  contentType = `multipart/form-data; boundary=${BOUNDARY}`,
): Promise<Reply> {
  const payload = Buffer.isBuffer(parts) ? parts : multipartBody(parts);
  const raw = await app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': contentType }, payload });
  const isJson = String(raw.headers['content-type'] ?? '').includes('json') && raw.body.length > 0;
  return { status: raw.statusCode, body: isJson ? JSON.parse(raw.body) : raw.body, headers: raw.headers, raw };
}

/** A supplier's contact given access and signed in: their browser, and the ids. */
export async function signedInSupplierPerson(app: FastifyInstance, api: Api, name: string) {
  const made = await supplierWithContact(api, name);
  const granted = await grantAccess(api, made.supplierId, made.contactId);
  expect(granted.status).toBe(200);
  const browser = new PortalBrowser(app);
  expect((await browser.signIn(tokenOf(granted.body.link.url as string))).status).toBe(200);
  return { ...made, personId: granted.body.person.id as string, browser };
}

/** A key of a new user of the test account with this role. */
export async function apiWithRole(t: TestContext, role: 'owner' | 'admin' | 'manager' | 'finance' | 'viewer'): Promise<Api> {
  const user = await t.api.post('/v2/users', { name: `The ${role} ${Math.random().toString(36).slice(2, 8)}`, role });
  expect(user.status).toBe(201);
  return new Api(t.app, (await insertApiKey(t.database.db, t.account.accountId, user.body.id as string)).apiKey);
}

/**
 * Keys no portal answer may carry (docs/supplier-portal.md#what-a-portal-shows): the agency's
 * prices to its client, its margins and revenue, and who its client is. A supplier's own price and
 * total are theirs to see and are named otherwise (`unitCost`, `total` of their own work).
 */
export const FORBIDDEN_PORTAL_KEYS = new Set([
  'margin',
  'marginRate',
  'margins',
  'profitability',
  'profit',
  'revenue',
  'unitPrice',
  'clientPrice',
  'priceTotal',
  'estimation',
  'client',
  'clientId',
  'apiKey',
  'role',
  'userId',
]);

/** Fails when a portal answer carries a forbidden key, or any of the strings of another party (their ids, names, e-mails). */
export function expectNothingForeign(body: unknown, foreign: readonly string[], where: string): void {
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) return value.forEach((item, index) => walk(item, `${path}[${index}]`));
    if (value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (FORBIDDEN_PORTAL_KEYS.has(key)) throw new Error(`${where}: the answer carries ${path}.${key}`);
      walk(inner, `${path}.${key}`);
    }
  };
  walk(body, '');
  const text = JSON.stringify(body ?? null);
  for (const secret of foreign)
    if (secret !== '' && text.includes(secret)) throw new Error(`${where}: the answer carries another party's ${JSON.stringify(secret)}`);
}

/** Gives the account of this API key a logo (PUT /v2/account/logo): it heads the portal's pages and e-mails. */
export async function putAccountLogo(app: FastifyInstance, apiKey: string, image: Buffer): Promise<void> {
  const raw = await app.inject({
    method: 'PUT',
    url: '/v2/account/logo',
    headers: { authorization: basic(apiKey), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipartBody([{ name: 'file', filename: 'logo.png', content: image }]),
  });
  expect(raw.statusCode, raw.body).toBe(200);
}
