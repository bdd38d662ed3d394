import type { Database } from '../../core/db/database.js';

/** A realistic data set for trying the API (filled in as resources land). */
export async function createDemoData(database: Database, accountId: string): Promise<string> {
  const account = await database.db.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst();
  if (!account) throw new Error(`no account ${accountId}`);
  return 'nothing yet';
}
