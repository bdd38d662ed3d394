import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { sessions } from '../../../src/modules/auth/sessions.js';
import { Api, createTestAccount, createTestApp, expectError, type TestContext } from '../../helper.js';

/**
 * GET /v2/dashboard (docs/dashboard.md): exact figures over a world of jobs, quotes, invoices and
 * purchase orders made through the API, another account's records beside them (never counted),
 * an empty account, every role, and the caller's own jobs for an API key of another user.
 */
const DAY = 86_400_000;
const EUR = { code: 'EUR', symbol: '€' };
const USD = { code: 'USD', symbol: '$' };

let t: TestContext;
const now = new Date();
const iso = (ms: number) => new Date(ms).toISOString();
const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
/** The last second of today (UTC): due today, whatever the time the test runs (but its last second). */
const laterToday = iso(startOfToday + DAY - 1000);
const thisMonthFirst = iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const lastMonthFirst = iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
const twoMonthsAgo = iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 15));

async function created(api: Api, path: string, params: Record<string, unknown>): Promise<any> {
  const reply = await api.post(path, params as never);
  expect(reply.status, `${path} ${JSON.stringify(reply.body)}`).toBe(201);
  return reply.body;
}

async function ok(reply: Promise<{ status: number; body: any }>): Promise<any> {
  const answered = await reply;
  expect(answered.status, JSON.stringify(answered.body)).toBe(200);
  return answered.body;
}

interface World {
  client: string;
  usClient: string;
  supplier: string;
  service: string;
  unit: string;
  vat: string;
}

async function worldOf(api: Api, tag: string): Promise<World> {
  return {
    client: (await created(api, '/v2/clients', { name: `Acme ${tag}`, currency: 'EUR' })).id,
    usClient: (await created(api, '/v2/clients', { name: `Initech ${tag}`, currency: 'USD' })).id,
    supplier: (await created(api, '/v2/suppliers', { name: `Translator ${tag}`, currency: 'EUR' })).id,
    service: (await created(api, '/v2/account/services', { name: `Translation ${tag}` })).id,
    unit: (await created(api, '/v2/account/quantity-types', { name: `Words ${tag}` })).id,
    vat: (await created(api, '/v2/account/taxes', { name: `VAT ${tag}`, value: 0.21 })).id,
  };
}

const job = (api: Api, w: World, name: string, extra: Record<string, unknown> = {}) =>
  created(api, '/v2/jobs', { name, client: w.client, quantity: 10, quantityType: w.unit, service: w.service, fixedPrice: 100, ...extra });
const setStatus = (api: Api, id: string | undefined, status: number) => ok(api.put(`/v2/jobs/${id!}`, { status }));
const line = (quantity: number, unitCost: number) => [{ description: 'Work', quantity, unitCost }];

async function sentInvoice(api: Api, params: Record<string, unknown>): Promise<any> {
  const invoice = await created(api, '/v2/invoices', params);
  return ok(api.post(`/v2/invoices/${invoice.id}/send`));
}

