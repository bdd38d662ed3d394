import type { DialectName, Executor } from '../../core/db/dialect.js';
import type { ClientsTable } from '../../core/db/schema.js';
import { preparedQuery } from '../../core/db/prepared.js';

const clientNames = preparedQuery((db, p: { accountId: string; ids: readonly string[] }) =>
  db.selectFrom('clients').select(['id', 'name']).where('account_id', '=', p.accountId).where('id', 'in', p.ids),
);

export type ClientRow = ClientsTable;

/** Clients, always scoped to one account. Listing queries are built in party.ts (shared with suppliers). */
export const clientRepository = {
  /**
   * The row, locked until the transaction ends (PostgreSQL), for read-modify-write updates. `FOR NO
   * KEY UPDATE`: a job write re-checks its job's foreign keys (`FOR KEY SHARE` on its client), which
   * `FOR UPDATE` would block while the client update waits for that job (its jobs' estimations): a
   * deadlock. The update neither changes the key nor deletes the row.
   */
  findForUpdate(db: Executor, dialect: DialectName, accountId: string, id: string): Promise<ClientRow | undefined> {
    const query = db.selectFrom('clients').selectAll().where('account_id', '=', accountId).where('id', '=', id);
    return (dialect === 'postgres' ? query.forNoKeyUpdate() : query).executeTakeFirst();
  },

  /** Whether the id is one of the account's clients. */
  async exists(db: Executor, accountId: string, id: string): Promise<boolean> {
    const row = await db.selectFrom('clients').select('id').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  },

  /** Marks the row as changed (a part of it, a note, label, contact or file, changed). */
  async touch(db: Executor, accountId: string, id: string, now: string): Promise<void> {
    await db.updateTable('clients').set({ updated_at: now }).where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  findMany(db: Executor, accountId: string, ids: readonly string[]): Promise<ClientRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('clients')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
  },

  /** `{ id, name }` of several clients (references from other records). */
  names(db: Executor, accountId: string, ids: readonly string[]): Promise<Array<{ id: string; name: string }>> {
    if (ids.length === 0) return Promise.resolve([]);
    return clientNames(db, { accountId, ids });
  },

  async insert(db: Executor, row: ClientRow): Promise<void> {
    await db.insertInto('clients').values(row).execute();
  },

  async update(db: Executor, accountId: string, id: string, changes: Partial<ClientRow>): Promise<void> {
    await db.updateTable('clients').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  async delete(db: Executor, accountId: string, id: string): Promise<void> {
    await db.deleteFrom('clients').where('account_id', '=', accountId).where('id', '=', id).execute();
  },
};
