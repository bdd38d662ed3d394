import { sql, type Kysely, type Migration } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * Time tracker entries of jobs (docs/trackers.md, specification "Time tracker collection").
 * Released: never edit.
 *
 * - An entry goes with its job (cascade); its user is referenced without cascade.
 * - `to_at` is null while the entry runs; once stopped it is `from_at` + `duration_ms`.
 * - `duration_ms` is a whole number of milliseconds (0 while running).
 * - A partial unique index allows at most one running entry per job and user (docs/trackers.md#endpoints,
 *   docs/trackers.md#concurrency), whatever the number of processes writing: a second one breaks it and is answered 409.
 * - A job's entries are read in `from` order: (job_id, from_at, id).
 */
export function trackers(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tracker_entries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('from_at', 'text', (c) => c.notNull())
        .addColumn('to_at', 'text')
        .addColumn('duration_ms', t.bigint, (c) => c.notNull())
        .addColumn('billable', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('running', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tracker_entries_job').on('tracker_entries').columns(['job_id', 'from_at', 'id']).execute();
      await db.schema.createIndex('tracker_entries_user').on('tracker_entries').column('user_id').execute();
      await db.schema
        .createIndex('tracker_entries_one_running')
        .on('tracker_entries')
        .columns(['job_id', 'user_id'])
        .unique()
        .where(sql.ref('running'), '=', sql.lit(1))
        .execute();
    },
  };
}
