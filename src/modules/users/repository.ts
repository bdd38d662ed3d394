import type { Executor } from '../../core/db/dialect.js';
import type { UsersTable } from '../../core/db/schema.js';

export type UserRow = UsersTable;

export const userRepository = {
  list(db: Executor, accountId: string) {
    return db.selectFrom('users').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
  },
  find(db: Executor, accountId: string, id: string) {
    return db.selectFrom('users').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  },
  findMany(db: Executor, accountId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([] as UserRow[]);
    return db
      .selectFrom('users')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
  },
  insert(db: Executor, row: UserRow) {
    return db.insertInto('users').values(row).execute();
  },
  update(db: Executor, accountId: string, id: string, changes: Partial<UserRow>) {
    return db.updateTable('users').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  },
};
