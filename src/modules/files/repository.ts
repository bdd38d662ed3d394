import { forUpdate, type DialectName, type Executor } from '../../core/db/dialect.js';
import type { FileRow, FlagColumn, OwnerTable } from './kinds.js';

/** Files, always scoped to one account and one owner kind. */
export const fileRepository = {
  /** Files of several owners, in creation order (ties by id). */
  listByOwners(db: Executor, accountId: string, ownerType: string, ownerIds: readonly string[]): Promise<FileRow[]> {
    if (ownerIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('files')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('owner_type', '=', ownerType)
      .where('owner_id', 'in', [...ownerIds])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  find(db: Executor, accountId: string, ownerType: string, ownerId: string, fileId: string): Promise<FileRow | undefined> {
    return db
      .selectFrom('files')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('owner_type', '=', ownerType)
      .where('owner_id', '=', ownerId)
      .where('id', '=', fileId)
      .executeTakeFirst();
  },

  async insert(db: Executor, row: FileRow): Promise<void> {
    await db.insertInto('files').values(row).execute();
  },

  /** Shares a file with one outsourcing (a deliverable with its own). */
  async share(db: Executor, fileId: string, outsourcingId: string): Promise<void> {
    await db.insertInto('file_outsourcing_shares').values({ file_id: fileId, outsourcing_id: outsourcingId }).execute();
  },

  async setFlag(db: Executor, accountId: string, fileId: string, column: FlagColumn, value: number): Promise<void> {
    await db
      .updateTable('files')
      .set({ [column]: value })
      .where('account_id', '=', accountId)
      .where('id', '=', fileId)
      .execute();
  },

  async delete(db: Executor, accountId: string, fileIds: readonly string[]): Promise<void> {
    if (fileIds.length === 0) return;
    await db
      .deleteFrom('files')
      .where('account_id', '=', accountId)
      .where('id', 'in', [...fileIds])
      .execute();
  },

  /** True when the owner is the account's; `lock` keeps it until the transaction ends (PostgreSQL). */
  async ownerExists(db: Executor, dialect: DialectName, accountId: string, table: OwnerTable, id: string, lock: boolean): Promise<boolean> {
    const query = db.selectFrom(table).select('id').where('account_id', '=', accountId).where('id', '=', id);
    return (await (lock ? forUpdate(query, dialect) : query).executeTakeFirst()) !== undefined;
  },
};
