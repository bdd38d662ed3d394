import type { Executor } from '../../core/db/dialect.js';
import type { OutsourcingTable } from '../../core/db/schema.js';
import { outsourcingLines } from '../price-lines/index.js';

/**
 * SQL of the writes of the outsourcing of jobs and its match lines (what the jobs read of it is
 * outsourcing-view's). Every query takes the account id.
 */
export type OutsourcingRow = OutsourcingTable;

export const outsourcingRepository = {
  /** One outsourcing of one job (another job's is missing). */
  find(db: Executor, accountId: string, jobId: string, id: string): Promise<OutsourcingRow | undefined> {
    return db.selectFrom('outsourcing').selectAll().where('account_id', '=', accountId).where('job_id', '=', jobId).where('id', '=', id).executeTakeFirst();
  },

  /** An outsourcing of the supplier that is on the portal: what a portal person may act on. */
  findOnPortal(db: Executor, accountId: string, supplierId: string, id: string): Promise<OutsourcingRow | undefined> {
    return db
      .selectFrom('outsourcing')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('supplier_id', '=', supplierId)
      .where('id', '=', id)
      .where('portal_enabled', '=', 1)
      .executeTakeFirst();
  },

  /** An outsourcing of the supplier, on the portal or not. */
  findOfSupplier(db: Executor, accountId: string, supplierId: string, id: string): Promise<OutsourcingRow | undefined> {
    return db
      .selectFrom('outsourcing')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('supplier_id', '=', supplierId)
      .where('id', '=', id)
      .executeTakeFirst();
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
