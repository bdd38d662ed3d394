import type { Ctx } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import { currency, Dec } from '../../core/money.js';
import { monthMargins, type MonthMargins } from '../reports/index.js';
import { requests } from '../requests/index.js';
import { calendarOf } from './calendar.js';
import { dashboardRepository as repo, MICRO_DIGITS, type DocumentRowBrief, type JobDueRow } from './repository.js';
import type { DashboardDocumentObject, DashboardJobObject, DashboardObject } from './schemas.js';

/**
 * `GET /v2/dashboard` (docs/dashboard.md): the figures of the landing page, each one query (or
 * two) computed by the database, read at once. Amounts are summed exactly in SQL and combined
 * here with exact decimals; they become JSON numbers only in the answer, like every amount of the API.
 */

/** How many jobs, quotes and invoices each list shows. */
export const FIRST_FEW = 5;
/** "This month" and "today" are counted in this zone: accounts have no time zone of their own yet. */
export const DASHBOARD_TIME_ZONE = 'UTC';

/** A sum as SQL answered it: PostgreSQL's exact numeric, or SQLite's whole number of millionths. */
function sumOf(ctx: Ctx, text: string): Dec {
  return ctx.dialect === 'postgres' ? new Dec(text) : new Dec(text).div(10 ** MICRO_DIGITS);
}

const amount = (value: Dec) => value.toNumber();

function jobOf(row: JobDueRow): DashboardJobObject {
  return { id: row.id, name: row.name, client: { id: row.client_id, name: row.client_name }, dueDate: row.due_date!, status: row.status };
}

function documentOf(ctx: Ctx, row: DocumentRowBrief): DashboardDocumentObject {
  const total = new Dec(row.total);
  return {
    id: row.id,
    number: row.number,
    client: row.client_id === null ? null : { id: row.client_id, name: row.client_name ?? '' },
    issueDate: row.issue_date,
    dueDate: row.due_date,
    validityDate: row.validity_date,
    currency: currency(row.currency),
    total: amount(total),
    outstanding: amount(total.minus(sumOf(ctx, row.paid))),
  };
}

export const dashboard = {
  async get(ctx: Ctx, nowMs = Date.now()): Promise<DashboardObject> {
    const time = calendarOf(nowMs, DASHBOARD_TIME_ZONE);
    const me = await ctx.db.selectFrom('users').select(['id', 'name']).where('account_id', '=', ctx.accountId).where('id', '=', ctx.userId).executeTakeFirst();
    if (!me) throw notFound('user', ctx.userId);
    const [dueToday, overdue, managers, quoteTotals, oldestQuotes, unpaid, overdueTotals, oldestOverdue, margins, newRequests] = await Promise.all([
      repo.myJobsDue(ctx, time.now, time.today.until, FIRST_FEW),
      repo.myJobsDue(ctx, null, time.now, FIRST_FEW),
      repo.inProgressByManager(ctx),
      repo.quotesWaitingByCurrency(ctx),
      repo.oldestQuotesWaiting(ctx, FIRST_FEW),
      repo.unpaidInvoicesByCurrency(ctx, null),
      repo.unpaidInvoicesByCurrency(ctx, time.now),
      repo.oldestOverdueInvoices(ctx, time.now, FIRST_FEW),
      monthMargins(ctx, [daysOf(time.thisMonth.month), daysOf(time.lastMonth.month)]),
      requests.countNew(ctx),
    ]);
    const byCurrency = (rows: Array<{ currency: string; count: number | string; amount: string; paid?: string }>) =>
      rows.map((row) => ({
        currency: currency(row.currency),
        count: Number(row.count),
        amount: amount(sumOf(ctx, row.amount).minus(row.paid === undefined ? 0 : sumOf(ctx, row.paid))),
      }));
    const count = (rows: Array<{ count: number | string }>) => rows.reduce((sum, row) => sum + Number(row.count), 0);
    return {
      object: 'dashboard',
      timeZone: DASHBOARD_TIME_ZONE,
      now: time.now,
      today: time.today,
      myJobs: {
        user: { id: me.id, name: me.name },
        dueToday: { count: dueToday.count, first: dueToday.first.map(jobOf) },
        overdue: { count: overdue.count, first: overdue.first.map(jobOf) },
      },
      inProgressByManager: managers.map((row) => ({ user: { id: row.user_id, name: row.name }, count: Number(row.count) })),
      requests: { new: newRequests },
      quotesWaiting: { count: count(quoteTotals), totals: byCurrency(quoteTotals), oldest: oldestQuotes.map((row) => documentOf(ctx, row)) },
      unpaidInvoices: { count: count(unpaid), outstanding: byCurrency(unpaid) },
      overdueInvoices: { count: count(overdueTotals), outstanding: byCurrency(overdueTotals), oldest: oldestOverdue.map((row) => documentOf(ctx, row)) },
      months: { thisMonth: time.thisMonth, lastMonth: time.lastMonth },
      money: monthsMoney(margins),
    };
  },
};

/** A month's first and last day (`2026-11` → 2026-11-01 to 2026-11-30), as the margins report takes them. */
function daysOf(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/**
 * Revenue, supplier cost and margin of both months as the margins report counts them (the jobs of
 * the month, in the account's currency): one entry, or none when neither month has a job.
 */
function monthsMoney(margins: { currency: string; totals: MonthMargins[] }): DashboardObject['money'] {
  const [thisMonth, lastMonth] = margins.totals as [MonthMargins, MonthMargins];
  if (thisMonth.jobs + lastMonth.jobs === 0 && !thisMonth.excludesUnconverted && !lastMonth.excludesUnconverted) return [];
  const figures = (month: MonthMargins) => ({
    revenue: month.revenue,
    supplierCost: month.supplierCost,
    margin: month.margin,
    jobs: month.jobs,
    unpricedOutsourcings: month.unpricedOutsourcings,
    excludesUnconverted: month.excludesUnconverted,
  });
  return [{ currency: currency(margins.currency), thisMonth: figures(thisMonth), lastMonth: figures(lastMonth) }];
}
