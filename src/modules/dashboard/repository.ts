import { sql, type RawBuilder } from 'kysely';
import type { Ctx } from '../../core/context.js';

/**
 * SQL of the dashboard (docs/dashboard.md). Every query is restricted to the caller's account and
 * read through the indexes of migration 0024 (or `documents_by_issue` for the months' amounts).
 *
 * Sums of money are exact: PostgreSQL sums its `numeric` columns; SQLite, whose decimal columns
 * are text and whose `sum()` of text would be a binary float, sums each value as a whole number of
 * millionths, read from the text's digits (`microUnits`). Both answer the sum as text.
 */

/** The statuses of a job whose work is not over: not started, in progress, on hold. */
export const OPEN_JOB_STATUSES = [1, 2, 6] as const;
export const IN_PROGRESS = 2;
const SENT = 2;

/** The scale of SQLite's exact sums: 10⁶, the most decimals a stored amount or rate keeps. */
export const MICRO_DIGITS = 6;

/**
 * A decimal text column as a whole number of millionths, on SQLite: the sign, the digits before
 * the point times 10⁶, plus the first six digits after it (padded). Stored decimals are plain
 * (`Dec.toFixed()`: never an exponent).
 */
function microUnits(column: RawBuilder<unknown>): RawBuilder<number> {
  const digits = sql`ltrim(${column}, '-')`;
  const point = sql`instr(${digits}, '.')`;
  return sql<number>`(case when substr(${column}, 1, 1) = '-' then -1 else 1 end) * (
    cast(case when ${point} > 0 then substr(${digits}, 1, ${point} - 1) else ${digits} end as integer) * 1000000
    + cast(case when ${point} > 0 then substr(substr(${digits}, ${point} + 1) || '000000', 1, 6) else '0' end as integer))`;
}

/** The exact sum of a decimal expression (`a` or `a - b` of decimal columns), as text. */
function decimalSum(ctx: Ctx, plus: string, minus?: string): RawBuilder<string> {
  if (ctx.dialect === 'postgres') {
    const value = minus === undefined ? sql.ref(plus) : sql`${sql.ref(plus)} - ${sql.ref(minus)}`;
    return sql<string>`cast(coalesce(sum(${value}), 0) as text)`;
  }
  const value = minus === undefined ? microUnits(sql.ref(plus)) : sql`${microUnits(sql.ref(plus))} - ${microUnits(sql.ref(minus))}`;
  return sql<string>`cast(coalesce(sum(${value}), 0) as text)`;
}

export interface JobDueRow {
  id: string;
  name: string;
  due_date: string | null;
  client_id: string;
  client_name: string;
  status: number;
}

export interface AmountRow {
  currency: string;
  count: number | string;
  amount: string;
}

export interface DocumentRowBrief {
  id: string;
  number: string | null;
  client_id: string | null;
  client_name: string | null;
  issue_date: string | null;
  due_date: string | null;
  validity_date: string | null;
  currency: string;
  total: string;
  paid: string;
}

const myOpenJobs = (ctx: Ctx) =>
  ctx.db
    .selectFrom('jobs')
    .where('jobs.account_id', '=', ctx.accountId)
    .where('jobs.status', 'in', [...OPEN_JOB_STATUSES])
    .where('jobs.user_id', '=', ctx.userId);

const sentUnpaidInvoices = (ctx: Ctx) =>
  ctx.db
    .selectFrom('documents')
    .where('documents.account_id', '=', ctx.accountId)
    .where('documents.kind', '=', 'invoice')
    .where('documents.status', '=', SENT)
    .where('documents.type', '=', 1);

