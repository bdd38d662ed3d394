import type { Executor } from '../../core/db/dialect.js';

/** What the client portal reads of a job: no price, cost, outsourcing or note column is selected. */
export interface ClientJobRow {
  id: string;
  number: string | null;
  name: string;
  client_id: string;
  service_name: string;
  source_code: string | null;
  target_code: string | null;
  status: number;
  progress: string | number;
  due_date: string | null;
  delivery_date: string | null;
  external_reference: string;
  purchase_order: string;
  group_id: string | null;
  manager_id: string;
  created_at: string;
}

/** The most jobs one list answers: newest first. */
export const CLIENT_JOB_LIMIT = 500;

/**
 * The client's jobs (a read model of jobs, services and language pairs, src/core/db/table-owners.ts):
 * always scoped by account and client.
 */
export const clientJobRepository = {
  async list(db: Executor, accountId: string, clientId: string, statuses: readonly number[] | undefined, id?: string): Promise<ClientJobRow[]> {
    let query = db
      .selectFrom('jobs as j')
      .innerJoin('services as s', (join) => join.onRef('s.id', '=', 'j.service_id').onRef('s.account_id', '=', 'j.account_id'))
      .leftJoin('language_pairs as lp', (join) => join.onRef('lp.id', '=', 'j.language_pair_id').onRef('lp.account_id', '=', 'j.account_id'))
      .select([
        'j.id',
        'j.number',
        'j.name',
        'j.client_id',
        's.name as service_name',
        'lp.source_code',
        'lp.target_code',
        'j.status',
        'j.progress',
        'j.due_date',
        'j.delivery_date',
        'j.external_reference',
        'j.purchase_order',
        'j.group_id',
        'j.user_id',
        'j.project_manager_id',
        'j.created_at',
      ])
      .where('j.account_id', '=', accountId)
      .where('j.client_id', '=', clientId);
    if (id !== undefined) query = query.where('j.id', '=', id);
    if (statuses !== undefined) query = query.where('j.status', 'in', [...statuses]);
    const rows = await query.orderBy('j.created_at', 'desc').orderBy('j.id', 'desc').limit(CLIENT_JOB_LIMIT).execute();
    return rows.map(({ user_id, project_manager_id, ...row }) => ({
      ...row,
      number: row.number ?? null,
      group_id: row.group_id ?? null,
      // The job's manager: its project manager, else the user who owns it (docs/client-portal.md#messages).
      manager_id: project_manager_id ?? user_id,
    }));
  },

  /** What the account shows its clients of their jobs. */
  async visibility(db: Executor, accountId: string): Promise<{ dueDates: boolean; progress: boolean }> {
    const row = await db.selectFrom('accounts').select(['clients_see_due_dates', 'clients_see_progress']).where('id', '=', accountId).executeTakeFirst();
    return { dueDates: row?.clients_see_due_dates === 1, progress: row?.clients_see_progress === 1 };
  },

  /** A job of the account: its client, name and manager (the agency's side of a thread). */
  async ofAccount(db: Executor, accountId: string, id: string): Promise<{ client_id: string; name: string; manager_id: string } | undefined> {
    const row = await db
      .selectFrom('jobs')
      .select(['client_id', 'name', 'user_id', 'project_manager_id'])
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { client_id: row.client_id, name: row.name, manager_id: row.project_manager_id ?? row.user_id };
  },
};
