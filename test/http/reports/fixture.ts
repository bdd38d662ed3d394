/**
 * The small hand-built world of the reports' tests (docs/reports.md), made through the API, with
 * exchange rates written straight into the database. The account's currency is EUR.
 *
 * Rates: GBP 0.8 from 2026-01-01 (none before), USD 1.25 from 2026-01-01 (none before).
 * Clients: Acme (EUR), Britco (GBP). Suppliers: Sam (EUR, no prices), Uma (USD).
 * Jobs (fixed prices; quantity in Words):
 * - J1 Acme, EUR 1000, due 2026-01-15, en → fr, the owner; outsourced to Sam EUR 400 and Uma USD 250 (= EUR 200); 1000 words
 * - J2 Britco, GBP 800 (= EUR 1000), due 2026-01-20, the owner; outsourced to Sam in EUR without a price (unpriced); 500 words
 * - J3 Britco, GBP 500, due 2025-12-10 (no GBP rate yet), the owner; outsourced to Sam EUR 100; 250 words
 * - J4 Acme, EUR 300, due 2026-02-03, Maria, cancelled; 70 words
 * - J5 Acme, EUR 200 non-billable, due 2026-02-10, Maria; outsourced to Sam EUR 50; 100 words
 * - J6 Acme, EUR 600, no due date (its day: today), the owner; 50 words
 * Another account holds a job, an invoice and a purchase order of its own.
 */
import { expect } from 'vitest';
import { newId } from '../../../src/core/ids.js';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { Api, createTestApp, type TestContext } from '../../helper.js';

type IdName =
  | 'acme'
  | 'britco'
  | 'enFr'
  | 'i1'
  | 'i2'
  | 'i3'
  | 'i4'
  | 'i5'
  | 'i6'
  | 'j1'
  | 'j2'
  | 'j3'
  | 'j4'
  | 'j5'
  | 'j6'
  | 'maria'
  | 'owner'
  | 'p1'
  | 'p2'
  | 'p3'
  | 'p4'
  | 'p7'
  | 'sam'
  | 'service'
  | 'uma'
  | 'words';

export interface World {
  t: TestContext;
  viewerApi: Api;
  ids: Record<IdName, string>;
  ownerName: string;
  today: string;
}

export async function created(api: Api, path: string, params: Record<string, unknown>): Promise<any> {
  const reply = await api.post(path, params as never);
  expect(reply.status, `${path} ${JSON.stringify(reply.body)}`).toBe(201);
  return reply.body;
}

export async function ok(reply: Promise<{ status: number; body: any }>): Promise<any> {
  const answered = await reply;
  expect(answered.status, JSON.stringify(answered.body)).toBe(200);
  return answered.body;
}

export async function insertRate(t: TestContext, accountId: string, currency: string, date: string, rate: string): Promise<void> {
  const now = new Date().toISOString();
  await t.database.db
    .insertInto('exchange_rates')
    .values({ id: newId(), account_id: accountId, currency, date, rate, source: 'manual', created_at: now, updated_at: now })
    .execute();
}

const line = (quantity: number, unitCost: number) => [{ description: 'Work', quantity, unitCost }];

