import type { Kysely } from 'kysely';
import { ofAccount, type DialectName, type Executor } from '../../core/db/dialect.js';
import { preparedQuery, type PreparedParams } from '../../core/db/prepared.js';
import { columnsOf, qualifiedColumnsOf } from '../../core/db/columns.js';
import type { DB, JobMatchesTable, JobsTable } from '../../core/db/schema.js';
import { jobLines } from '../price-lines/index.js';

/** SQL of jobs and their match lines. Every query takes the account id and filters by it. */
export type JobRow = JobsTable;
export type JobMatchRow = JobMatchesTable;

/** A job row with the names of what it references (one query for a page of jobs). */
export interface JobRowWithNames extends JobRow {
  client_name: string;
  /** The client's currency and minimum fee: inputs of the estimation (docs/estimation.md#3-minimum-fee-and-non-billable). */
  client_currency: string;
  client_minimum_fee: string | number | null;
  service_name: string;
  unit_name: string;
  domain_name: string | null;
  user_name: string;
  project_manager_name: string | null;
}

/** The due-date sort key of a job without a due date: after every date (years end at 9999). */
export const NO_DUE_DATE = '9999-12-31T23:59:59.999Z~';

const findJob = preparedQuery((db, p: { accountId: string; id: string }) =>
  db.selectFrom('jobs').select(columnsOf('jobs')).where('account_id', '=', p.accountId).where('id', '=', p.id),
);
const findJobForUpdate = preparedQuery((db, p: { accountId: string; id: string }) =>
  db.selectFrom('jobs').select(columnsOf('jobs')).where('account_id', '=', p.accountId).where('id', '=', p.id).forUpdate(),
);

const jobsWithNames = (db: Kysely<DB>) =>
  db
    .selectFrom('jobs')
    .innerJoin('clients', 'clients.id', 'jobs.client_id')
    .innerJoin('services', 'services.id', 'jobs.service_id')
    .innerJoin('units', 'units.id', 'jobs.unit_id')
    .innerJoin('users as owner', 'owner.id', 'jobs.user_id')
    .leftJoin('domains', 'domains.id', 'jobs.domain_id')
    .leftJoin('users as pm', 'pm.id', 'jobs.project_manager_id')
    .select(qualifiedColumnsOf('jobs'))
    .select([
      'clients.name as client_name',
      'clients.currency as client_currency',
      'clients.minimum_fee as client_minimum_fee',
      'services.name as service_name',
      'units.name as unit_name',
      'domains.name as domain_name',
      'owner.name as user_name',
      'pm.name as project_manager_name',
    ]);
// A page of jobs (listings, the CSV export's steps): many rows of many columns, read as arrays.
const findJobsWithNames = preparedQuery(
  (db, p: { accountId: string; ids: readonly string[] }) => jobsWithNames(db).where(ofAccount('jobs.account_id', p.accountId)).where('jobs.id', 'in', p.ids),
  { rowsAsArrays: true },
);
/** What the jobs CSV export reads of a job (export.ts): its own columns and names, not its search keys or frozen price. */
export const EXPORT_COLUMNS = [
  'jobs.id',
  'jobs.number',
  'jobs.name',
  'jobs.status',
  'jobs.client_id',
  'jobs.language_pair_id',
  'jobs.currency',
  'jobs.quantity',
  'jobs.matches_type',
  'jobs.has_matches',
  'jobs.unit_cost',
  'jobs.discount',
  'jobs.extra_charge',
  'jobs.fixed_price',
  'jobs.apply_minimum_fee',
  'jobs.non_billable',
  'jobs.estimation',
  'jobs.external_reference',
  'jobs.purchase_order',
  'jobs.start_date',
  'jobs.due_date',
  'jobs.delivery_date',
  'jobs.progress',
  'jobs.archive',
  'jobs.pinned',
  'jobs.additional_info',
  'jobs.created_at',
  'jobs.updated_at',
  'jobs.group_id',
] as const;
export type JobExportRow = Pick<
  JobRow,
  | 'id'
  | 'name'
  | 'status'
  | 'client_id'
  | 'language_pair_id'
  | 'currency'
  | 'quantity'
  | 'matches_type'
  | 'has_matches'
  | 'unit_cost'
  | 'discount'
  | 'extra_charge'
  | 'fixed_price'
  | 'apply_minimum_fee'
  | 'non_billable'
  | 'estimation'
  | 'external_reference'
  | 'purchase_order'
  | 'start_date'
  | 'due_date'
  | 'delivery_date'
  | 'progress'
  | 'archive'
  | 'pinned'
  | 'additional_info'
  | 'created_at'
  | 'updated_at'
> & {
  number: string | null;
  group_id: string | null;
  group_name: string | null;
  client_name: string;
  service_name: string;
  unit_name: string;
  domain_name: string | null;
  user_name: string;
  project_manager_name: string | null;
};
// Many rows of a step of the export: read as arrays, and only the columns the file shows (the
// full row's search text and frozen price entries were a third of the export's reading).
const findJobsForExport = preparedQuery(
  (db, p: { accountId: string; ids: readonly string[] }) =>
    db
      .selectFrom('jobs')
      .innerJoin('clients', 'clients.id', 'jobs.client_id')
      .innerJoin('services', 'services.id', 'jobs.service_id')
      .innerJoin('units', 'units.id', 'jobs.unit_id')
      .innerJoin('users as owner', 'owner.id', 'jobs.user_id')
      .leftJoin('domains', 'domains.id', 'jobs.domain_id')
      .leftJoin('users as pm', 'pm.id', 'jobs.project_manager_id')
      .leftJoin('groups', 'groups.id', 'jobs.group_id')
      .select(EXPORT_COLUMNS)
      .select([
        'groups.name as group_name',
        'clients.name as client_name',
        'services.name as service_name',
        'units.name as unit_name',
        'domains.name as domain_name',
        'owner.name as user_name',
        'pm.name as project_manager_name',
      ])
      .where(ofAccount('jobs.account_id', p.accountId))
      .where('jobs.id', 'in', p.ids),
  { rowsAsArrays: true },
);
// PostgreSQL: the job's row locked, not the rows it references.
const findJobWithNamesForUpdate = preparedQuery((db, p: { accountId: string; id: string }) =>
  jobsWithNames(db).where('jobs.account_id', '=', p.accountId).where('jobs.id', '=', p.id).forUpdate('jobs'),
);

