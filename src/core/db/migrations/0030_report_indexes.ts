import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * The margins report at 100 000 jobs (docs/reports.md#performance), on SQLite read from indexes
 * alone, never from the jobs' rows (a job's row holds its estimation JSON, ~1.5 KB: scanning
 * them all took seconds):
 *
 * - `jobs_report_margins (account_id, status, due_date, created_at, client_id, service_id,
 *   language_pair_id, user_id, currency, unit_id, quantity, id, json_extract(estimation, '$.total'))`:
 *   every column the margins and the workload group and filter by, and the estimation total, so
 *   that their scans of an account's jobs read the index alone;
 * - `outsourcing_report_costs (job_id, status, currency, account_id, supplier_id, fixed_price,
 *   unit_cost_price_id, unit_cost, json_extract(amounts, '$.total'))`: a job's outsourcing
 *   currencies, costs and "unpriced" test from the index.
 *
 * PostgreSQL gets the same columns without the JSON expressions (its planner reads the rows).
 * One more entry per job and outsourcing written; released: never edit.
 */
export function reportIndexes(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await sql`create index jobs_report_margins on jobs (account_id, status, due_date, created_at, client_id, service_id,
          language_pair_id, user_id, currency, unit_id, quantity, id, json_extract(estimation, '$.total'))`.execute(db);
        await sql`create index outsourcing_report_costs on outsourcing (job_id, status, currency, account_id, supplier_id, fixed_price,
          unit_cost_price_id, unit_cost, json_extract(amounts, '$.total'))`.execute(db);
        return;
      }
      await db.schema
        .createIndex('jobs_report_margins')
        .on('jobs')
        .columns([
          'account_id',
          'status',
          'due_date',
          'created_at',
          'client_id',
          'service_id',
          'language_pair_id',
          'user_id',
          'currency',
          'unit_id',
          'quantity',
          'id',
        ])
        .execute();
      await db.schema
        .createIndex('outsourcing_report_costs')
        .on('outsourcing')
        .columns(['job_id', 'status', 'currency', 'account_id', 'supplier_id'])
        .execute();
    },
  };
}
