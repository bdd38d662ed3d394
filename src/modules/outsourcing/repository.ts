import type { Executor } from '../../core/db/dialect.js';
import type { OutsourcingTable } from '../../core/db/schema.js';
import type { Line, NamedLine } from '../jobs/lines.js';

/** SQL of the outsourcing of jobs and its match lines. Every query takes the account id. */
export type OutsourcingRow = OutsourcingTable;

export interface OutsourcingRowWithNames extends OutsourcingRow {
  supplier_name: string;
  service_name: string;
  unit_name: string;
}

export const outsourcingRepository = {
  /** The outsourcing of several jobs, with names, in creation order within each job. */
  rowsOfJobs(db: Executor, accountId: string, jobIds: readonly string[]): Promise<OutsourcingRowWithNames[]> {
    if (jobIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('outsourcing')
      .innerJoin('suppliers', 'suppliers.id', 'outsourcing.supplier_id')
      .innerJoin('services', 'services.id', 'outsourcing.service_id')
      .innerJoin('units', 'units.id', 'outsourcing.unit_id')
      .selectAll('outsourcing')
      .select(['suppliers.name as supplier_name', 'services.name as service_name', 'units.name as unit_name'])
      .where('outsourcing.account_id', '=', accountId)
      .where('outsourcing.job_id', 'in', [...jobIds])
      .orderBy('outsourcing.job_id')
      .orderBy('outsourcing.created_at')
      .orderBy('outsourcing.id')
      .execute();
  },

  /** One outsourcing of one job (another job's is missing). */
  find(db: Executor, accountId: string, jobId: string, id: string): Promise<OutsourcingRow | undefined> {
    return db
      .selectFrom('outsourcing')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('job_id', '=', jobId)
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

  async lines(db: Executor, accountId: string, ids: readonly string[]): Promise<Map<string, NamedLine[]>> {
    const result = new Map<string, NamedLine[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return result;
    const rows = await db
      .selectFrom('outsourcing_matches')
      .innerJoin('match_categories', 'match_categories.id', 'outsourcing_matches.match_category_id')
      .selectAll('outsourcing_matches')
      .select('match_categories.name as name')
      .where('outsourcing_matches.account_id', '=', accountId)
      .where('outsourcing_matches.outsourcing_id', 'in', [...ids])
      .orderBy('outsourcing_matches.outsourcing_id')
      .orderBy('outsourcing_matches.position')
      .execute();
    for (const row of rows) {
      const entry = row.unit_cost === null || row.percentage === null ? null : { unitCost: String(row.unit_cost), percentage: String(row.percentage) };
      result.get(row.outsourcing_id)?.push({ id: row.match_category_id, name: row.name, value: String(row.value), entry });
    }
    return result;
  },

  async replaceLines(db: Executor, accountId: string, id: string, lines: readonly Line[]): Promise<void> {
    await db.deleteFrom('outsourcing_matches').where('account_id', '=', accountId).where('outsourcing_id', '=', id).execute();
    if (lines.length === 0) return;
    await db
      .insertInto('outsourcing_matches')
      .values(
        lines.map((line, position) => ({
          outsourcing_id: id,
          match_category_id: line.id,
          account_id: accountId,
          position,
          value: line.value,
          unit_cost: line.entry?.unitCost ?? null,
          percentage: line.entry?.percentage ?? null,
        })),
      )
      .execute();
  },
};
