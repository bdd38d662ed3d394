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
  /** The user who signs in with this e-mail, in any account (e-mails are unique across the installation). */
  findByEmailKey(db: Executor, emailKey: string) {
    return db.selectFrom('users').selectAll().where('email_key', '=', emailKey).executeTakeFirst();
  },
  /** Active owners of the account other than `exceptId`. */
  async otherActiveOwners(db: Executor, accountId: string, exceptId: string): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('account_id', '=', accountId)
      .where('role', '=', 'owner')
      .where('status', '=', 'active')
      .where('id', '<>', exceptId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
  insert(db: Executor, row: UserRow) {
    return db.insertInto('users').values(row).execute();
  },
  update(db: Executor, accountId: string, id: string, changes: Partial<UserRow>) {
    return db.updateTable('users').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  },
  /** A sign-in (auth's sessions): the user's last login. */
  async recordLogin(db: Executor, userId: string, at: string): Promise<void> {
    await db.updateTable('users').set({ last_login_at: at }).where('id', '=', userId).execute();
  },
};
