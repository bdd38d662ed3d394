/**
 * SQL of the reports (docs/reports.md). Every query is restricted to the caller's account and
 * groups in SQL: by day, currency and the report's dimension, so that conversion (one rate per
 * currency and day) happens once per group in JavaScript.
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Ctx } from '../../core/context.js';
import type { DB } from '../../core/db/schema.js';
import type { Filters } from './schemas.js';
import { dayOf, exactSum, jobDaySql, jsonTotal } from './sql.js';

export const JOB_CANCELLED = 5;
export const OUTSOURCING_CANCELLED = 5;
/** Not started, in progress, on hold: the work is still to do. */
export const OPEN_JOB_STATUSES = [1, 2, 6] as const;
const INVOICE = { sent: 2, type: 1 } as const;
/** Sent and accepted purchase orders: drafts are not orders yet, cancelled ones are owed nothing. */
const PURCHASE_ORDER_OWED = [2, 3] as const;

export const MARGIN_DIMENSIONS = {
  client: 'j.client_id',
  service: 'j.service_id',
  languagePair: 'j.language_pair_id',
  manager: 'j.user_id',
} as const;
export type MarginDimension = keyof typeof MARGIN_DIMENSIONS;

/** A query over jobs `j` (alone or joined), as the filters below see it. */
type JobQuery = SelectQueryBuilder<DB & { j: DB['jobs'] }, 'j', object>;

/** Grouped by its alias: the subquery, named again in GROUP BY, would run twice per job. */
const OCURS = sql`ocurs`;

/** The distinct currencies of a job's non-cancelled outsourcing, comma-separated (null: none). */
function outsourcingCurrencies(ctx: Ctx): RawBuilder<string | null> {
  // SQLite: named, so that each job's look-up reads the index alone (the planner prefers `outsourcing_job`).
  const from = ctx.dialect === 'postgres' ? sql`outsourcing oc` : sql`outsourcing oc indexed by outsourcing_report_costs`;
  const aggregate = ctx.dialect === 'postgres' ? sql`string_agg(distinct oc.currency, ',')` : sql`group_concat(distinct oc.currency)`;
  return sql<string | null>`(select ${aggregate} from ${from}
    where oc.job_id = j.id and oc.status <> ${OUTSOURCING_CANCELLED} and oc.account_id = ${ctx.accountId})`;
}

/** The filters on jobs `j` (the day is the job's day; a supplier: jobs outsourced to it). */
function jobFilters<Q>(ctx: Ctx, query: Q, filters: Filters, day: RawBuilder<string>): Q {
  let q = (query as unknown as JobQuery).where('j.account_id', '=', ctx.accountId);
  if (filters.from !== undefined) q = q.where(day, '>=', filters.from);
  if (filters.to !== undefined) q = q.where(day, '<=', filters.to);
  if (filters.client !== undefined) q = q.where('j.client_id', '=', filters.client);
  if (filters.manager !== undefined) q = q.where('j.user_id', '=', filters.manager);
  if (filters.currency !== undefined) q = q.where('j.currency', '=', filters.currency);
  if (filters.supplier !== undefined) {
    q = q.where(
      sql<boolean>`exists (select 1 from outsourcing os where os.job_id = j.id and os.account_id = ${ctx.accountId}
        and os.supplier_id = ${filters.supplier} and os.status <> ${OUTSOURCING_CANCELLED})`,
    );
  }
  return q as unknown as Q;
}

export interface RevenueGroup {
  day: string;
  dim: string | null;
  currency: string;
  ocurs: string | null;
  jobs: number | string;
  revenue: string;
}

export interface CostGroup {
  day: string;
  dim: string | null;
  job_currency: string;
  ocurs: string | null;
  currency: string;
  outsourcings: number | string;
  cost: string;
  unpriced: number | string;
}

/** SQLite keeps decimals as text: a zero unit cost is compared as a number there. */
const isZero = (ctx: Ctx, column: string) => (ctx.dialect === 'postgres' ? sql`${sql.ref(column)} = 0` : sql`cast(${sql.ref(column)} as real) = 0`);

