import { sql } from 'kysely';
import { preparedQuery } from '../../core/db/prepared.js';
import { qualifiedColumnsOf } from '../../core/db/columns.js';
import type { Executor } from '../../core/db/dialect.js';
import type { OutsourcingTable } from '../../core/db/schema.js';
import { outsourcingLines } from '../price-lines/index.js';

/**
 * The reads of the outsourcing of jobs that the jobs show (its rows with the names they reference,
 * its match lines): a read model of the outsourcing tables, whose writes are the outsourcing
 * module's. Every query takes the account id.
 */
export type OutsourcingRow = OutsourcingTable;

export interface OutsourcingRowWithNames extends OutsourcingRow {
  /** The frozen entries of the job's client price (JSON), for the margin warnings. */
  job_price_matches: string;
  supplier_name: string;
  service_name: string;
  unit_name: string;
}

const outsourcingOfJobs = preparedQuery((db, p: { accountId: string; jobIds: readonly string[] }) =>
  db
    .selectFrom('outsourcing')
    .innerJoin('suppliers', 'suppliers.id', 'outsourcing.supplier_id')
    .innerJoin('services', 'services.id', 'outsourcing.service_id')
    .innerJoin('units', 'units.id', 'outsourcing.unit_id')
    .innerJoin('jobs', 'jobs.id', 'outsourcing.job_id')
    .select(qualifiedColumnsOf('outsourcing'))
    .select(['jobs.price_matches as job_price_matches', 'suppliers.name as supplier_name', 'services.name as service_name', 'units.name as unit_name'])
    .where('outsourcing.account_id', '=', p.accountId)
    .where('outsourcing.job_id', 'in', p.jobIds)
    .orderBy('outsourcing.job_id')
    .orderBy('outsourcing.created_at')
    .orderBy('outsourcing.id'),
);

export const outsourcingViewRepository = {
  /**
   * The ids of the jobs outsourced to any of the suppliers, as a subquery (the `supplier` filter of
   * `GET /v2/jobs`): served by the supplier index (`outsourcing_fk_supplier_id`).
   */
  jobIdsOutsourcedTo(db: Executor, accountId: string, supplierIds: readonly string[]) {
    return db
      .selectFrom('outsourcing')
      .select('outsourcing.job_id')
      .where('outsourcing.account_id', '=', accountId)
      .where('outsourcing.supplier_id', 'in', [...supplierIds]);
  },

  /** The outsourcing of a supplier that is on the portal: ids and their jobs, soonest due first (the portal's work list). */
  onPortalOf(db: Executor, accountId: string, supplierId: string, limit: number, only?: string): Promise<Array<{ id: string; job_id: string }>> {
    let query = db.selectFrom('outsourcing');
    if (only !== undefined) query = query.where('id', '=', only);
    return (
      query
        .select(['id', 'job_id'])
        .where('account_id', '=', accountId)
        .where('supplier_id', '=', supplierId)
        .where('portal_enabled', '=', 1)
        // Without a due date last, on both databases (they sort nulls apart otherwise).
        .orderBy(sql`case when due_date is null then 1 else 0 end`)
        .orderBy('due_date', 'asc')
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute()
    );
  },

  /** The outsourcing of several jobs, with names, in creation order within each job. */
  rowsOfJobs(db: Executor, accountId: string, jobIds: readonly string[]): Promise<OutsourcingRowWithNames[]> {
    if (jobIds.length === 0) return Promise.resolve([]);
    return outsourcingOfJobs(db, { accountId, jobIds });
  },

  /** Names of match categories of the account, by id (the margin warnings' bands without a line). */
  async categoryNames(db: Executor, accountId: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('match_categories')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  },

  lines: outsourcingLines.lines,
};
