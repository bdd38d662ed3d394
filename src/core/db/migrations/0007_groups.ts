import type { Kysely, Migration } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * Groups of jobs (docs/groups.md, specification "Group"). Released: never edit.
 *
 * - The group's own fields, and the values derived from its jobs (docs/groups.md#derived-values: status, progress, the
 *   latest job due date, services, users, suppliers, the estimation of docs/estimation.md#7-group-estimation) stored on the row
 *   and recomputed whenever a job of the group changes, so that reads never load the jobs.
 * - `own_due_date` is the due date set on the group; `due_date` the one answered (the latest job
 *   due date when `due_date_auto` and a job has one, else the own one); `due_sort` sorts it with
 *   groups without a due date after every date (as jobs).
 * - Jobs get `group_id` (at most one group per job) and `group_position` (order added). The
 *   column is added with ALTER TABLE; both dialects accept its foreign key to `groups` there
 *   (SQLite because the column's default is NULL). Index (account_id, group_id, group_position).
 */
export function groups(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('groups')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('archived', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('pinned', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('client_id', 'text', (c) => c.references('clients.id'))
        .addColumn('domain_id', 'text', (c) => c.references('domains.id'))
        .addColumn('color', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('budget', t.decimal)
        .addColumn('own_due_date', 'text')
        .addColumn('due_date_auto', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('due_date', 'text')
        .addColumn('due_sort', 'text', (c) => c.notNull())
        .addColumn('external_reference', 'text', (c) => c.notNull())
        .addColumn('purchase_order', 'text', (c) => c.notNull())
        .addColumn('group_on_invoice', t.bool, (c) => c.notNull().defaultTo(0))
        // Derived from the jobs (docs/groups.md#derived-values, docs/estimation.md#7-group-estimation).
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('progress', t.decimal, (c) => c.notNull())
        .addColumn('service_ids', 'text', (c) => c.notNull())
        .addColumn('user_ids', 'text', (c) => c.notNull())
        .addColumn('supplier_ids', 'text', (c) => c.notNull())
        .addColumn('estimation', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      const sorted: Array<[string, string[]]> = [
        ['groups_by_created_at', ['created_at']],
        ['groups_by_updated_at', ['updated_at']],
        ['groups_by_name', ['name_key']],
        ['groups_by_due', ['due_sort']],
        ['groups_by_status', ['status', 'created_at']],
        ['groups_by_client', ['client_id', 'created_at']],
        ['groups_by_archived', ['archived', 'created_at']],
        ['groups_by_pinned', ['pinned', 'created_at']],
      ];
      for (const [name, columns] of sorted) {
        await db.schema
          .createIndex(name)
          .on('groups')
          .columns(['account_id', ...columns, 'id'])
          .execute();
      }
      await db.schema.createIndex('groups_fk_domain_id').on('groups').column('domain_id').execute();
      await db.schema.createIndex('groups_fk_client_id').on('groups').column('client_id').execute();

      await db.schema
        .alterTable('jobs')
        .addColumn('group_id', 'text', (c) => c.references('groups.id'))
        .execute();
      await db.schema.alterTable('jobs').addColumn('group_position', 'integer').execute();
      await db.schema.createIndex('jobs_by_group').on('jobs').columns(['account_id', 'group_id', 'group_position']).execute();
      await db.schema.createIndex('jobs_fk_group_id').on('jobs').column('group_id').execute();
    },
  };
}