let w: World;
let managerApi: Api;
let managerId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await worldOf(t.api, 'one');
  const manager = await created(t.api, '/v2/users', { name: 'Maria Manager', role: 'manager' });
  managerId = manager.id;
  managerApi = new Api(t.app, (await insertApiKey(t.database.db, t.account.accountId, managerId, { name: 'manager key' })).apiKey);

  // The owner's jobs.
  ids.overdueOld = (await job(t.api, w, 'Overdue three days', { dueDate: iso(startOfToday - 3 * DAY + 9 * 3_600_000) })).id;
  ids.overdueInProgress = (await job(t.api, w, 'Overdue in progress', { dueDate: iso(startOfToday - DAY) })).id;
  await setStatus(t.api, ids.overdueInProgress, 2);
  ids.dueToday = (await job(t.api, w, 'Due later today', { dueDate: laterToday })).id;
  ids.finished = (await job(t.api, w, 'Finished late', { dueDate: iso(startOfToday - 2 * DAY) })).id;
  await setStatus(t.api, ids.finished, 3);
  ids.cancelled = (await job(t.api, w, 'Cancelled late', { dueDate: iso(startOfToday - 2 * DAY) })).id;
  await setStatus(t.api, ids.cancelled, 5);
  ids.onHold = (await job(t.api, w, 'On hold late', { dueDate: iso(startOfToday - 5 * DAY) })).id;
  await setStatus(t.api, ids.onHold, 6);
  ids.nextWeek = (await job(t.api, w, 'Next week', { dueDate: iso(startOfToday + 7 * DAY) })).id;
  await setStatus(t.api, ids.nextWeek, 2);
  await job(t.api, w, 'No due date');
  // The manager's jobs: not the owner's, but counted per manager.
  ids.managerOverdue = (await job(managerApi, w, 'Manager overdue', { dueDate: iso(startOfToday - DAY) })).id;
  for (const id of [ids.managerOverdue, (await job(managerApi, w, 'Manager two')).id, (await job(managerApi, w, 'Manager three')).id])
    await setStatus(managerApi, id, 2);

  // Quotes: two sent in EUR, one in USD; a draft, an accepted and a refused one do not wait.
  const quote = async (client: string, lines: unknown, issueDate: string, action?: string) => {
    const q = await created(t.api, '/v2/quotes', { client, lines, issueDate });
    await ok(t.api.post(`/v2/quotes/${q.id}/send`));
    if (action) await ok(t.api.post(`/v2/quotes/${q.id}/${action}`));
    return q.id as string;
  };
  ids.oldQuote = await quote(w.client, line(2, 100.1), twoMonthsAgo);
  ids.newQuote = await quote(w.client, line(1, 0.2), iso(startOfToday));
  ids.usQuote = await quote(w.usClient, line(3, 0.1), lastMonthFirst);
  await quote(w.client, line(1, 999), iso(startOfToday), 'accept');
  await quote(w.client, line(1, 999), iso(startOfToday), 'refuse');
  await created(t.api, '/v2/quotes', { client: w.client, lines: line(1, 999) });

  // Invoices.
  // Issued this month with VAT (net 1 000, total 1 210), 250 paid: unpaid 960, not overdue.
  ids.partlyPaid = (await sentInvoice(t.api, { client: w.client, lines: line(10, 100), tax1: w.vat, issueDate: iso(startOfToday) })).id;
  await ok(t.api.post(`/v2/invoices/${ids.partlyPaid}/payments`, { amount: 250, date: iso(startOfToday) }));
  // Issued on the first of last month, due a day later: overdue, 333.33.
  ids.overdue = (await sentInvoice(t.api, { client: w.client, lines: line(3, 111.11), issueDate: lastMonthFirst, paymentTerms: 1 })).id;
  // Paid in full this month, 10 % discount: net 450.
  ids.paid = (await sentInvoice(t.api, { client: w.client, lines: line(1, 500), discount: 0.1, issueDate: thisMonthFirst })).id;
  await ok(t.api.post(`/v2/invoices/${ids.paid}/payments`, { amount: 450, date: iso(startOfToday) }));
  // Issued this month and credited (the credit note is issued today): 200 − 200.
  ids.credited = (await sentInvoice(t.api, { client: w.client, lines: line(1, 200), issueDate: iso(startOfToday) })).id;
  await created(t.api, `/v2/invoices/${ids.credited}/credit`, {});
  // Two small USD invoices, overdue: 0.1 + 0.2 is exactly 0.3.
  ids.usOverdue1 = (await sentInvoice(t.api, { client: w.usClient, lines: line(1, 0.1), issueDate: twoMonthsAgo, paymentTerms: 10 })).id;
  ids.usOverdue2 = (await sentInvoice(t.api, { client: w.usClient, lines: line(1, 0.2), issueDate: twoMonthsAgo, paymentTerms: 5 })).id;
  // A draft counts nowhere.
  await created(t.api, '/v2/invoices', { client: w.client, lines: line(1, 5000), issueDate: iso(startOfToday) });

  // Purchase orders: sent this month 300.50, accepted last month 100, a cancelled and a draft one.
  const order = async (lines: unknown, issueDate: string, action?: string) => {
    const po = await created(t.api, '/v2/purchase-orders', { supplier: w.supplier, lines, issueDate });
    await ok(t.api.post(`/v2/purchase-orders/${po.id}/send`));
    if (action) await ok(t.api.post(`/v2/purchase-orders/${po.id}/${action}`));
  };
  await order(line(1, 300.5), iso(startOfToday));
  await order(line(4, 25), lastMonthFirst, 'accept');
  await order(line(1, 7000), iso(startOfToday), 'cancel');
  await created(t.api, '/v2/purchase-orders', { supplier: w.supplier, lines: line(1, 8000), issueDate: iso(startOfToday) });

  // Another account's records of every kind: never counted.
  const o = await worldOf(t.otherApi, 'two');
  const otherJob = await job(t.otherApi, o, 'Theirs', { dueDate: iso(startOfToday - DAY) });
  await setStatus(t.otherApi, otherJob.id, 2);
  await job(t.otherApi, o, 'Theirs today', { dueDate: laterToday });
  await sentInvoice(t.otherApi, { client: o.client, lines: line(1, 77), issueDate: lastMonthFirst, paymentTerms: 1 });
  const theirQuote = await created(t.otherApi, '/v2/quotes', { client: o.client, lines: line(1, 66) });
  await ok(t.otherApi.post(`/v2/quotes/${theirQuote.id}/send`));
  const theirOrder = await created(t.otherApi, '/v2/purchase-orders', { supplier: o.supplier, lines: line(1, 55), issueDate: iso(startOfToday) });
  await ok(t.otherApi.post(`/v2/purchase-orders/${theirOrder.id}/send`));
});

