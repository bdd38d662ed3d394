import type { Executor } from '../../core/db/dialect.js';
import type { ApiKeysTable } from '../../core/db/schema.js';

export type ApiKeyRow = ApiKeysTable;

/** API keys' rows. Every query but `findAnywhere` (the command line's revoke) is limited to one account. */
export const apiKeyRepository = {
  insert(db: Executor, row: ApiKeyRow) {
    return db.insertInto('api_keys').values(row).execute();
  },
  /** Keys of the account in creation order; live ones only unless `revoked` is true; of one user when `userId` is given. */
  list(db: Executor, accountId: string, filter: { userId?: string; revoked?: boolean } = {}) {
    let query = db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId);
    if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
    if (filter.revoked !== true) query = query.where('revoked_at', 'is', null);
    return query.orderBy('created_at').orderBy('id').execute();
  },
  find(db: Executor, accountId: string, id: string) {
    return db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  },
  findAnywhere(db: Executor, id: string) {
    return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  },
  /** Revokes a live key; answers whether it was live. */
  async revoke(db: Executor, accountId: string, id: string, at: string): Promise<boolean> {
    const result = await db
      .updateTable('api_keys')
      .set({ revoked_at: at })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
};
