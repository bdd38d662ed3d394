import type { Executor } from '../../core/db/dialect.js';
import type { ClientMessagesTable } from '../../core/db/schema.js';

export type ClientMessageRow = ClientMessagesTable;

/** The most messages one thread answers (the newest): far beyond a job's conversation. */
export const THREAD_LIMIT = 1000;

/** Messages of client threads, always scoped by account, client and subject. */
export const clientMessageRepository = {
  async thread(db: Executor, accountId: string, clientId: string, kind: string, subjectId: string): Promise<ClientMessageRow[]> {
    const rows = await db
      .selectFrom('client_messages')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('client_id', '=', clientId)
      .where('subject_kind', '=', kind)
      .where('subject_id', '=', subjectId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(THREAD_LIMIT)
      .execute();
    return rows.reverse();
  },

  async insert(db: Executor, row: ClientMessageRow): Promise<void> {
    await db.insertInto('client_messages').values(row).execute();
  },
};
