import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { changed, createVersionTables, createVersionTriggers, type Versioned } from './version-triggers.js';

/**
 * Versions of job objects, kept by triggers (docs/performance.md#the-view-cache-jobs-and-groups), so that a process may keep a job's
 * serialised object and know, with one small read, whether it is still exact:
 *
 * - `job_versions.version` is bumped by every write to the job's row or to one of its own parts
 *   (match lines, outsourcing and their lines, file shares, tracker entries, notes, labels, files);
 * - `view_epochs.epoch` is bumped for the whole account when something shown inside many jobs
 *   changes: a name (clients, suppliers, users, services, units, domains, match categories, labels,
 *   groups), a language pair, a group's files, the account's target margin.
 *
 * The triggers are in the database, not in the services, so that no write path can forget them,
 * whichever module or process makes it. On PostgreSQL they are deferred constraint triggers: the
 * version and epoch rows are locked only at commit, after every other lock of the transaction,
 * so they can never take part in a deadlock; the bump commits atomically with the change.
 */

const ofOutsourcing = (row: string) => `job_id = (select o.job_id from outsourcing o where o.id = ${row}.outsourcing_id)`;

/** The job's row and its own parts: each write bumps the job's version. */
export const JOB_VERSIONS: Versioned = {
  versions: 'job_versions',
  key: 'job_id',
  owners: 'jobs',
  parts: [
    { table: 'jobs', ownerOf: (row) => `job_id = ${row}.id`, operations: ['update'], updateRows: ['new'] },
    { table: 'job_matches', ownerOf: (row) => `job_id = ${row}.job_id` },
    { table: 'outsourcing', ownerOf: (row) => `job_id = ${row}.job_id` },
    { table: 'outsourcing_matches', ownerOf: ofOutsourcing },
    // A share of a job's own file; those of a group's file show in every job of the group (epoch, below).
    { table: 'file_outsourcing_shares', ownerOf: (row) => `job_id = (select f.owner_id from files f where f.id = ${row}.file_id and f.owner_type = 'job')` },
    { table: 'tracker_entries', ownerOf: (row) => `job_id = ${row}.job_id` },
    { table: 'notes', ownerOf: (row) => `${row}.parent_type = 'job' and job_id = ${row}.parent_id` },
    { table: 'entity_labels', ownerOf: (row) => `${row}.entity_type = 'job' and job_id = ${row}.entity_id` },
    { table: 'files', ownerOf: (row) => `${row}.owner_type = 'job' and job_id = ${row}.owner_id` },
  ],
};

/** A table shown inside many jobs: which changes of a row bump its account's epoch. */
interface SharedSource {
  table: string;
  /** The account of a row `r`. */
  account: (row: 'new' | 'old') => string;
  /** Updates count only when this condition holds (e.g. the name changed); absent: every update. */
  updateWhen?: { sqlite: string; postgres: string };
  /** Also inserts and deletes (only rows matching `rowWhen`). */
  insertDelete?: boolean;
  deletes?: boolean;
  rowWhen?: (row: 'new' | 'old') => string;
}

const accountColumn = (row: 'new' | 'old') => `${row}.account_id`;

export const SHARED_SOURCES: readonly SharedSource[] = [
  // Touched (updated_at) by their notes and files: only a new name matters to jobs.
  { table: 'clients', account: accountColumn, updateWhen: changed('name'), deletes: true },
  { table: 'suppliers', account: accountColumn, updateWhen: changed('name'), deletes: true },
  { table: 'users', account: accountColumn, updateWhen: changed('name'), deletes: true },
  // Master data: edited by hand, rarely; any edit counts.
  ...['services', 'units', 'domains', 'match_categories', 'labels', 'language_pairs'].map((table) => ({ table, account: accountColumn, deletes: true })),
  // Refreshed (derived values) by every write of one of their jobs: only the name matters.
  { table: 'groups', account: accountColumn, updateWhen: changed('name') },
  { table: 'files', account: accountColumn, insertDelete: true, rowWhen: (row) => `${row}.owner_type = 'group'` },
  {
    table: 'file_outsourcing_shares',
    account: (row) => `(select f.account_id from files f where f.id = ${row}.file_id)`,
    insertDelete: true,
    rowWhen: (row) => `exists (select 1 from files f where f.id = ${row}.file_id and f.owner_type = 'group')`,
  },
  { table: 'accounts', account: (row) => `${row}.id`, updateWhen: changed('target_margin') },
];

const bumpEpoch = (dialect: DialectName, account: string) =>
  `insert into view_epochs (account_id, epoch) values (${account}, 1)
   on conflict (account_id) do update set epoch = ${dialect === 'postgres' ? 'view_epochs.' : ''}epoch + 1;`;

async function sqliteEpochTriggers(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  for (const source of SHARED_SOURCES) {
    const triggers: Array<[string, 'new' | 'old', string | undefined]> = [];
    triggers.push(['update', 'new', source.updateWhen?.sqlite ?? (source.rowWhen ? `${source.rowWhen('new')} or ${source.rowWhen('old')}` : undefined)]);
    if (source.deletes || source.insertDelete) triggers.push(['delete', 'old', source.rowWhen?.('old')]);
    if (source.insertDelete) triggers.push(['insert', 'new', source.rowWhen?.('new')]);
    for (const [operation, row, when] of triggers) {
      await run(
        `create trigger view_epochs_${source.table}_${operation} after ${operation} on ${source.table}
         ${when ? `when ${when}` : ''} begin ${bumpEpoch('sqlite', source.account(row))} end`,
      );
    }
  }
}

async function postgresEpochTriggers(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  for (const source of SHARED_SOURCES) {
    const name = `view_epochs_${source.table}`;
    // Row conditions go in the body: a trigger's WHEN cannot hold a subquery on PostgreSQL.
    const onNew = source.rowWhen
      ? `if ${source.rowWhen('new')} then ${bumpEpoch('postgres', source.account('new'))} end if;`
      : bumpEpoch('postgres', source.account('new'));
    const onOld = source.rowWhen
      ? `if ${source.rowWhen('old')} then ${bumpEpoch('postgres', source.account('old'))} end if;`
      : bumpEpoch('postgres', source.account('old'));
    await run(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then ${onOld}
        elsif tg_op = 'INSERT' then ${onNew}
        else ${source.rowWhen ? `${onNew} ${onOld}` : onNew} end if;
        return null;
      end $$`);
    await run(`create constraint trigger ${name} after update on ${source.table} deferrable initially deferred
               for each row ${source.updateWhen ? `when (${source.updateWhen.postgres})` : ''} execute function ${name}()`);
    // Further triggers on the same function: constraint trigger names are per table.
    if (source.deletes || source.insertDelete) {
      await run(
        `create constraint trigger ${name}_delete after delete on ${source.table} deferrable initially deferred for each row execute function ${name}()`,
      );
    }
    if (source.insertDelete) {
      await run(
        `create constraint trigger ${name}_insert after insert on ${source.table} deferrable initially deferred for each row execute function ${name}()`,
      );
    }
  }
}

export function jobVersions(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createVersionTables(db, dialect, JOB_VERSIONS, 'jobs.id');
      await db.schema
        .createTable('view_epochs')
        .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
        .addColumn('epoch', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
        .modifyEnd(dialect === 'sqlite' ? sql`without rowid` : sql``)
        .execute();
      await createVersionTriggers(db, dialect, JOB_VERSIONS);
      await (dialect === 'postgres' ? postgresEpochTriggers(db) : sqliteEpochTriggers(db));
    },
  };
}
