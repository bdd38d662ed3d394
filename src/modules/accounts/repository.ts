import type { Executor } from '../../core/db/dialect.js';
import type { AccountLogosTable, AccountsTable } from '../../core/db/schema.js';

export type AccountRow = AccountsTable;
export type LogoRow = AccountLogosTable;
export type LogoInfo = Omit<LogoRow, 'content' | 'account_id'>;

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
  /** What the account object tells of the logo, without its bytes. */
  logoInfo(db: Executor, accountId: string): Promise<LogoInfo | undefined> {
    return db
      .selectFrom('account_logos')
      .select(['content_type', 'size', 'width', 'height', 'updated_at'])
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  },
  logo(db: Executor, accountId: string): Promise<LogoRow | undefined> {
    return db.selectFrom('account_logos').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  },
  /** Inserts or replaces the logo (one per account). */
  async putLogo(db: Executor, row: LogoRow): Promise<void> {
    const { account_id: _, ...changes } = row;
    await db
      .insertInto('account_logos')
      .values(row)
      .onConflict((conflict) => conflict.column('account_id').doUpdateSet(changes))
      .execute();
  },
  /** Deletes the logo; answers whether there was one. */
  async deleteLogo(db: Executor, accountId: string): Promise<boolean> {
    const result = await db.deleteFrom('account_logos').where('account_id', '=', accountId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
  /** Any account at all (the first start creates one on an empty database). */
  async any(db: Executor): Promise<boolean> {
    return (await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst()) !== undefined;
  },
};
