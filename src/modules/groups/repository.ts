import { forUpdate, ofAccount, type DialectName, type Executor } from '../../core/db/dialect.js';
import { preparedQuery } from '../../core/db/prepared.js';
import type { GroupsTable } from '../../core/db/schema.js';

/** SQL of groups and of the group columns of jobs. Every query takes the account id and filters by it. */
export type GroupRow = GroupsTable;

export interface GroupRowWithNames extends GroupRow {
  client_name: string | null;
  domain_name: string | null;
}

/** What the derived values of a group need of one of its jobs (never the full job). */
export interface MemberRow {
  id: string;
  status: number;
  progress: string;
  due_date: string | null;
  service_id: string;
  user_id: string;
  non_billable: number;
  estimation: string;
  created_at: string;
}

/** The due-date sort key of a group without a due date: after every date (as jobs). */
export const NO_DUE_DATE = '9999-12-31T23:59:59.999Z~';

const groupIdsOfJobs = preparedQuery((db, p: { accountId: string; jobIds: readonly string[] }) =>
  db
    .selectFrom('jobs')
    .select('group_id')
    .distinct()
    .where(ofAccount('jobs.account_id', p.accountId))
    .where('id', 'in', p.jobIds)
    .where('group_id', 'is not', null),
);
const groupReferencesOfJobs = preparedQuery((db, p: { accountId: string; jobIds: readonly string[] }) =>
  db
    .selectFrom('jobs')
    .innerJoin('groups', 'groups.id', 'jobs.group_id')
    .select(['jobs.id as jobId', 'groups.id as id', 'groups.name as name'])
    .where(ofAccount('jobs.account_id', p.accountId))
    .where('jobs.id', 'in', p.jobIds),
);

export const groupRepository = {
  insert(db: Executor, row: GroupRow): Promise<unknown> {
    return db.insertInto('groups').values(row).execute();
  },

  find(db: Executor, accountId: string, id: string): Promise<GroupRow | undefined> {
    return db.selectFrom('groups').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  },

  /**
   * The group row, locked until the transaction ends (PostgreSQL). `FOR NO KEY UPDATE`, not `FOR
   * UPDATE`: a job write that updates its job row twice (the change, then the stored estimation)
   * makes PostgreSQL check the job's foreign keys again, which takes `FOR KEY SHARE` on the job's
   * group; two such writes of one group's jobs would then both wait to upgrade it to `FOR UPDATE`
   * (a deadlock). `FOR NO KEY UPDATE` does not conflict with `FOR KEY SHARE` and still serialises
   * the refreshes. A delete (`deleting`) takes `FOR UPDATE`, which it needs anyway.
   */
  findForUpdate(db: Executor, dialect: DialectName, accountId: string, id: string, deleting = false): Promise<GroupRow | undefined> {
    const query = db.selectFrom('groups').selectAll().where('account_id', '=', accountId).where('id', '=', id);
    if (dialect !== 'postgres') return query.executeTakeFirst();
    return (deleting ? query.forUpdate() : query.forNoKeyUpdate()).executeTakeFirst();
  },

  async findManyWithNames(db: Executor, accountId: string, ids: readonly string[]): Promise<GroupRowWithNames[]> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('groups')
      .leftJoin('clients', 'clients.id', 'groups.client_id')
      .leftJoin('domains', 'domains.id', 'groups.domain_id')
      .selectAll('groups')
      .select(['clients.name as client_name', 'domains.name as domain_name'])
      .where('groups.account_id', '=', accountId)
      .where('groups.id', 'in', [...ids])
      .execute();
  },

  async update(db: Executor, accountId: string, id: string, changes: Partial<GroupRow>): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await db.updateTable('groups').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  async delete(db: Executor, accountId: string, id: string): Promise<void> {
    await db.deleteFrom('groups').where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  /** The job ids of some groups, in the order added. */
  async jobIds(db: Executor, accountId: string, groupIds: readonly string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>(groupIds.map((id) => [id, []]));
    if (groupIds.length === 0) return result;
    const rows = await db
      .selectFrom('jobs')
      .select(['id', 'group_id'])
      .where('account_id', '=', accountId)
      .where('group_id', 'in', [...groupIds])
      .orderBy('group_position')
      .orderBy('id')
      .execute();
    for (const row of rows) if (row.group_id) result.get(row.group_id)?.push(row.id);
    return result;
  },

  /** The jobs of a group, as far as its derived values need them, in the order added. */
  members(db: Executor, accountId: string, groupId: string): Promise<MemberRow[]> {
    return db
      .selectFrom('jobs')
      .select(['id', 'status', 'progress', 'due_date', 'service_id', 'user_id', 'non_billable', 'estimation', 'created_at'])
      .where('account_id', '=', accountId)
      .where('group_id', '=', groupId)
      .orderBy('group_position')
      .orderBy('id')
      .execute();
  },

  /** The groups some jobs are in (distinct). */
  async groupsOfJobs(db: Executor, accountId: string, jobIds: readonly string[]): Promise<string[]> {
    if (jobIds.length === 0) return [];
    const rows = await groupIdsOfJobs(db, { accountId, jobIds });
    return rows.map((row) => row.group_id!).sort();
  },

  /** `{ id, name }` of the groups of some jobs, by job id (one query for a page of jobs). */
  async referencesOfJobs(db: Executor, accountId: string, jobIds: readonly string[]): Promise<Array<{ jobId: string; id: string; name: string }>> {
    if (jobIds.length === 0) return [];
    return groupReferencesOfJobs(db, { accountId, jobIds });
  },

  /** The job rows of a group, locked (PostgreSQL) in id order (as `jobs.lockAll`: rows are locked in ORDER BY order), before the group's delete. */
  lockMembers(db: Executor, dialect: DialectName, accountId: string, groupId: string) {
    return forUpdate(
      db.selectFrom('jobs').select(['id', 'status', 'name']).where('account_id', '=', accountId).where('group_id', '=', groupId).orderBy('id'),
      dialect,
    ).execute();
  },

  async names(db: Executor, table: 'services' | 'users' | 'suppliers' | 'clients', accountId: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom(table as 'services')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  },

  /** The distinct clients of a group's jobs, one job left out (the one being added or changed): docs/groups.md#one-client-per-group. */
  async memberClients(db: Executor, accountId: string, groupId: string, exceptJobId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('jobs')
      .select('client_id')
      .distinct()
      .where('account_id', '=', accountId)
      .where('group_id', '=', groupId)
      .where('id', '!=', exceptJobId)
      .orderBy('client_id')
      .execute();
    return rows.map((row) => row.client_id);
  },

  /** Default currency of a new group: its client's, else the account's (as jobs, docs/jobs.md#creation). */
  async defaultCurrency(db: Executor, accountId: string, clientId: string | null): Promise<string> {
    if (clientId !== null) {
      const client = await db.selectFrom('clients').select('currency').where('account_id', '=', accountId).where('id', '=', clientId).executeTakeFirst();
      if (client?.currency) return client.currency;
    }
    const account = await db.selectFrom('accounts').select('currency').where('id', '=', accountId).executeTakeFirst();
    return account?.currency ?? 'EUR';
  },

  async targetMargin(db: Executor, accountId: string): Promise<string> {
    const row = await db.selectFrom('accounts').select('target_margin').where('id', '=', accountId).executeTakeFirst();
    return row?.target_margin === undefined ? '0.3' : String(row.target_margin);
  },
};
