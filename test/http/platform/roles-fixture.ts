import { expect } from 'vitest';
import { sql } from 'kysely';
import type { Role } from '../../../src/core/db/schema.js';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { sessions } from '../../../src/modules/auth/sessions.js';
import { MISSING_ID, type Api, type TestContext } from '../../helper.js';
import { basic, BOUNDARY, multipartBody } from '../files/helper.js';
import { png } from '../account/logo-images.js';

/**
 * The world of the role-matrix tests (roles-matrix*.test.ts): one user of each role with a key
 * and a session, and one record of each cheap kind whose id fills the paths of the OpenAPI document.
 */
export const ROLES: readonly Role[] = ['owner', 'admin', 'manager', 'finance', 'viewer'];

/** How a request authenticates: an API key, or a session cookie with its CSRF token. */
export interface Caller {
  role: Role;
  userId: string;
  headers: Record<string, string>;
}

export interface RolesWorld {
  keys: Record<Role, Caller>;
  sessions: Record<Role, Caller>;
  /** Real ids by the path template up to the parameter (`/v2/jobs/{id}`). */
  ids: Map<string, string>;
}

async function created(api: Api, path: string, params: Record<string, unknown>): Promise<string> {
  const reply = await api.post(path, params as never);
  expect(reply.status, `${path} ${JSON.stringify(reply.body)}`).toBe(201);
  return (reply.body.id ?? reply.body[path.endsWith('outsourcing') ? 'outsourcing' : 'id']) as string;
}

