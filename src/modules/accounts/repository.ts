import type { Executor } from '../../core/db/dialect.js';
import type { AccountsTable } from '../../core/db/schema.js';

export type AccountRow = AccountsTable;

export const accountRepository = {
  find(db: Executor, accountId: string) {
    return db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
  },
  insert(db: Executor, row: AccountRow) {
    return db.insertInto('accounts').values(row).execute();
  },
  update(db: Executor, accountId: string, changes: Partial<AccountRow>) {
    return db.updateTable('accounts').set(changes).where('id', '=', accountId).execute();
  },
  /** Any account at all (the first start creates one on an empty database). */
  async any(db: Executor): Promise<boolean> {
    return (await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst()) !== undefined;
  },
};
