import type { Kysely, Migration } from 'kysely';

/**
 * The mail log of documents (docs/documents.md#the-mail-log): one row per e-mail of a document
 * queued in the outbox, by a send or by `POST …/:id/email`. Its `id` is the outbox delivery's id,
 * whose `status` and `last_error` tell what became of it; the row keeps what the delivery's
 * payload does not say plainly: the document, who asked for it, the subject as it was written.
 *
 * - `recipients`: JSON `{ to: [{ name, address }], cc: [...] }`, as queued.
 * - `subject`: the subject as queued (the default one, composed then, or the caller's).
 * - `custom_message`: 1 when the caller wrote the message, 0 when it is the default one.
 * - `user_id`, `api_key_id`: who queued it (null both: Transdesk itself).
 *
 * Released: never edit.
 */
export function documentEmails(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('document_emails')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('document_id', 'text', (c) => c.notNull())
        .addColumn('recipients', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('custom_message', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('user_id', 'text')
        .addColumn('api_key_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // A document's log is read newest first.
      await db.schema.createIndex('document_emails_document').on('document_emails').columns(['account_id', 'document_id', 'created_at']).execute();
    },
  };
}