export async function buildWorld(): Promise<World> {
  const t = await createTestApp();
  const api = t.api;
  const ids = {} as Record<IdName, string>;
  ids.acme = (await created(api, '/v2/clients', { name: 'Acme', currency: 'EUR' })).id;
  ids.britco = (await created(api, '/v2/clients', { name: 'Britco', currency: 'GBP' })).id;
  ids.sam = (await created(api, '/v2/suppliers', { name: 'Sam', currency: 'EUR' })).id;
  ids.uma = (await created(api, '/v2/suppliers', { name: 'Uma', currency: 'USD' })).id;
  ids.service = (await created(api, '/v2/account/services', { name: 'Report translation' })).id;
  ids.words = (await created(api, '/v2/account/quantity-types', { name: 'Report words' })).id;
  ids.enFr = (await created(api, '/v2/account/language-pairs', { source: 'en', target: 'fr' })).id;
  const maria = await created(api, '/v2/users', { name: 'Maria Manager', role: 'manager' });
  ids.maria = maria.id;
  ids.owner = t.account.userId;
  const viewer = await created(api, '/v2/users', { name: 'Vera Viewer', role: 'viewer' });
  const viewerApi = new Api(t.app, (await insertApiKey(t.database.db, t.account.accountId, viewer.id, { name: 'viewer key' })).apiKey);
  const mariaApi = new Api(t.app, (await insertApiKey(t.database.db, t.account.accountId, maria.id, { name: 'maria key' })).apiKey);

  await insertRate(t, t.account.accountId, 'GBP', '2026-01-01', '0.8');
  await insertRate(t, t.account.accountId, 'USD', '2026-01-01', '1.25');

  const job = (as: Api, client: string, fixedPrice: number, quantity: number, extra: Record<string, unknown>) =>
    created(as, '/v2/jobs', { name: `Job ${fixedPrice}`, client, quantity, quantityType: ids.words, service: ids.service, fixedPrice, ...extra });
  const outsource = (jobId: string, supplier: string, extra: Record<string, unknown>) => ok(api.post(`/v2/jobs/${jobId}/outsourcing`, { supplier, ...extra }));

  ids.j1 = (await job(api, ids.acme, 1000, 1000, { dueDate: '2026-01-15T12:00:00Z', languagePair: ids.enFr })).id;
  await outsource(ids.j1, ids.sam, { currency: 'EUR', fixedPrice: 400 });
  await outsource(ids.j1, ids.uma, { currency: 'USD', fixedPrice: 250 });
  ids.j2 = (await job(api, ids.britco, 800, 500, { dueDate: '2026-01-20T12:00:00Z' })).id;
  await outsource(ids.j2, ids.sam, { currency: 'EUR' });
  ids.j3 = (await job(api, ids.britco, 500, 250, { dueDate: '2025-12-10T12:00:00Z' })).id;
  await outsource(ids.j3, ids.sam, { currency: 'EUR', fixedPrice: 100 });
  ids.j4 = (await job(mariaApi, ids.acme, 300, 70, { dueDate: '2026-02-03T12:00:00Z' })).id;
  await ok(api.put(`/v2/jobs/${ids.j4}`, { status: 5 }));
  ids.j5 = (await job(mariaApi, ids.acme, 200, 100, { dueDate: '2026-02-10T12:00:00Z', nonBillable: true })).id;
  await outsource(ids.j5, ids.sam, { currency: 'EUR', fixedPrice: 50 });
  ids.j6 = (await job(api, ids.acme, 600, 50, {})).id;

  // Invoices, aged on 2026-06-30.
  const invoice = async (client: string, total: number, issueDate: string, dueDate: string, paid = 0) => {
    const made = await created(api, '/v2/invoices', { client, lines: line(1, total), issueDate, dueDate });
    await ok(api.post(`/v2/invoices/${made.id}/send`));
    if (paid > 0) await ok(api.post(`/v2/invoices/${made.id}/payments`, { amount: paid, date: issueDate }));
    return made.id as string;
  };
  ids.i1 = await invoice(ids.acme, 100, '2026-06-01', '2026-06-30'); // not yet due
  ids.i2 = await invoice(ids.acme, 200, '2026-05-10', '2026-06-10', 50); // 20 days: 150 left
  ids.i3 = await invoice(ids.britco, 80, '2026-03-01', '2026-04-15'); // 76 days: GBP 80 = EUR 100
  ids.i4 = await invoice(ids.britco, 40, '2025-11-01', '2025-12-01'); // no GBP rate in 2025
  ids.i5 = await invoice(ids.acme, 300, '2026-01-05', '2026-03-01'); // 121 days
  ids.i6 = await invoice(ids.acme, 70, '2026-05-01', '2026-05-31', 70); // paid
  await created(api, '/v2/invoices', { client: ids.acme, lines: line(1, 5000), issueDate: '2026-06-01' }); // a draft

  // Purchase orders.
  const order = async (supplier: string, total: number, issueDate: string, dueDate: string, action?: string, currency?: string) => {
    const po = await created(api, '/v2/purchase-orders', { supplier, lines: line(1, total), issueDate, dueDate, ...(currency ? { currency } : {}) });
    await ok(api.post(`/v2/purchase-orders/${po.id}/send`));
    if (action) await ok(api.post(`/v2/purchase-orders/${po.id}/${action}`));
    return po.id as string;
  };
  ids.p1 = await order(ids.sam, 100, '2026-06-01', '2026-07-01');
  ids.p2 = await order(ids.sam, 50, '2026-06-02', '2026-07-01', 'accept');
  ids.p3 = await order(ids.uma, 125, '2026-05-01', '2026-07-15', undefined, 'USD');
  ids.p4 = await order(ids.uma, 10, '2025-06-01', '2025-07-01', undefined, 'USD');
  await order(ids.sam, 7000, '2026-06-01', '2026-07-01', 'cancel');
  await created(api, '/v2/purchase-orders', { supplier: ids.sam, lines: line(1, 8000), issueDate: '2026-06-01', dueDate: '2026-07-01' });
  // A purchase order of J1's outsourcing to Sam: Acme's, the owner's.
  const j1 = await ok(api.get(`/v2/jobs/${ids.j1}`));
  const samOnJ1 = (j1.outsourcing as Array<{ id: string; supplier: { id: string } }>).find((item) => item.supplier.id === ids.sam)!;
  const linked = await created(api, '/v2/purchase-orders', { supplier: ids.sam, issueDate: '2026-06-03', dueDate: '2026-08-01' });
  await ok(api.post(`/v2/purchase-orders/${linked.id}/outsourcing/${samOnJ1.id}`));
  await ok(api.post(`/v2/purchase-orders/${linked.id}/send`));
  ids.p7 = linked.id;

  // Another account's records: never shown.
  const other = t.otherApi;
  const theirClient = (await created(other, '/v2/clients', { name: 'Theirs', currency: 'EUR' })).id;
  const theirSupplier = (await created(other, '/v2/suppliers', { name: 'Their supplier', currency: 'EUR' })).id;
  const theirService = (await created(other, '/v2/account/services', { name: 'Their service' })).id;
  const theirUnit = (await created(other, '/v2/account/quantity-types', { name: 'Their unit' })).id;
  await created(other, '/v2/jobs', {
    name: 'Theirs',
    client: theirClient,
    quantity: 9,
    quantityType: theirUnit,
    service: theirService,
    fixedPrice: 999,
    dueDate: '2026-01-15T12:00:00Z',
  });
  const theirInvoice = await created(other, '/v2/invoices', { client: theirClient, lines: line(1, 999), issueDate: '2026-06-01', dueDate: '2026-06-10' });
  await ok(other.post(`/v2/invoices/${theirInvoice.id}/send`));
  const theirOrder = await created(other, '/v2/purchase-orders', {
    supplier: theirSupplier,
    lines: line(1, 999),
    issueDate: '2026-06-01',
    dueDate: '2026-07-01',
  });
  await ok(other.post(`/v2/purchase-orders/${theirOrder.id}/send`));
  await insertRate(t, t.other.accountId, 'GBP', '2025-01-01', '0.5');

  const me = await ok(api.get(`/v2/users/${ids.owner}`));
  return { t, viewerApi, ids, ownerName: me.name as string, today: new Date().toISOString().slice(0, 10) };
}
