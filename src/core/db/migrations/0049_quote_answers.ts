import type { Kysely, Migration } from 'kysely';

/**
 * The evidence of a client's answer to a quote on the client portal (docs/client-portal.md#quotes):
 * `quote_answers`, one row per quote answered there (unique on `document_id`): the answer
 * (`accepted` or `refused`), the portal person and their name as it was then, the comment, the
 * request's IP address and user agent, and when. Written in the answer's transaction, beside the
 * quote's status move. Released: never edit.
 */
export function quoteAnswers(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('quote_answers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
        .addColumn('answer', 'text', (c) => c.notNull())
        .addColumn('portal_person_id', 'text', (c) => c.notNull())
        .addColumn('person_name', 'text', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('answered_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('quote_answers_document').on('quote_answers').columns(['document_id']).unique().execute();
      await db.schema.createIndex('quote_answers_account').on('quote_answers').columns(['account_id', 'document_id']).execute();
    },
  };
}
