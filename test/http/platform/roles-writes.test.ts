import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../src/core/db/schema.js';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { Api, createTestApp, expectError, type TestContext } from '../../helper.js';

/**
 * Beside the generated matrix (roles-matrix.test.ts, which sends missing ids to the allowed roles):
 * each role really does the work of its areas, with the events naming it, and a key of scope
 * `read` stays read-only whatever its user's role.
 */
let t: TestContext;
const apis = {} as Record<Role, Api>;
const readKeys = {} as Record<Role, Api>;
let client: string;
let unit: string;
let service: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'manager', 'finance', 'viewer'] as const) {
    const user = (await t.api.post('/v2/users', { name: `The ${role}`, role })).body.id as string;
    apis[role] = new Api(t.app, (await insertApiKey(t.database.db, t.account.accountId, user)).apiKey);
    readKeys[role] = new Api(t.app, (await insertApiKey(t.database.db, t.account.accountId, user, { scope: 'read' })).apiKey);
  }
  apis.owner = t.api;
  client = (await t.api.post('/v2/clients', { name: 'Writes client', currency: 'EUR' })).body.id;
  unit = (await t.api.post('/v2/account/quantity-types', { name: 'Writes words' })).body.id;
  service = (await t.api.post('/v2/account/services', { name: 'Writes translation' })).body.id;
});
afterAll(async () => {
  await t.close();
});

describe('each role does the work of its areas', () => {
  it('an admin keeps the master data and the account', async () => {
    expect((await apis.admin.post('/v2/account/domains', { name: 'Admin domain' })).status).toBe(201);
    expect((await apis.admin.put('/v2/account', { name: 'Renamed by the admin' })).status).toBe(200);
  });

  it('a manager runs the projects (a job, a note, a quote) but issues no invoice', async () => {
    const job = await apis.manager.post('/v2/jobs', { name: 'Manager job', client, quantity: 10, quantityType: unit, service, fixedPrice: 50 });
    expect(job.status).toBe(201);
    expect((await apis.manager.post(`/v2/jobs/${job.body.id}/notes`, { content: 'Started' })).status).toBe(200);
    expect((await apis.manager.post('/v2/quotes', { client, jobs: [job.body.id] })).status).toBe(201);
    const refused = expectError(await apis.manager.post('/v2/invoices', { client, jobs: [job.body.id] }), 403, 'forbidden');
    expect(refused.message).toBe('The role manager cannot change invoices, credit notes and payments: only owner, admin or finance can');
    expectError(await apis.manager.post('/v2/account/services', { name: 'Not mine' }), 403, 'forbidden');
  });

  it('finance invoices (an invoice, its note) and quotes, but changes no job; its events name it', async () => {
    const job = (await t.api.post('/v2/jobs', { name: 'Finance job', client, quantity: 10, quantityType: unit, service, fixedPrice: 80 })).body.id;
    const invoice = await apis.finance.post('/v2/invoices', { client, jobs: [job] });
    expect(invoice.status).toBe(201);
    expect((await apis.finance.post(`/v2/invoices/${invoice.body.id}/notes`, { content: 'Sent by post' })).status).toBe(200);
    expect((await apis.finance.post('/v2/quotes', { client })).status).toBe(201);
    const refused = expectError(await apis.finance.put(`/v2/jobs/${job}`, { name: 'Renamed' }), 403, 'forbidden');
    expect(refused.message).toContain('role finance');
    expectError(await apis.finance.post(`/v2/jobs/${job}/notes`, { content: 'A note on a job is project work' }), 403, 'forbidden');
    const events = (await t.api.get('/v2/events', { type: ['invoice.created'], pageSize: 100 })).body.items as Array<{ data: { id: string } }>;
    expect(events.map((event) => event.data.id)).toContain(invoice.body.id);
  });

  it('a viewer reads everything and writes nothing', async () => {
    for (const path of ['/v2/jobs', '/v2/invoices', '/v2/users', '/v2/users/me', '/v2/events', '/v2/account', '/v2/account/services']) {
      expect((await apis.viewer.get(path)).status, path).toBe(200);
    }
    expectError(await apis.viewer.post('/v2/clients', { name: 'Nope', currency: 'EUR' }), 403, 'forbidden');
    expectError(await apis.viewer.put(`/v2/clients/${client}`, { name: 'Nope' }), 403, 'forbidden');
  });
});

describe('a key of scope read', () => {
  it('is read-only whatever its user may write', async () => {
    for (const role of ['admin', 'manager', 'finance'] as const) {
      const refused = expectError(await readKeys[role].post('/v2/quotes', { client }), 403, 'forbidden');
      expect(refused.message).toContain('read-only');
      expect((await readKeys[role].get('/v2/quotes')).status).toBe(200);
    }
  });
});
