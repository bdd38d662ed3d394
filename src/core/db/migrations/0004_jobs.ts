import type { Kysely, Migration } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * Jobs, their match lines, and their outsourcing with its match lines (docs/jobs.md, docs/estimation.md).
 * Released: never edit.
 *
 * - References to clients, master data, language pairs, users and suppliers have no cascade:
 *   deleting one that a job or an outsourcing still uses is refused (409 `resource_in_use`).
 * - A job's own parts (match lines, outsourcing and the outsourcing's match lines) go with it.
 * - `estimation` (jobs) and `amounts` (outsourcing) hold the stored result of the estimation
 *   engine (JSON of decimal strings), written whenever an input changes, so reads do no pricing.
 * - Listing (docs/reference.md#filters): one index per sort and per filter, account first, ending with the
 *   tie-break id; `due_sort` is the due date or a sentinel after every date, so that both
 *   databases order jobs without a due date the same way. Foreign keys are also indexed alone,
 *   so that deleting a referenced row does not scan the jobs.
 */
export function jobs(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('additional_info', 'text')
        .addColumn('archive', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('pinned', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
        .addColumn('service_id', 'text', (c) => c.notNull().references('services.id'))
        .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id'))
        .addColumn('language_pair_id', 'text', (c) => c.references('language_pairs.id'))
        .addColumn('domain_id', 'text', (c) => c.references('domains.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('project_manager_id', 'text', (c) => c.references('users.id'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('progress', t.decimal, (c) => c.notNull())
        .addColumn('due_date', 'text')
        .addColumn('due_sort', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text')
        .addColumn('delivery_date', 'text')
        .addColumn('external_reference', 'text', (c) => c.notNull())
        .addColumn('purchase_order', 'text', (c) => c.notNull())
        .addColumn('non_billable', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('time_based_invoice', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('apply_minimum_fee', t.bool, (c) => c.notNull().defaultTo(1))
        .addColumn('discount', t.decimal, (c) => c.notNull())
        .addColumn('extra_charge', t.decimal, (c) => c.notNull())
        .addColumn('fixed_price', t.decimal)
        .addColumn('quantity', t.decimal, (c) => c.notNull())
        .addColumn('unit_cost', t.decimal, (c) => c.notNull())
        // The price the pricing was copied from (no foreign key: the price may change or go later).
        .addColumn('unit_cost_price_id', 'text')
        .addColumn('unit_cost_price_type', 'text')
        .addColumn('time_based_unit_cost', t.decimal, (c) => c.notNull())
        .addColumn('time_based_price_id', 'text')
        .addColumn('time_based_price_type', 'text')
        .addColumn('matches_type', 'text', (c) => c.notNull())
        .addColumn('has_matches', t.bool, (c) => c.notNull().defaultTo(0))
        // The frozen match entries of the price the job took (JSON), for rates of later match lines.
        .addColumn('price_matches', 'text', (c) => c.notNull())
        .addColumn('estimation', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      // Sorts (docs/reference.md#paginated-listings): createdAt, updatedAt (also updatedSince), name, dueDate (also dueBefore/After), status.
      const sorted: Array<[string, string[]]> = [
        ['jobs_by_created_at', ['created_at']],
        ['jobs_by_updated_at', ['updated_at']],
        ['jobs_by_name', ['name_key']],
        ['jobs_by_due', ['due_sort']],
        ['jobs_by_status', ['status', 'created_at']],
        // Filters (docs/reference.md#filters), each ordered by the default sort.
        ['jobs_by_client', ['client_id', 'created_at']],
        ['jobs_by_service', ['service_id', 'created_at']],
        ['jobs_by_language_pair', ['language_pair_id', 'created_at']],
        ['jobs_by_user', ['user_id', 'created_at']],
        ['jobs_by_archive', ['archive', 'created_at']],
        ['jobs_by_pinned', ['pinned', 'created_at']],
        ['jobs_by_non_billable', ['non_billable', 'created_at']],
      ];
      for (const [name, columns] of sorted) {
        await db.schema
          .createIndex(name)
          .on('jobs')
          .columns(['account_id', ...columns, 'id'])
          .execute();
      }
      for (const column of ['client_id', 'service_id', 'unit_id', 'language_pair_id', 'domain_id', 'user_id', 'project_manager_id']) {
        await db.schema.createIndex(`jobs_fk_${column}`).on('jobs').column(column).execute();
      }

      await db.schema
        .createTable('job_matches')
        .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
        .addColumn('match_category_id', 'text', (c) => c.notNull().references('match_categories.id'))
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('value', t.decimal, (c) => c.notNull())
        // The entry's rate as in a price (both null: a category the price does not define, full rate).
        .addColumn('unit_cost', t.decimal)
        .addColumn('percentage', t.decimal)
        .addPrimaryKeyConstraint('job_matches_pk', ['job_id', 'match_category_id'])
        .execute();
      await db.schema.createIndex('job_matches_category').on('job_matches').column('match_category_id').execute();

      await db.schema
        .createTable('outsourcing')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
        .addColumn('supplier_id', 'text', (c) => c.notNull().references('suppliers.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('service_id', 'text', (c) => c.notNull().references('services.id'))
        .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id'))
        .addColumn('language_pair_id', 'text', (c) => c.references('language_pairs.id'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('quantity', t.decimal, (c) => c.notNull())
        .addColumn('unit_cost', t.decimal, (c) => c.notNull())
        .addColumn('unit_cost_price_id', 'text')
        .addColumn('unit_cost_price_type', 'text')
        .addColumn('matches_type', 'text', (c) => c.notNull())
        .addColumn('has_matches', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('price_matches', 'text', (c) => c.notNull())
        .addColumn('discount', t.decimal, (c) => c.notNull())
        .addColumn('extra_charge', t.decimal, (c) => c.notNull())
        .addColumn('fixed_price', t.decimal)
        .addColumn('due_date', 'text')
        .addColumn('start_date', 'text')
        .addColumn('delivery_date', 'text')
        .addColumn('amounts', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('outsourcing_job').on('outsourcing').columns(['job_id', 'created_at', 'id']).execute();
      for (const column of ['supplier_id', 'service_id', 'unit_id', 'language_pair_id']) {
        await db.schema.createIndex(`outsourcing_fk_${column}`).on('outsourcing').column(column).execute();
      }

      await db.schema
        .createTable('outsourcing_matches')
        .addColumn('outsourcing_id', 'text', (c) => c.notNull().references('outsourcing.id').onDelete('cascade'))
        .addColumn('match_category_id', 'text', (c) => c.notNull().references('match_categories.id'))
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('value', t.decimal, (c) => c.notNull())
        .addColumn('unit_cost', t.decimal)
        .addColumn('percentage', t.decimal)
        .addPrimaryKeyConstraint('outsourcing_matches_pk', ['outsourcing_id', 'match_category_id'])
        .execute();
      await db.schema.createIndex('outsourcing_matches_category').on('outsourcing_matches').column('match_category_id').execute();
    },
  };
}