const clientPricing = preparedQuery((db, p: { accountId: string; clientId: string }) =>
  db.selectFrom('clients').select(['id', 'name', 'currency', 'minimum_fee']).where('account_id', '=', p.accountId).where('id', '=', p.clientId),
);

// A job row's columns are the parameter names of these two: prepared once per set of columns.
const WHERE_ACCOUNT = '$account';
const WHERE_ID = '$id';
/** The columns given a value (Kysely leaves undefined ones out; so must the shape). */
const defined = (row: Partial<JobRow>): PreparedParams => {
  const params: PreparedParams = {};
  for (const [column, value] of Object.entries(row)) if (value !== undefined) params[column] = value;
  return params;
};
const insertJob = preparedQuery((db, p: PreparedParams) => db.insertInto('jobs').values(p as never));
const updateJob = preparedQuery((db, p: PreparedParams) => {
  const { [WHERE_ACCOUNT]: accountId, [WHERE_ID]: id, ...changes } = p;
  return db
    .updateTable('jobs')
    .set(changes as never)
    .where('account_id', '=', accountId as string)
    .where('id', '=', id as string);
});

const accountPricing = preparedQuery((db, p: { accountId: string }) =>
  db.selectFrom('accounts').select(['currency', 'target_margin']).where('id', '=', p.accountId),
);

export const jobRepository = {
  findForUpdate(db: Executor, dialect: DialectName, accountId: string, id: string): Promise<JobRow | undefined> {
    return (dialect === 'postgres' ? findJobForUpdate : findJob).first(db, { accountId, id });
  },

  /** The row with its references' names, locked as findForUpdate. */
  async findWithNamesForUpdate(db: Executor, dialect: DialectName, accountId: string, id: string): Promise<JobRowWithNames | undefined> {
    if (dialect !== 'postgres') return findJobsWithNames.first(db, { accountId, ids: [id] });
    const row = await findJobWithNamesForUpdate.first(db, { accountId, id });
    if (row) return row;
    // After waiting for a concurrent write that changed a reference (owner, service, …), PostgreSQL
    // re-checks the join with the referenced rows it had read and drops the row: lock it alone, then
    // read it with its names (only then, and for a missing job, one or two statements more).
    if (!(await findJobForUpdate.first(db, { accountId, id }))) return undefined;
    return findJobsWithNames.first(db, { accountId, ids: [id] });
  },

  find(db: Executor, accountId: string, id: string): Promise<JobRow | undefined> {
    return findJob.first(db, { accountId, id });
  },

  async findManyWithNames(db: Executor, accountId: string, ids: readonly string[]): Promise<JobRowWithNames[]> {
    if (ids.length === 0) return [];
    return findJobsWithNames(db, { accountId, ids });
  },

  /** The rows of a step of the jobs CSV export (export.ts), in no order. */
  async findManyForExport(db: Executor, accountId: string, ids: readonly string[]): Promise<JobExportRow[]> {
    if (ids.length === 0) return [];
    return (await findJobsForExport(db, { accountId, ids })) as JobExportRow[];
  },

  async insert(db: Executor, row: JobRow): Promise<void> {
    await insertJob(db, defined(row));
  },

  async update(db: Executor, accountId: string, id: string, changes: Partial<JobRow>): Promise<void> {
    // Prepared per set of columns (their names are the shape): the row's own columns never include these two.
    await updateJob(db, { ...defined(changes), [WHERE_ACCOUNT]: accountId, [WHERE_ID]: id });
  },

  async delete(db: Executor, accountId: string, id: string): Promise<void> {
    await db.deleteFrom('jobs').where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  /** The position after the last job of a group (1 for an empty group). */
  async nextGroupPosition(db: Executor, accountId: string, groupId: string): Promise<number> {
    const row = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.max('group_position').as('max'))
      .where('account_id', '=', accountId)
      .where('group_id', '=', groupId)
      .executeTakeFirst();
    return Number(row?.max ?? 0) + 1;
  },

  async setGroup(db: Executor, accountId: string, jobId: string, groupId: string | null, position: number | null, now: string): Promise<void> {
    await db
      .updateTable('jobs')
      .set({ group_id: groupId, group_position: position, updated_at: now })
      .where('account_id', '=', accountId)
      .where('id', '=', jobId)
      .execute();
  },

  async releaseGroup(db: Executor, accountId: string, groupId: string, now: string): Promise<void> {
    await db
      .updateTable('jobs')
      .set({ group_id: null, group_position: null, updated_at: now })
      .where('account_id', '=', accountId)
      .where('group_id', '=', groupId)
      .execute();
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

  async client(
    db: Executor,
    accountId: string,
    clientId: string,
  ): Promise<{ id: string; name: string; currency: string; minimum_fee: string | null } | undefined> {
    const row = await clientPricing.first(db, { accountId, clientId });
    return row && { ...row, minimum_fee: row.minimum_fee === null ? null : String(row.minimum_fee) };
  },
};
