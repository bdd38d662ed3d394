import { preparedQuery } from '../../core/db/prepared.js';
import { qualifiedColumnsOf } from '../../core/db/columns.js';
import type { Executor } from '../../core/db/dialect.js';
import type { OutsourcingTable } from '../../core/db/schema.js';
import { outsourcingLines } from '../price-lines/index.js';

/** SQL of the outsourcing of jobs and its match lines. Every query takes the account id. */
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

export const outsourcingRepository = {
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

  /** One outsourcing of one job (another job's is missing). */
  find(db: Executor, accountId: string, jobId: string, id: string): Promise<OutsourcingRow | undefined> {
    return db.selectFrom('outsourcing').selectAll().where('account_id', '=', accountId).where('job_id', '=', jobId).where('id', '=', id).executeTakeFirst();
  },

  async insert(db: Executor, row: OutsourcingRow): Promise<void> {
    await db.insertInto('outsourcing').values(row).execute();
  },

  async update(db: Executor, accountId: string, id: string, changes: Partial<OutsourcingRow>): Promise<void> {
    await db.updateTable('outsourcing').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  async delete(db: Executor, accountId: string, id: string): Promise<void> {
    await db.deleteFrom('outsourcing').where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  /**
   * The currencies of the supplier prices that could apply to an outsourcing of this supplier,
   * service and unit (its services with a price and the account's default supplier prices), for a
   * new outsourcing whose job's currency has none (docs/jobs.md#outsourcing). Which of them apply
   * is the price resolution's answer, asked per currency.
   */
  async supplierPriceCurrencies(db: Executor, accountId: string, p: { supplierId: string; serviceId: string; unitId: string }): Promise<string[]> {
    const rows = await db
      .selectFrom('prices')
      .select('currency')
      .distinct()
      .where('account_id', '=', accountId)
      .where('service_id', '=', p.serviceId)
      .where('unit_id', '=', p.unitId)
      .where((eb) =>
        eb.or([
          eb('family', '=', 'supplier_default'),
          eb.and([eb('family', '=', 'supplier_service'), eb('owner_supplier_id', '=', p.supplierId), eb('has_price', '=', 1)]),
        ]),
      )
      .execute();
    return rows.map((row) => row.currency).sort();
  },

  lines: outsourcingLines.lines,
  replaceLines: outsourcingLines.replaceLines,
};
