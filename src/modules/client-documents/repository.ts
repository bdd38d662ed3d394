import type { Executor } from '../../core/db/dialect.js';
import type { QuoteAnswersTable } from '../../core/db/schema.js';

/** SQL of the quotes' portal answers (`quote_answers`). Every query takes the account id. */
export type QuoteAnswerRow = QuoteAnswersTable;

export const quoteAnswerRepository = {
  async insert(db: Executor, row: QuoteAnswerRow): Promise<void> {
    await db.insertInto('quote_answers').values(row).execute();
  },

  /** The portal answers of some quotes, by quote id. */
  async of(db: Executor, accountId: string, documentIds: readonly string[]): Promise<Map<string, QuoteAnswerRow>> {
    if (documentIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('quote_answers')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('document_id', 'in', [...documentIds])
      .execute();
    return new Map(rows.map((row) => [row.document_id, row]));
  },

  /** The user who created a quote: its `quote.created` event's user (none when a key of no user, or the system, made it). */
  async creatorOf(db: Executor, accountId: string, documentId: string): Promise<string | null> {
    const row = await db
      .selectFrom('events')
      .select('actor_user_id')
      .where('account_id', '=', accountId)
      .where('object_type', '=', 'quote')
      .where('object_id', '=', documentId)
      .where('type', '=', 'quote.created')
      .executeTakeFirst();
    return row?.actor_user_id ?? null;
  },
};
