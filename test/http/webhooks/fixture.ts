import { expect } from 'vitest';
import type { Role } from '../../../src/core/db/schema.js';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { Api, type TestContext } from '../../helper.js';
import { fanOutWebhooks } from '../../../src/modules/webhooks/fanout.js';

/** Shared set-up of the webhooks tests (docs/webhooks.md). */

export const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

/** A webhook of the account behind `api`; answers the creation's body (with its secret). */
export async function newWebhook(api: Api, params: Record<string, unknown> = {}): Promise<any> {
  const reply = await api.post('/v2/webhooks', { url: 'https://hooks.example.com/transdesk', events: ['job.created'], ...params }, { json: true });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

/** A key of a new user of each role but owner (the account's key is the owner's), and a read-scope key of an admin. */
export async function roleApis(t: TestContext): Promise<Record<Exclude<Role, 'owner'> | 'adminRead', Api>> {
  const apis = {} as Record<Exclude<Role, 'owner'> | 'adminRead', Api>;
  for (const role of ['admin', 'manager', 'finance', 'viewer'] as const) {
    const user = (await t.api.post('/v2/users', { name: `Webhooks ${role}`, role })).body.id as string;
    apis[role] = new Api(t.app, (await insertApiKey(t.database.db, t.account.accountId, user)).apiKey);
    if (role === 'admin') apis.adminRead = new Api(t.app, (await insertApiKey(t.database.db, t.account.accountId, user, { scope: 'read' })).apiKey);
  }
  return apis;
}

/** The deliveries rows of an endpoint, oldest first, once those of recorded events are written (as the worker does). */
export async function deliveryRows(t: TestContext, endpointId: string) {
  await fanOutWebhooks(t.database, 1_000_000, new Date());
  return t.database.db.selectFrom('deliveries').selectAll().where('endpoint_id', '=', endpointId).orderBy('created_at').orderBy('id').execute();
}
