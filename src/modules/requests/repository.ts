import { sql } from 'kysely';
import type { Executor } from '../../core/db/dialect.js';
import type { RequestsTable, RequestStatus, RequestTermsPdfsTable } from '../../core/db/schema.js';

export type RequestRow = RequestsTable;
export type TermsPdfRow = RequestTermsPdfsTable;

/**
 * The requests' tables (docs/client-portal.md#requests), and the names they show of their client
 * and service (a read model of clients and master data, core/db/table-owners.ts). Every query is
 * scoped by account; the portal's by client too.
 */
export const requestRepository = {
  /** The next per-account number (the caller holds the account's lock; the unique index guards it anyway). */
  async nextSeq(db: Executor, accountId: string): Promise<number> {
    const row = await db
      .selectFrom('requests')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(row?.seq ?? 0) + 1;
  },

  async insert(db: Executor, row: RequestRow): Promise<void> {
    await db.insertInto('requests').values(row).execute();
  },

  find(db: Executor, accountId: string, id: string): Promise<RequestRow | undefined> {
    return db.selectFrom('requests').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  },

  byIds(db: Executor, accountId: string, ids: readonly string[]): Promise<RequestRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('requests')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
  },

  /** A client's requests, newest first (at most `limit`). */
  ofClient(db: Executor, accountId: string, clientId: string, status: RequestStatus | undefined, limit: number): Promise<RequestRow[]> {
    let query = db.selectFrom('requests').selectAll().where('account_id', '=', accountId).where('client_id', '=', clientId);
    if (status !== undefined) query = query.where('status', '=', status);
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  },

  /**
   * Changes a request that is in status `from` (one of them), adding one to its version; answers
   * whether it was (the condition in the update makes two answers at once count once).
   */
  async change(db: Executor, accountId: string, id: string, from: readonly RequestStatus[], changes: Partial<RequestRow>): Promise<boolean> {
    const result = await db
      .updateTable('requests')
      .set({ ...changes, version: sql<number>`version + 1` })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async countByStatus(db: Executor, accountId: string, status: RequestStatus): Promise<number> {
    const row = await db
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('status', '=', status)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  clientNames(db: Executor, accountId: string, ids: readonly string[]): Promise<Array<{ id: string; name: string }>> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('clients')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
  },

  serviceNames(db: Executor, accountId: string, ids: readonly string[]): Promise<Array<{ id: string; name: string }>> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('services')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
  },

  // --- The terms PDF (one per account).

  termsPdfInfo(db: Executor, accountId: string): Promise<Omit<TermsPdfRow, 'content'> | undefined> {
    return db
      .selectFrom('request_terms_pdfs')
      .select(['account_id', 'name', 'size', 'sha256', 'updated_at'])
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  },

  termsPdf(db: Executor, accountId: string): Promise<TermsPdfRow | undefined> {
    return db.selectFrom('request_terms_pdfs').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  },

  async putTermsPdf(db: Executor, row: TermsPdfRow): Promise<void> {
    await db
      .insertInto('request_terms_pdfs')
      .values(row)
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet({ name: row.name, content: row.content, size: row.size, sha256: row.sha256, updated_at: row.updated_at }),
      )
      .execute();
  },

  async deleteTermsPdf(db: Executor, accountId: string): Promise<boolean> {
    const result = await db.deleteFrom('request_terms_pdfs').where('account_id', '=', accountId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
};