export async function rolesWorld(t: TestContext): Promise<RolesWorld> {
  const { api, database } = t;
  const keys = {} as Record<Role, Caller>;
  const signedIn = {} as Record<Role, Caller>;
  for (const role of ROLES) {
    // A second owner besides the account's: the matrix must not depend on being the account's first user.
    const userId = await created(api, '/v2/users', { name: `The ${role}`, role });
    const { apiKey } = await insertApiKey(database.db, t.account.accountId, userId, { name: `${role} key` });
    keys[role] = { role, userId, headers: { authorization: `Bearer ${apiKey}` } };
    const session = await sessions.start(database.db, { id: userId, account_id: t.account.accountId }, 'password');
    signedIn[role] = { role, userId, headers: { cookie: `td_session=${session.token}`, 'x-csrf-token': session.csrfToken } };
  }
  const ids = new Map<string, string>();
  const add = async (template: string, collection: string, params: Record<string, unknown>) => {
    const id = await created(api, collection, params);
    ids.set(template, id);
    return id;
  };
  const service = await add('/v2/account/services/{id}', '/v2/account/services', { name: 'Roles translation' });
  const unit = await add('/v2/account/quantity-types/{id}', '/v2/account/quantity-types', { name: 'Roles words' });
  const price = (unitCost: number) => ({ currency: 'EUR', matchesType: 'fixed', quantityType: unit, service, unitCost });
  await add('/v2/account/matches/{id}', '/v2/account/matches', { name: 'Roles match' });
  await add('/v2/account/domains/{id}', '/v2/account/domains', { name: 'Roles domain' });
  await add('/v2/account/labels/{id}', '/v2/account/labels', { name: 'Roles label', color: '#112233' });
  await add('/v2/account/taxes/{id}', '/v2/account/taxes', { name: 'Roles tax', value: 0.2 });
  await add('/v2/account/language-pairs/{id}', '/v2/account/language-pairs', { source: 'en', target: 'nl' });
  await add('/v2/account/exchange-rates/{id}', '/v2/account/exchange-rates', { date: '2026-11-20', currency: 'USD', rate: 1.0856 });
  await add('/v2/account/cat-configurations/{id}', '/v2/account/cat-configurations', {
    name: 'Roles CAT',
    catTool: 'trados',
    conversionFactor: 1,
    destinationQuantityType: unit,
    sourceQuantityType: 'words',
  });
  await add('/v2/account/prices/clients/{priceId}', '/v2/account/prices/clients', price(0.1));
  await add('/v2/account/prices/suppliers/{priceId}', '/v2/account/prices/suppliers', price(0.05));
  const client = await add('/v2/clients/{id}', '/v2/clients', { name: 'Roles client', currency: 'EUR' });
  const supplier = await add('/v2/suppliers/{id}', '/v2/suppliers', { name: 'Roles supplier', currency: 'EUR' });
  await add('/v2/clients/{id}/contacts/{contactId}', `/v2/clients/${client}/contacts`, { fullName: 'Client contact' });
  await add('/v2/suppliers/{id}/contacts/{contactId}', `/v2/suppliers/${supplier}/contacts`, { fullName: 'Supplier contact' });
  await add('/v2/clients/{id}/prices/{priceId}', `/v2/clients/${client}/prices`, price(0.2));
  await add('/v2/suppliers/{id}/services/{serviceId}', `/v2/suppliers/${supplier}/services`, price(0.3));
  const job = await add('/v2/jobs/{id}', '/v2/jobs', { name: 'Roles job', client, quantity: 100, quantityType: unit, service, fixedPrice: 100 });
  await add('/v2/groups/{id}', '/v2/groups', { name: 'Roles group' });
  await add('/v2/quotes/{id}', '/v2/quotes', { client });
  await add('/v2/invoices/{id}', '/v2/invoices', { client, jobs: [job] });
  await add('/v2/purchase-orders/{id}', '/v2/purchase-orders', { supplier });
  const webhook = await add('/v2/webhooks/{id}', '/v2/webhooks', { url: 'https://hooks.example.com/roles', events: ['*'] });
  const test = await api.post(`/v2/webhooks/${webhook}/test`);
  expect(test.status, JSON.stringify(test.body)).toBe(202);
  ids.set('/v2/webhooks/{id}/deliveries/{deliveryId}', test.body.id as string);
  ids.set('/v2/users/{id}', keys.viewer.userId);
  // The account's logo: a refused write must leave it as it is (its GET answers the same bytes).
  const logo = await t.app.inject({
    method: 'PUT',
    url: '/v2/account/logo',
    headers: { authorization: basic(t.account.apiKey), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipartBody([{ name: 'file', filename: 'logo.png', content: png(4, 4) }]),
  });
  expect(logo.statusCode, logo.body).toBe(200);
  return { keys, sessions: signedIn, ids };
}

/** A path template filled: real ids where the world has one (`real`), else a well-formed id no record has. */
export function fill(path: string, world: RolesWorld, real: boolean): string {
  const segments = path.split('/');
  return segments
    .map((segment, index) => {
      if (!segment.startsWith('{')) return segment;
      const known = real ? world.ids.get(segments.slice(0, index + 1).join('/')) : undefined;
      if (known !== undefined) return known;
      if (segment === '{position}') return '0';
      if (segment === '{toolMatch}') return 'x';
      return MISSING_ID;
    })
    .join('/');
}

/** Events of the account so far: a refused request records none. */
export async function eventCount(t: TestContext): Promise<number> {
  const row = await t.database.db
    .selectFrom('events')
    .select(sql<number | string>`count(*)`.as('count'))
    .where('account_id', '=', t.account.accountId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function send(t: TestContext, caller: Caller, method: string, url: string, json = true) {
  const headers: Record<string, string> = { ...caller.headers };
  let payload: string | undefined;
  if (json && method !== 'GET' && method !== 'HEAD') {
    headers['content-type'] = 'application/json';
    payload = '{}';
  }
  const reply = await t.app.inject({ method: method as 'GET', url, headers, payload });
  const body = (reply.headers['content-type'] ?? '').toString().includes('json') && reply.body.length > 0 ? JSON.parse(reply.body) : reply.body;
  return { status: reply.statusCode, body };
}
