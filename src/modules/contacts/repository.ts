import { forUpdate, type DialectName, type Executor } from '../../core/db/dialect.js';
import type { ContactsTable } from '../../core/db/schema.js';
import type { ContactKind } from './kinds.js';

export type ContactRow = ContactsTable;

/** Contacts, always scoped to one account and one owner column (client_id or supplier_id). */
export const contactRepository = {
  /** The contacts of several owners at once, in creation order. */
  listFor(db: Executor, accountId: string, kind: ContactKind, ownerIds: readonly string[]): Promise<ContactRow[]> {
    if (ownerIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('contacts')
      .selectAll()
      .where('account_id', '=', accountId)
      .where(kind.owner, 'in', [...ownerIds])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  /** One contact of one owner; `lock` (PostgreSQL) holds it until the transaction ends, for updates. */
  find(db: Executor, accountId: string, kind: ContactKind, ownerId: string, id: string, lock?: DialectName): Promise<ContactRow | undefined> {
    const query = db.selectFrom('contacts').selectAll().where('account_id', '=', accountId).where(kind.owner, '=', ownerId).where('id', '=', id);
    return (lock ? forUpdate(query, lock) : query).executeTakeFirst();
  },

  async insert(db: Executor, row: ContactRow): Promise<void> {
    await db.insertInto('contacts').values(row).execute();
  },

  async update(db: Executor, accountId: string, id: string, changes: Partial<ContactRow>): Promise<void> {
    await db.updateTable('contacts').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  async delete(db: Executor, accountId: string, id: string): Promise<void> {
    await db.deleteFrom('contacts').where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  async deleteAllFor(db: Executor, accountId: string, kind: ContactKind, ownerId: string): Promise<void> {
    await db.deleteFrom('contacts').where('account_id', '=', accountId).where(kind.owner, '=', ownerId).execute();
  },
};
