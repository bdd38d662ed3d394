import { isTrue, type Executor } from '../../core/db/dialect.js';

/**
 * The client names the supplier portal may show (docs/supplier-portal.md#the-clients-name): none
 * unless the account's `suppliersSeeClientName` is on; then the name of each work's job's client, by
 * outsourcing id. A read model of the accounts, jobs and clients tables, scoped by account and by
 * the ids of work already scoped to the supplier.
 */
export async function clientNamesOf(db: Executor, accountId: string, outsourcingIds: readonly string[]): Promise<Map<string, string>> {
  if (outsourcingIds.length === 0) return new Map();
  const account = await db.selectFrom('accounts').select('suppliers_see_client_name').where('id', '=', accountId).executeTakeFirst();
  if (account === undefined || !isTrue(account.suppliers_see_client_name)) return new Map();
  const rows = await db
    .selectFrom('outsourcing')
    .innerJoin('jobs', (join) => join.onRef('jobs.id', '=', 'outsourcing.job_id').onRef('jobs.account_id', '=', 'outsourcing.account_id'))
    .innerJoin('clients', (join) => join.onRef('clients.id', '=', 'jobs.client_id').onRef('clients.account_id', '=', 'jobs.account_id'))
    .select(['outsourcing.id', 'clients.name'])
    .where('outsourcing.account_id', '=', accountId)
    .where('outsourcing.id', 'in', [...outsourcingIds])
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