afterAll(async () => {
  await t?.close();
});

/** The dashboard's money is the margins report's totals of this month and last month, for the same caller. */
async function expectMarginsOfMonths(api: Api, d: any): Promise<void> {
  expect(d.money).toHaveLength(1);
  for (const key of ['thisMonth', 'lastMonth'] as const) {
    const { month } = d.months[key];
    const [year, number] = month.split('-').map(Number);
    const to = new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
    const report = await ok(api.get(`/v2/reports/margins?by=client&from=${month}-01&to=${to}`));
    const { jobs, revenue, supplierCost, margin, unpricedOutsourcings, excludesUnconverted } = report.totals;
    expect(d.money[0][key]).toEqual({ jobs, revenue, supplierCost, margin, unpricedOutsourcings, excludesUnconverted });
  }
  expect(d.money[0].currency).toEqual(EUR);
}

describe('GET /v2/dashboard', () => {
  it("answers the owner's figures exactly", async () => {
    const d = await ok(t.api.get('/v2/dashboard'));
    expect(d.object).toBe('dashboard');
    expect(d.timeZone).toBe('UTC');
    expect(d.today).toEqual({ from: iso(startOfToday), until: iso(startOfToday + DAY) });
    expect(d.months.thisMonth).toMatchObject({ month: thisMonthFirst.slice(0, 7), from: thisMonthFirst });
    expect(d.months.lastMonth).toEqual({ month: lastMonthFirst.slice(0, 7), from: lastMonthFirst, until: thisMonthFirst });

    expect(d.myJobs.user).toEqual({ id: t.account.userId, name: expect.any(String) });
    expect(d.myJobs.dueToday.count).toBe(1);
    expect(d.myJobs.dueToday.first).toEqual([
      { id: ids.dueToday, name: 'Due later today', client: { id: w.client, name: 'Acme one' }, dueDate: laterToday, status: 1 },
    ]);
    expect(d.myJobs.overdue.count).toBe(3);
    expect(d.myJobs.overdue.first.map((j: { id: string }) => j.id)).toEqual([ids.onHold, ids.overdueOld, ids.overdueInProgress]);
    expect(d.myJobs.overdue.first.map((j: { status: number }) => j.status)).toEqual([6, 1, 2]);

    expect(d.inProgressByManager).toEqual([
      { user: { id: managerId, name: 'Maria Manager' }, count: 3 },
      { user: { id: t.account.userId, name: expect.any(String) }, count: 2 },
    ]);

    expect(d.quotesWaiting.count).toBe(3);
    expect(d.quotesWaiting.totals).toEqual([
      { currency: EUR, count: 2, amount: 200.4 },
      { currency: USD, count: 1, amount: 0.3 },
    ]);
    expect(d.quotesWaiting.oldest.map((q: { id: string }) => q.id)).toEqual([ids.oldQuote, ids.usQuote, ids.newQuote]);
    expect(d.quotesWaiting.oldest[0]).toMatchObject({
      number: expect.stringMatching(/^Q-/),
      client: { id: w.client, name: 'Acme one' },
      issueDate: twoMonthsAgo,
      currency: EUR,
      total: 200.2,
      outstanding: 200.2,
    });

    expect(d.unpaidInvoices).toEqual({
      count: 4,
      outstanding: [
        { currency: EUR, count: 2, amount: 1293.33 },
        { currency: USD, count: 2, amount: 0.3 },
      ],
    });
    expect(d.overdueInvoices.count).toBe(3);
    expect(d.overdueInvoices.outstanding).toEqual([
      { currency: EUR, count: 1, amount: 333.33 },
      { currency: USD, count: 2, amount: 0.3 },
    ]);
    // The longest overdue first: the USD ones (due 5 and 10 days after two months ago), then last month's.
    expect(d.overdueInvoices.oldest.map((i: { id: string }) => i.id)).toEqual([ids.usOverdue2, ids.usOverdue1, ids.overdue]);
    expect(d.overdueInvoices.oldest[2]).toMatchObject({ client: { id: w.client, name: 'Acme one' }, total: 333.33, outstanding: 333.33, currency: EUR });

    // Revenue, supplier cost and margin are the margins report's totals over each month (revenue-agreement.test.ts has exact numbers).
    await expectMarginsOfMonths(t.api, d);
  });

  it('counts a partly paid invoice until it is paid, and counts it overdue by its due date', async () => {
    const before = await ok(t.api.get('/v2/dashboard'));
    await ok(t.api.post(`/v2/invoices/${ids.partlyPaid}/payments`, { amount: 960, date: iso(startOfToday) }));
    const after = await ok(t.api.get('/v2/dashboard'));
    expect(after.unpaidInvoices.count).toBe(before.unpaidInvoices.count - 1);
    expect(after.unpaidInvoices.outstanding[0]).toEqual({ currency: EUR, count: 1, amount: 333.33 });
    await ok(t.api.delete(`/v2/invoices/${ids.partlyPaid}/payments/${(await ok(t.api.get(`/v2/invoices/${ids.partlyPaid}`))).payments[1].id}`));
    expect((await ok(t.api.get('/v2/dashboard'))).unpaidInvoices).toEqual(before.unpaidInvoices);
  });

  it("answers another user's own jobs for their key; every role may read", async () => {
    const d = await ok(managerApi.get('/v2/dashboard'));
    expect(d.myJobs.user).toEqual({ id: managerId, name: 'Maria Manager' });
    expect(d.myJobs.dueToday.count).toBe(0);
    expect(d.myJobs.overdue).toMatchObject({ count: 1, first: [{ id: ids.managerOverdue, name: 'Manager overdue' }] });
    // The account's figures are the same for everyone.
    const owner = await ok(t.api.get('/v2/dashboard'));
    expect(d.money).toEqual(owner.money);
    expect(d.inProgressByManager).toEqual(owner.inProgressByManager);
    for (const role of ['admin', 'finance', 'viewer'] as const) {
      const user = await created(t.api, '/v2/users', { name: `A ${role}`, role });
      const { apiKey } = await insertApiKey(t.database.db, t.account.accountId, user.id, { name: `${role} key` });
      const seen = await ok(new Api(t.app, apiKey).get('/v2/dashboard'));
      expect(seen.myJobs).toEqual({ user: { id: user.id, name: `A ${role}` }, dueToday: { count: 0, first: [] }, overdue: { count: 0, first: [] } });
      expect(seen.unpaidInvoices).toEqual(owner.unpaidInvoices);
    }
    // A read-only key, and a signed-in session.
    expect((await ok(t.api.withKey(t.account.readKey).get('/v2/dashboard'))).myJobs.overdue.count).toBe(3);
    const session = await sessions.start(t.database.db, { id: t.account.userId, account_id: t.account.accountId }, 'password');
    const bySession = await t.app.inject({ method: 'GET', url: '/v2/dashboard', headers: { cookie: `td_session=${session.token}` } });
    expect(bySession.statusCode).toBe(200);
    expect(bySession.json().quotesWaiting.count).toBe(3);
  });

  it('answers the other account only its own records', async () => {
    const d = await ok(t.otherApi.get('/v2/dashboard'));
    expect(d.myJobs.dueToday.count).toBe(1);
    expect(d.myJobs.overdue.count).toBe(1);
    expect(d.inProgressByManager).toEqual([{ user: { id: t.other.userId, name: expect.any(String) }, count: 1 }]);
    expect(d.quotesWaiting).toMatchObject({ count: 1, totals: [{ currency: EUR, count: 1, amount: 66 }] });
    expect(d.unpaidInvoices).toEqual({ count: 1, outstanding: [{ currency: EUR, count: 1, amount: 77 }] });
    expect(d.overdueInvoices).toMatchObject({ count: 1, outstanding: [{ currency: EUR, count: 1, amount: 77 }] });
    await expectMarginsOfMonths(t.otherApi, d);
  });

  it('answers zeros and empty lists for an empty account', async () => {
    const empty = await createTestAccount(t.database, 'Empty agency');
    const d = await ok(new Api(t.app, empty.apiKey).get('/v2/dashboard'));
    expect(d).toMatchObject({
      myJobs: { user: { id: empty.userId }, dueToday: { count: 0, first: [] }, overdue: { count: 0, first: [] } },
      inProgressByManager: [],
      quotesWaiting: { count: 0, totals: [], oldest: [] },
      unpaidInvoices: { count: 0, outstanding: [] },
      overdueInvoices: { count: 0, outstanding: [], oldest: [] },
      money: [],
    });
  });

  it('refuses without credentials (401) and unknown parameters (400)', async () => {
    expectError(await new Api(t.app, undefined).get('/v2/dashboard'), 401, 'unauthorized');
    expectError(await t.api.get('/v2/dashboard?month=2026-01'), 400, 'parameter_unknown');
  });
});
