import type { Executor } from '../../core/db/dialect.js';
import type { TrackerEntriesTable } from '../../core/db/schema.js';
import { preparedQuery } from '../../core/db/prepared.js';
import { qualifiedColumnsOf } from '../../core/db/columns.js';

/** SQL of time tracker entries; every query is restricted to one account (and one job where named). */
export type EntryRow = TrackerEntriesTable;
export interface EntryWithUser extends EntryRow {
  user_name: string;
}
export type EntryChanges = Partial<Pick<EntryRow, 'from_at' | 'to_at' | 'duration_ms' | 'billable' | 'running' | 'updated_at'>>;

const entriesOfJobs = preparedQuery((db, p: { accountId: string; jobIds: readonly string[] }) =>
  db
    .selectFrom('tracker_entries')
    .innerJoin('users', 'users.id', 'tracker_entries.user_id')
    .select(qualifiedColumnsOf('tracker_entries'))
    .select('users.name as user_name')
    .where('tracker_entries.account_id', '=', p.accountId)
    .where('tracker_entries.job_id', 'in', p.jobIds)
    .orderBy('tracker_entries.job_id')
    .orderBy('tracker_entries.from_at')
    .orderBy('tracker_entries.id'),
);

const durations = preparedQuery((db, p: { accountId: string; jobIds: readonly string[] }) =>
  db
    .selectFrom('tracker_entries')
    .select(['job_id', 'duration_ms', 'billable', 'running'])
    .where('account_id', '=', p.accountId)
    .where('job_id', 'in', p.jobIds),
);

export const trackerRepository = {
  /** The entries of some jobs with their users' names, in `from` order (one query). */
  listFor(db: Executor, accountId: string, jobIds: readonly string[]): Promise<EntryWithUser[]> {
    if (jobIds.length === 0) return Promise.resolve([]);
    return entriesOfJobs(db, { accountId, jobIds });
  },

  /** The duration inputs of some jobs' entries (one query). */
  durationsFor(db: Executor, accountId: string, jobIds: readonly string[]) {
    if (jobIds.length === 0) return Promise.resolve([]);
    return durations(db, { accountId, jobIds });
  },

  find(db: Executor, accountId: string, jobId: string, id: string): Promise<EntryRow | undefined> {
    return db.selectFrom('tracker_entries').selectAll().where('account_id', '=', accountId).where('job_id', '=', jobId).where('id', '=', id).executeTakeFirst();
  },

  running(db: Executor, accountId: string, jobId: string): Promise<EntryRow[]> {
    return db
      .selectFrom('tracker_entries')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('job_id', '=', jobId)
      .where('running', '=', 1)
      .orderBy('from_at')
      .orderBy('id')
      .execute();
  },

  async insert(db: Executor, row: EntryRow): Promise<void> {
    await db.insertInto('tracker_entries').values(row).execute();
  },

  async update(db: Executor, accountId: string, jobId: string, id: string, changes: EntryChanges): Promise<void> {
    await db.updateTable('tracker_entries').set(changes).where('account_id', '=', accountId).where('job_id', '=', jobId).where('id', '=', id).execute();
  },

  /** Answers whether the entry existed. */
  async delete(db: Executor, accountId: string, jobId: string, id: string): Promise<boolean> {
    const result = await db
      .deleteFrom('tracker_entries')
      .where('account_id', '=', accountId)
      .where('job_id', '=', jobId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  async deleteAllOf(db: Executor, accountId: string, jobId: string): Promise<void> {
    await db.deleteFrom('tracker_entries').where('account_id', '=', accountId).where('job_id', '=', jobId).execute();
  },
};
