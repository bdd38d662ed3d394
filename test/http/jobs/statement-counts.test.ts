import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, usingPostgres, type TestContext } from '../../helper.js';
import { statementCounter } from '../../statement-counts.js';

/**
 * The SQL statements of the job writes on the hot paths (docs/performance.md): a change that adds
 * one to `POST /v2/jobs`, `PUT /v2/jobs/:id/price` or `PUT /v2/jobs/:id` fails here. Counted on
 * SQLite (every better-sqlite3 statement run), a lone request each, the job in a group with a
 * tracker entry and an outsourcing so that every part is read. Fewer is better: lower the figure.
 */
let t: TestContext;
let countOf: ReturnType<typeof statementCounter>;
const ids = { client: '', service: '', unit: '', category: '', group: '', supplier: '' };

beforeAll(async () => {
  t = await createTestApp();
  countOf = statementCounter();
  const units = (await t.api.get('/v2/account/quantity-types')).body as Array<{ id: string; name: string }>;
  ids.unit = units.find((unit) => unit.name === 'Words')!.id;
  const categories = (await t.api.get('/v2/account/matches')).body as Array<{ id: string }>;
  ids.category = categories[0]!.id;
  ids.client = (await t.api.post('/v2/clients', { name: 'Counted', currency: 'EUR' })).body.id;
  ids.supplier = (await t.api.post('/v2/suppliers', { name: 'Counted supplier', currency: 'EUR' })).body.id;
  ids.service = (await t.api.post('/v2/account/services', { name: 'Counted service' })).body.id;
  ids.group = (await t.api.post('/v2/groups', { name: 'Counted group', client: ids.client })).body.id;
  await t.api.post('/v2/account/prices/clients', { currency: 'EUR', matchesType: 'fixed', service: ids.service, quantityType: ids.unit, unitCost: 0.1 });
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(usingPostgres)('statements of the job writes', () => {
  const create = () => t.api.post('/v2/jobs', { name: 'Counted job', client: ids.client, service: ids.service, quantityType: ids.unit, quantity: 1000 });

  it('POST /v2/jobs', async () => {
    await create();
    // 11 since jobs have a number: the one upsert of the account's job sequence (docs/jobs.md#job-numbers).
    await countOf(create, 11);
  });

  it('PUT /v2/jobs/:id/price and PUT /v2/jobs/:id, the job with every part', async () => {
    const job = (await create()).body;
    expect((await t.api.put(`/v2/groups/${ids.group}/jobs/${job.id}`, {})).status).toBe(200);
    expect((await t.api.post(`/v2/jobs/${job.id}/trackers`, { from: '2024-01-01T00:00:00Z', duration: 60000, billable: true })).status).toBe(200);
    expect((await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier: ids.supplier })).status).toBeLessThan(300);
    await countOf(() => t.api.put(`/v2/jobs/${job.id}/price`, { matches: [{ id: ids.category, value: 100 }] }), 37);
    await countOf(() => t.api.put(`/v2/jobs/${job.id}/price`, { discount: 0.05 }), 35);
    await countOf(() => t.api.put(`/v2/jobs/${job.id}`, { name: 'Renamed' }), 24);
    await countOf(() => t.api.put(`/v2/jobs/${job.id}`, { quantity: 50 }), 36);
    await countOf(() => t.api.post(`/v2/jobs/${job.id}/trackers`, { from: '2024-01-02T00:00:00Z', duration: 60000 }), 36);
  });
});