export const dashboardRepository = {
  /** The caller's unfinished jobs due in [from, until): how many, and the first `limit` by due date. */
  async myJobsDue(ctx: Ctx, from: string | null, until: string, limit: number): Promise<{ count: number; first: JobDueRow[] }> {
    let due = myOpenJobs(ctx).where('jobs.due_sort', '<', until);
    if (from !== null) due = due.where('jobs.due_sort', '>=', from);
    const [counted, first] = await Promise.all([
      due.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
      due
        .innerJoin('clients', 'clients.id', 'jobs.client_id')
        .select(['jobs.id', 'jobs.name', 'jobs.due_date', 'jobs.client_id', 'clients.name as client_name', 'jobs.status'])
        // Sorted as an expression, so that no index is chosen for its order: the due-date index
        // (`jobs_by_due`) would walk every job of the account due before the moment, where
        // `jobs_open_by_user` reads only the user's unfinished ones (a few to sort).
        .orderBy(sql`${sql.ref('jobs.due_sort')} || ''`)
        .orderBy('jobs.id')
        .limit(limit)
        .execute(),
    ]);
    return { count: Number(counted?.n ?? 0), first };
  },

  /** Jobs in progress per user (the job's manager), with the user's name. */
  inProgressByManager(ctx: Ctx): Promise<Array<{ user_id: string; name: string; count: number | string }>> {
    const counts = ctx.db
      .selectFrom('jobs')
      .select('jobs.user_id')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('jobs.account_id', '=', ctx.accountId)
      .where('jobs.status', '=', IN_PROGRESS)
      .groupBy('jobs.user_id')
      .as('c');
    return ctx.db
      .selectFrom(counts)
      .innerJoin('users', 'users.id', 'c.user_id')
      .select(['c.user_id', 'users.name', 'c.count'])
      .where('users.account_id', '=', ctx.accountId)
      .orderBy('c.count', 'desc')
      .orderBy('users.name')
      .orderBy('c.user_id')
      .execute();
  },

  /** Sent quotes (waiting for an answer): how many and their total, per currency. */
  quotesWaitingByCurrency(ctx: Ctx): Promise<AmountRow[]> {
    return ctx.db
      .selectFrom('documents')
      .select('documents.currency')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .select(decimalSum(ctx, 'documents.total').as('amount'))
      .where('documents.account_id', '=', ctx.accountId)
      .where('documents.kind', '=', 'quote')
      .where('documents.status', '=', SENT)
      .groupBy('documents.currency')
      .orderBy('documents.currency')
      .execute();
  },

  /** The oldest sent quotes (by issue date). */
  oldestQuotesWaiting(ctx: Ctx, limit: number): Promise<DocumentRowBrief[]> {
    return ctx.db
      .selectFrom('documents')
      .leftJoin('clients', 'clients.id', 'documents.client_id')
      .select(['documents.id', 'documents.number', 'documents.client_id', 'clients.name as client_name', 'documents.issue_date', 'documents.due_date'])
      .select(['documents.validity_date', 'documents.currency', 'documents.total'])
      .select(sql<string>`'0'`.as('paid'))
      .where('documents.account_id', '=', ctx.accountId)
      .where('documents.kind', '=', 'quote')
      .where('documents.status', '=', SENT)
      .orderBy('documents.issue_date')
      .orderBy('documents.id')
      .limit(limit)
      .execute();
  },

  /**
   * Sent invoices not paid (credit notes aside), due before `dueBefore` when given: how many, their
   * totals and what was paid of them, per currency (outstanding = total − paid, in the service).
   */
  async unpaidInvoicesByCurrency(ctx: Ctx, dueBefore: string | null): Promise<Array<AmountRow & { paid: string }>> {
    let invoices = sentUnpaidInvoices(ctx);
    if (dueBefore !== null) invoices = invoices.where('documents.due_date', '<', dueBefore);
    const totals = invoices
      .select('documents.currency')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .select(decimalSum(ctx, 'documents.total').as('amount'))
      .groupBy('documents.currency')
      .orderBy('documents.currency')
      .execute();
    const paid = invoices
      .innerJoin('payments', 'payments.document_id', 'documents.id')
      .select('documents.currency')
      .select(decimalSum(ctx, 'payments.amount').as('paid'))
      .groupBy('documents.currency')
      .execute();
    const [rows, payments] = await Promise.all([totals, paid]);
    const paidBy = new Map(payments.map((row) => [row.currency, row.paid]));
    return rows.map((row) => ({ ...row, paid: paidBy.get(row.currency) ?? '0' }));
  },

  /** The unpaid invoices due before `dueBefore`, the longest overdue first, with what was paid of each. */
  async oldestOverdueInvoices(ctx: Ctx, dueBefore: string, limit: number): Promise<DocumentRowBrief[]> {
    const rows = await sentUnpaidInvoices(ctx)
      .where('documents.due_date', '<', dueBefore)
      .leftJoin('clients', 'clients.id', 'documents.client_id')
      .select(['documents.id', 'documents.number', 'documents.client_id', 'clients.name as client_name', 'documents.issue_date', 'documents.due_date'])
      .select(['documents.validity_date', 'documents.currency', 'documents.total'])
      .orderBy('documents.due_date')
      .orderBy('documents.id')
      .limit(limit)
      .execute();
    if (rows.length === 0) return [];
    // Their payments afterwards, by document (a join would sum the payments of every invoice first).
    const paid = await ctx.db
      .selectFrom('payments')
      .select('payments.document_id')
      .select(decimalSum(ctx, 'payments.amount').as('paid'))
      .where('payments.account_id', '=', ctx.accountId)
      .where(
        'payments.document_id',
        'in',
        rows.map((row) => row.id),
      )
      .groupBy('payments.document_id')
      .execute();
    const paidBy = new Map(paid.map((row) => [row.document_id, row.paid]));
    return rows.map((row) => ({ ...row, paid: paidBy.get(row.id) ?? '0' }));
  },
};