export const reportsRepository = {
  /** Non-cancelled jobs' revenue (their estimation total) per day, dimension, currency and outsourcing currencies. */
  revenueGroups(ctx: Ctx, dimension: MarginDimension, filters: Filters): Promise<RevenueGroup[]> {
    const day = jobDaySql('j');
    const dim = sql.ref(MARGIN_DIMENSIONS[dimension]);
    const ocurs = outsourcingCurrencies(ctx);
    const query = ctx.db
      .selectFrom('jobs as j')
      .select([day.as('day'), sql<string | null>`${dim}`.as('dim'), 'j.currency', ocurs.as('ocurs')])
      .select((eb) => eb.fn.countAll<number | string>().as('jobs'))
      .select(exactSum(ctx.dialect, jsonTotal(ctx.dialect, 'j.estimation')).as('revenue'))
      .where('j.status', '<>', JOB_CANCELLED);
    return jobFilters(ctx, query, filters, day).groupBy([day, dim, 'j.currency', OCURS]).execute();
  },

  /**
   * Non-cancelled outsourcing of those jobs: cost (its stored total) per day, dimension, job
   * currency, outsourcing currencies and its own currency; `unpriced` counts those without a price
   * (no fixed price, no supplier price found, unit cost 0).
   */
  costGroups(ctx: Ctx, dimension: MarginDimension, filters: Filters): Promise<CostGroup[]> {
    const day = jobDaySql('j');
    const dim = sql.ref(MARGIN_DIMENSIONS[dimension]);
    const ocurs = outsourcingCurrencies(ctx);
    const unpriced = sql<number>`case when o.fixed_price is null and o.unit_cost_price_id is null and ${isZero(ctx, 'o.unit_cost')} then 1 else 0 end`;
    const query = ctx.db
      .selectFrom('outsourcing as o')
      .innerJoin('jobs as j', 'j.id', 'o.job_id')
      .select([day.as('day'), sql<string | null>`${dim}`.as('dim'), 'j.currency as job_currency', ocurs.as('ocurs'), 'o.currency'])
      .select((eb) => eb.fn.countAll<number | string>().as('outsourcings'))
      .select(exactSum(ctx.dialect, jsonTotal(ctx.dialect, 'o.amounts')).as('cost'))
      .select(sql<number | string>`sum(${unpriced})`.as('unpriced'))
      .where('o.account_id', '=', ctx.accountId)
      .where('o.status', '<>', OUTSOURCING_CANCELLED)
      .where('j.status', '<>', JOB_CANCELLED);
    return jobFilters(ctx, query, filters, day).groupBy([day, dim, 'j.currency', OCURS, 'o.currency']).execute();
  },

  /** The names of the dimension's records among `ids`. */
  async dimensionNames(ctx: Ctx, dimension: MarginDimension, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    if (dimension === 'languagePair') {
      const rows = await ctx.db
        .selectFrom('language_pairs')
        .select(['id', 'source_code', 'target_code'])
        .where('account_id', '=', ctx.accountId)
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, row.source_code === null ? `→ ${row.target_code}` : `${row.source_code} → ${row.target_code}`]));
    }
    const table = dimension === 'client' ? 'clients' : dimension === 'service' ? 'services' : 'users';
    const rows = await ctx.db.selectFrom(table).select(['id', 'name']).where('account_id', '=', ctx.accountId).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  },

  /** Sent (unpaid) invoices, credit notes aside, with what was paid of each. */
  async unpaidInvoices(ctx: Ctx, filters: Filters) {
    let query = ctx.db
      .selectFrom('documents as d')
      .leftJoin('clients as c', 'c.id', 'd.client_id')
      .select(['d.id', 'd.client_id', 'c.name as client_name', 'd.currency', 'd.issue_date', 'd.due_date', 'd.total', 'd.exchange_rates'])
      .select(
        sql<string>`(select ${exactSum(ctx.dialect, sql.ref('p.amount'))} from payments p where p.document_id = d.id and p.account_id = ${ctx.accountId})`.as(
          'paid',
        ),
      )
      .where('d.account_id', '=', ctx.accountId)
      .where('d.kind', '=', 'invoice')
      .where('d.status', '=', INVOICE.sent)
      .where('d.type', '=', INVOICE.type);
    const day = dayOf(sql.ref('d.issue_date'));
    if (filters.from !== undefined) query = query.where(day, '>=', filters.from);
    if (filters.to !== undefined) query = query.where(day, '<=', filters.to);
    if (filters.client !== undefined) query = query.where('d.client_id', '=', filters.client);
    if (filters.currency !== undefined) query = query.where('d.currency', '=', filters.currency);
    if (filters.manager !== undefined) query = query.where(documentsWithJobsOf(ctx, 'user_id', filters.manager));
    return query.orderBy('d.id').execute();
  },

  /** Sent and accepted purchase orders (what is owed to suppliers). */
  async owedPurchaseOrders(ctx: Ctx, filters: Filters) {
    let query = ctx.db
      .selectFrom('documents as d')
      .leftJoin('suppliers as s', 's.id', 'd.supplier_id')
      .select(['d.id', 'd.supplier_id', 's.name as supplier_name', 'd.currency', 'd.issue_date', 'd.due_date', 'd.total', 'd.exchange_rates'])
      .where('d.account_id', '=', ctx.accountId)
      .where('d.kind', '=', 'purchaseOrder')
      .where('d.status', 'in', [...PURCHASE_ORDER_OWED])
      // An order on an approved supplier invoice is owed as that invoice (approvedSupplierInvoices), not twice.
      .where(
        sql<boolean>`not exists (select 1 from supplier_invoice_orders sio join supplier_invoices si on si.id = sio.supplier_invoice_id
          where sio.purchase_order_id = d.id and sio.live = 1 and si.status = 'approved')`,
      );
    const day = dayOf(sql.ref('d.due_date'));
    if (filters.from !== undefined) query = query.where(day, '>=', filters.from);
    if (filters.to !== undefined) query = query.where(day, '<=', filters.to);
    if (filters.supplier !== undefined) query = query.where('d.supplier_id', '=', filters.supplier);
    if (filters.currency !== undefined) query = query.where('d.currency', '=', filters.currency);
    if (filters.client !== undefined) query = query.where(documentsWithJobsOf(ctx, 'client_id', filters.client));
    if (filters.manager !== undefined) query = query.where(documentsWithJobsOf(ctx, 'user_id', filters.manager));
    return query.orderBy('d.id').execute();
  },

  /**
   * Approved supplier invoices (docs/reports.md#payables), shaped as the orders are: the invoice's
   * date is its issue day, its due day the latest of its orders' (null when none has one), and no
   * rate is recorded on it. The `client` and `manager` filters keep an invoice with an order that
   * has a line of that client's or manager's jobs.
   */
  async approvedSupplierInvoices(ctx: Ctx, filters: Filters) {
    const due = sql<string | null>`(select max(pd.due_date) from supplier_invoice_orders sio join documents pd on pd.id = sio.purchase_order_id
      where sio.supplier_invoice_id = si.id)`;
    let query = ctx.db
      .selectFrom('supplier_invoices as si')
      .leftJoin('suppliers as s', 's.id', 'si.supplier_id')
      .select(['si.id', 'si.supplier_id', 's.name as supplier_name', 'si.currency', 'si.date as issue_date', 'si.total'])
      .select(due.as('due_date'))
      .select(sql<string>`'[]'`.as('exchange_rates'))
      .where('si.account_id', '=', ctx.accountId)
      .where('si.status', '=', 'approved');
    const day = dayOf(due);
    if (filters.from !== undefined) query = query.where(day, '>=', filters.from);
    if (filters.to !== undefined) query = query.where(day, '<=', filters.to);
    if (filters.supplier !== undefined) query = query.where('si.supplier_id', '=', filters.supplier);
    if (filters.currency !== undefined) query = query.where('si.currency', '=', filters.currency);
    for (const [column, value] of [
      ['client_id', filters.client],
      ['user_id', filters.manager],
    ] as const) {
      if (value === undefined) continue;
      query = query.where(
        sql<boolean>`exists (select 1 from supplier_invoice_orders fo join documents d on d.id = fo.purchase_order_id
          where fo.supplier_invoice_id = si.id and ${documentsWithJobsOf(ctx, column, value)})`,
      );
    }
    return query.orderBy('si.id').execute();
  },

  /** Open jobs per manager, due day and quantity type: how many and their quantities. */
  openJobGroups(ctx: Ctx, filters: Filters) {
    const day = dayOf(sql.ref('j.due_date'));
    const query = ctx.db
      .selectFrom('jobs as j')
      .select(['j.user_id', day.as('day'), 'j.unit_id'])
      .select((eb) => eb.fn.countAll<number | string>().as('jobs'))
      .select(exactSum(ctx.dialect, sql.ref('j.quantity')).as('quantity'))
      .where('j.status', 'in', [...OPEN_JOB_STATUSES]);
    // A date range counts jobs due in it: jobs without a due date are then left out (docs/reports.md#workload).
    return jobFilters(ctx, query, filters, day).groupBy(['j.user_id', day, 'j.unit_id']).execute() as Promise<
      Array<{ user_id: string; day: string | null; unit_id: string; jobs: number | string; quantity: string }>
    >;
  },

  async names(ctx: Ctx, table: 'users' | 'units', ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await ctx.db.selectFrom(table).select(['id', 'name']).where('account_id', '=', ctx.accountId).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  },
};

/** Documents `d` with a line of a job, or of an outsourcing of a job, whose `column` is `value` (a client's, a manager's). */
function documentsWithJobsOf(ctx: Ctx, column: 'client_id' | 'user_id', value: string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from document_lines l
    left join outsourcing lo on lo.id = l.outsourcing_id
    join jobs lj on lj.id = coalesce(l.job_id, lo.job_id)
    where l.document_id = d.id and l.account_id = ${ctx.accountId} and lj.account_id = ${ctx.accountId} and ${sql.ref(`lj.${column}`)} = ${value})`;
}
