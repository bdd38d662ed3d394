/**
 * The account setting `managersSeeRevenueAndMargins` (docs/access.md#revenue-and-margins): off, the
 * role manager (and its keys) gets no revenue and margin figures anywhere; every other role, and
 * managers while it is on, get them as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { Api, createTestApp, expectError, type TestContext } from '../../helper.js';

let t: TestContext;
const as: Record<'manager' | 'finance' | 'admin' | 'viewer' | 'managerRead', Api> = {} as never;
let jobId = '';
let groupId = '';

async function created(api: Api, path: string, params: Record<string, unknown>): Promise<any> {
  const reply = await api.post(path, params as never);
  expect(reply.status, `${path} ${JSON.stringify(reply.body)}`).toBe(201);
  return reply.body;
}

async function ok(reply: Promise<{ status: number; body: any }>): Promise<any> {
  const answered = await reply;
  expect(answered.status, JSON.stringify(answered.body).slice(0, 300)).toBe(200);
  return answered.body;
}

const setting = async (value: boolean) =>
  expect((await ok(t.api.put('/v2/account', { managersSeeRevenueAndMargins: value }))).managersSeeRevenueAndMargins).toBe(value);

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['manager', 'finance', 'admin', 'viewer'] as const) {
    const user = await created(t.api, '/v2/users', { name: `A ${role}`, role });
    as[role] = new Api(t.app, (await insertApiKey(t.database.db, t.account.accountId, user.id, { name: `${role} key` })).apiKey);
    if (role === 'manager')
      as.managerRead = new Api(t.app, (await insertApiKey(t.database.db, t.account.accountId, user.id, { name: 'read key', scope: 'read' })).apiKey);
  }
  const client = (await created(t.api, '/v2/clients', { name: 'Margins client', currency: 'EUR' })).id;
  const supplier = (await created(t.api, '/v2/suppliers', { name: 'Margins supplier', currency: 'EUR' })).id;
  const service = (await created(t.api, '/v2/account/services', { name: 'Margins service' })).id;
  const unit = (await created(t.api, '/v2/account/quantity-types', { name: 'Margins words' })).id;
  const today = new Date().toISOString().slice(0, 10);
  jobId = (
    await created(t.api, '/v2/jobs', {
      name: 'Margins job',
      client,
      service,
      quantity: 100,
      quantityType: unit,
      fixedPrice: 1000,
      dueDate: `${today}T12:00:00Z`,
    })
  ).id;
  await ok(t.api.post(`/v2/jobs/${jobId}/outsourcing`, { supplier, currency: 'EUR', fixedPrice: 600 }));
  await ok(t.api.post(`/v2/jobs/${jobId}/trackers`, { duration: 3_600_000, from: `${today}T08:00:00Z` }));
  groupId = (await created(t.api, '/v2/groups', { name: 'Margins group' })).id;
  await ok(t.api.put(`/v2/groups/${groupId}/jobs/${jobId}`));
  const invoice = await created(t.api, '/v2/invoices', {
    client,
    lines: [{ description: 'Work', quantity: 1, unitCost: 250 }],
    issueDate: today,
    dueDate: '2020-01-01',
  });
  await ok(t.api.post(`/v2/invoices/${invoice.id}/send`));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('PUT /v2/account managersSeeRevenueAndMargins', () => {
  it('is true by default, changed by owner and admin, refused to a manager (403) and for a non-boolean (400)', async () => {
    expect((await ok(t.api.get('/v2/account'))).managersSeeRevenueAndMargins).toBe(true);
    expect((await ok(as.manager.get('/v2/account'))).managersSeeRevenueAndMargins).toBe(true);
    expectError(await as.manager.put('/v2/account', { managersSeeRevenueAndMargins: false }), 403, 'forbidden');
    expectError(await as.finance.put('/v2/account', { managersSeeRevenueAndMargins: false }), 403, 'forbidden');
    for (const value of ['maybe', 2, null] as const) {
      const error = expectError(await t.api.put('/v2/account', { managersSeeRevenueAndMargins: value }, { json: true }), 400, 'parameter_invalid');
      expect(JSON.stringify(error.details)).toContain('managersSeeRevenueAndMargins');
    }
    expectError(await t.api.put('/v2/account', { managersSeeRevenueAndMargins: 'yes' }), 400, 'parameter_invalid');
    expect((await ok(t.api.get('/v2/account'))).managersSeeRevenueAndMargins).toBe(true);
    expect((await ok(as.admin.put('/v2/account', { managersSeeRevenueAndMargins: 'false' }))).managersSeeRevenueAndMargins).toBe(false);
    const event = (await ok(t.api.get('/v2/events', { 'type[]': 'account.updated' }))).items[0];
    expect(event.data.managersSeeRevenueAndMargins).toBe(false);
    // The other account keeps its own.
    expect((await ok(t.otherApi.get('/v2/account'))).managersSeeRevenueAndMargins).toBe(true);
    await setting(true);
  });
});

describe('with the setting off', () => {
  beforeAll(() => setting(false));
  afterAll(() => setting(true));

  it('a job has no profitability nor revenue per hour for a manager (listing, one job, a write, its key of scope read); others have them', async () => {
    // Read first by the owner: the kept full JSON must not reach the manager.
    const full = await ok(t.api.get(`/v2/jobs/${jobId}`));
    expect(full.estimation.profitability).toMatchObject({ status: 'profitable', margin: 400, revenue: 1000, cost: 600 });
    expect(full.estimation.performance.revenuePerHour).toBe(1000);
    for (const manager of [as.manager, as.managerRead]) {
      const job = await ok(manager.get(`/v2/jobs/${jobId}`));
      expect(job.estimation.profitability).toBeUndefined();
      expect(job.estimation.performance).toEqual({ status: 'tracked' });
      expect(job.estimation.total).toBe(1000);
      expect(job.outsourcing[0].total).toBe(600);
      const listed = (await ok(manager.get('/v2/jobs'))).items.find((item: any) => item.id === jobId);
      expect(listed.estimation.profitability).toBeUndefined();
      expect(JSON.stringify(listed)).not.toContain('marginRate');
    }
    const written = await ok(as.manager.put(`/v2/jobs/${jobId}`, { name: 'Margins job' }));
    expect(written.estimation.profitability).toBeUndefined();
    expect(written.estimation.performance.revenuePerHour).toBeUndefined();
    for (const role of ['finance', 'admin', 'viewer'] as const) {
      const job = await ok(as[role].get(`/v2/jobs/${jobId}`));
      expect(job.estimation.profitability.margin, role).toBe(400);
      expect(job.estimation.performance.revenuePerHour, role).toBe(1000);
    }
  });

  it('a group has no profitability for a manager, its totals stay', async () => {
    expect((await ok(t.api.get(`/v2/groups/${groupId}`))).estimation.profitability.margin).toBe(400);
    const group = await ok(as.manager.get(`/v2/groups/${groupId}`));
    expect(group.estimation.profitability).toBeUndefined();
    expect(group.estimation.total).toBe(1000);
    const listed = (await ok(as.manager.get('/v2/groups'))).items.find((item: any) => item.id === groupId);
    expect(listed.estimation.profitability).toBeUndefined();
    expect((await ok(as.finance.get(`/v2/groups/${groupId}`))).estimation.profitability.margin).toBe(400);
  });

  it('the dashboard has no money nor invoice totals for a manager; the rest stays', async () => {
    const dashboard = await ok(as.manager.get('/v2/dashboard'));
    expect(dashboard.money).toBeUndefined();
    expect(dashboard.unpaidInvoices).toBeUndefined();
    expect(dashboard.overdueInvoices).toBeUndefined();
    expect(dashboard.quotesWaiting.count).toBe(0);
    expect(dashboard.inProgressByManager).toBeDefined();
    for (const api of [t.api, as.finance, as.viewer]) {
      const full = await ok(api.get('/v2/dashboard'));
      expect(full.money[0].thisMonth).toMatchObject({ revenue: 1000, supplierCost: 600, margin: 400 });
      expect(full.unpaidInvoices.count).toBe(1);
      expect(full.overdueInvoices.count).toBe(1);
    }
  });

  it('the margins and receivables reports answer 403 to a manager, in every format; payables and workload stay', async () => {
    for (const path of ['/v2/reports/margins?by=client', '/v2/reports/receivables']) {
      for (const format of ['json', 'csv', 'xlsx']) {
        const error = expectError(await as.manager.get(`${path}${path.includes('?') ? '&' : '?'}format=${format}`), 403, 'forbidden');
        expect(error.message).toContain('managersSeeRevenueAndMargins');
      }
      expectError(await as.managerRead.get(path), 403, 'forbidden');
      expect((await as.finance.get(path)).status).toBe(200);
      expect((await as.viewer.get(path)).status).toBe(200);
    }
    expect((await as.manager.get('/v2/reports/payables')).status).toBe(200);
    expect((await as.manager.get('/v2/reports/workload')).status).toBe(200);
    const margins = await ok(t.api.get('/v2/reports/margins?by=client'));
    expect(margins.totals.margin).toBe(400);
  });

  it('the jobs and groups CSV exports have no revenue or margin columns for a manager', async () => {
    const header = async (api: Api, path: string) => {
      const reply = await api.get(`${path}?format=csv`);
      expect(reply.status).toBe(200);
      return (reply.body as string)
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0]!
        .split(',');
    };
    const managerJobs = await header(as.manager, '/v2/jobs');
    const ownerJobs = await header(t.api, '/v2/jobs');
    for (const column of ['profitability', 'revenue', 'cost', 'margin', 'marginRate', 'profitabilityCurrency']) {
      expect(ownerJobs).toContain(column);
      expect(managerJobs).not.toContain(column);
    }
    expect(managerJobs).toContain('total');
    expect(managerJobs.length).toBe(ownerJobs.length - 6);
    // The cells follow their headers: the manager's row has the job's total under `total`.
    const rows = ((await as.manager.get('/v2/jobs?format=csv')).body as string).split('\r\n');
    const cells = rows[1]!.split(',');
    expect(cells[managerJobs.indexOf('total')]).toBe('1000');
    expect(cells[managerJobs.indexOf('hoursTracked')]).toBe('1');
    const managerGroups = await header(as.manager, '/v2/groups');
    expect((await header(t.api, '/v2/groups')).some((column) => column.startsWith('estimation.profitability'))).toBe(true);
    expect(managerGroups.some((column) => column.includes('profitability'))).toBe(false);
  });

  it("the events' jobs and groups have no profitability for a manager", async () => {
    const eventsOf = async (api: Api) => (await ok(api.get('/v2/events', { objectType: 'job', objectId: jobId }))).items as any[];
    expect((await eventsOf(t.api)).some((event) => event.data.estimation.profitability !== undefined)).toBe(true);
    const managerEvents = await eventsOf(as.manager);
    expect(managerEvents.length).toBeGreaterThan(0);
    expect(managerEvents.every((event) => event.data.estimation.profitability === undefined && event.data.estimation.total === 1000)).toBe(true);
    const csv = (await as.manager.get('/v2/events?format=csv&objectType=job&objectId=' + jobId)).body as string;
    expect(csv).not.toContain('marginRate');
    const groupEvents = (await ok(as.manager.get('/v2/events', { objectType: 'group', objectId: groupId }))).items as any[];
    expect(groupEvents.every((event) => event.data.estimation.profitability === undefined)).toBe(true);
  });

  it('keeps the prices a manager works with: outsourcing margin warnings and quotes', async () => {
    const job = await ok(as.manager.get(`/v2/jobs/${jobId}`));
    expect(job.outsourcing[0].warnings).toEqual([]);
    expect((await as.manager.get('/v2/quotes')).status).toBe(200);
  });
});

describe('with the setting on (the default)', () => {
  it('a manager sees every figure, as before', async () => {
    const job = await ok(as.manager.get(`/v2/jobs/${jobId}`));
    expect(job.estimation.profitability.margin).toBe(400);
    expect(job.estimation.performance.revenuePerHour).toBe(1000);
    expect((await ok(as.manager.get(`/v2/groups/${groupId}`))).estimation.profitability.margin).toBe(400);
    const dashboard = await ok(as.manager.get('/v2/dashboard'));
    expect(dashboard.money[0].thisMonth.margin).toBe(400);
    expect(dashboard.unpaidInvoices.count).toBe(1);
    expect((await ok(as.manager.get('/v2/reports/margins?by=client'))).totals.margin).toBe(400);
    expect((await as.manager.get('/v2/reports/receivables')).status).toBe(200);
    expect(((await as.manager.get('/v2/jobs?format=csv')).body as string).split('\r\n')[0]).toContain('marginRate');
  });

  it('turned off, takes effect at the next request (nothing keeps it)', async () => {
    expect((await ok(as.manager.get(`/v2/jobs/${jobId}`))).estimation.profitability).toBeDefined();
    await setting(false);
    expect((await ok(as.manager.get(`/v2/jobs/${jobId}`))).estimation.profitability).toBeUndefined();
    await setting(true);
    expect((await ok(as.manager.get(`/v2/jobs/${jobId}`))).estimation.profitability).toBeDefined();
  });
});
