import { sql } from 'kysely';
import type { DialectName, Executor } from '../../core/db/dialect.js';
import { preparedQuery } from '../../core/db/prepared.js';
import type { JobMatchesTable, JobsTable } from '../../core/db/schema.js';
import { jobLines } from './line-store.js';

/** SQL of jobs and their match lines. Every query takes the account id and filters by it. */
export type JobRow = JobsTable;
export type JobMatchRow = JobMatchesTable;

/** A job row with the names of what it references (one query for a page of jobs). */
export interface JobRowWithNames extends JobRow {
  client_name: string;
  service_name: string;
  unit_name: string;
  domain_name: string | null;
  user_name: string;
  project_manager_name: string | null;
}

/**
 * The account filter of a look-up by a list of ids. Written as an expression so that SQLite's
 * planner (no statistics) looks the ids up by primary key instead of walking one of the
 * account-first listing indexes over every job of the account; the filter itself stays in SQL.
 */
const ofAccount = (column: string, accountId: string) => sql<boolean>`coalesce(${sql.ref(column)}, '') = ${accountId}`;

/** The due-date sort key of a job without a due date: after every date (years end at 9999). */
export const NO_DUE_DATE = '9999-12-31T23:59:59.999Z~';

const findJob = preparedQuery((db, p: { accountId: string; id: string }) => db.selectFrom('jobs').selectAll().where('account_id', '=', p.accountId).where('id', '=', p.id));
const findJobForUpdate = preparedQuery((db, p: { accountId: string; id: string }) =>
  db.selectFrom('jobs').selectAll().where('account_id', '=', p.accountId).where('id', '=', p.id).forUpdate(),
);

const findJobsWithNames = preparedQuery((db, p: { accountId: string; ids: readonly string[] }) =>
  db
    .selectFrom('jobs')
      .innerJoin('clients', 'clients.id', 'jobs.client_id')
      .innerJoin('services', 'services.id', 'jobs.service_id')
      .innerJoin('units', 'units.id', 'jobs.unit_id')
      .innerJoin('users as owner', 'owner.id', 'jobs.user_id')
      .leftJoin('domains', 'domains.id', 'jobs.domain_id')
      .leftJoin('users as pm', 'pm.id', 'jobs.project_manager_id')
      .selectAll('jobs')
      .select([
        'clients.name as client_name',
        'services.name as service_name',
        'units.name as unit_name',
        'domains.name as domain_name',
        'owner.name as user_name',
        'pm.name as project_manager_name',
      ])
      .where(ofAccount('jobs.account_id', p.accountId))
      .where('jobs.id', 'in', p.ids),
);

const accountPricing = preparedQuery((db, p: { accountId: string }) => db.selectFrom('accounts').select(['currency', 'target_margin']).where('id', '=', p.accountId));

export const jobRepository = {
  findForUpdate(db: Executor, dialect: DialectName, accountId: string, id: string): Promise<JobRow | undefined> {
    return (dialect === 'postgres' ? findJobForUpdate : findJob).first(db, { accountId, id });
  },

  find(db: Executor, accountId: string, id: string): Promise<JobRow | undefined> {
    return findJob.first(db, { accountId, id });
  },

  async findManyWithNames(db: Executor, accountId: string, ids: readonly string[]): Promise<JobRowWithNames[]> {
    if (ids.length === 0) return [];
    return findJobsWithNames(db, { accountId, ids });
  },

  async insert(db: Executor, row: JobRow): Promise<void> {
    await db.insertInto('jobs').values(row).execute();
  },

  async update(db: Executor, accountId: string, id: string, changes: Partial<JobRow>): Promise<void> {
    await db.updateTable('jobs').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  async delete(db: Executor, accountId: string, id: string): Promise<void> {
    await db.deleteFrom('jobs').where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  lines: jobLines.lines,
  replaceLines: jobLines.replaceLines,

  /** Ids of the jobs of a client (to recompute their estimation). */
  async idsOfClient(db: Executor, accountId: string, clientId: string): Promise<string[]> {
    const rows = await db.selectFrom('jobs').select('id').where('account_id', '=', accountId).where('client_id', '=', clientId).orderBy('id').execute();
    return rows.map((row) => row.id);
  },

  async account(db: Executor, accountId: string): Promise<{ currency: string; target_margin: string } | undefined> {
    const row = await accountPricing.first(db, { accountId });
    return row && { currency: row.currency, target_margin: String(row.target_margin) };
  },

  async client(db: Executor, accountId: string, clientId: string): Promise<{ id: string; name: string; currency: string; minimum_fee: string | null } | undefined> {
    const row = await db
      .selectFrom('clients')
      .select(['id', 'name', 'currency', 'minimum_fee'])
      .where('account_id', '=', accountId)
      .where('id', '=', clientId)
      .executeTakeFirst();
    return row && { ...row, minimum_fee: row.minimum_fee === null ? null : String(row.minimum_fee) };
  },

  /** The unit flagged isHours (DESIGN §7.7: at most one). */
  async hoursUnit(db: Executor, accountId: string): Promise<string | null> {
    const row = await db.selectFrom('units').select('id').where('account_id', '=', accountId).where('is_hours', '=', 1).orderBy('id').executeTakeFirst();
    return row?.id ?? null;
  },
};
