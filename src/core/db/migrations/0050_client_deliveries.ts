import type { Kysely, Migration } from 'kysely';

/**
 * Deliveries and message threads of the client portal (docs/client-portal.md#jobs-and-deliveries,
 * #messages). `files.share_with_client`: a job or group file the agency shares with the job's
 * client (0 by default, so that a server of the previous version keeps inserting files while a
 * rolling upgrade runs). `client_messages`: the thread between a client and the agency about one
 * subject (`subject_kind` 'job' or 'request', `subject_id`), written by a client's portal person
 * (`person_id`) or an agency user (`user_id`), one of them set, with the author's name as it was
 * (`author_name`: a thread reads as it was written). No foreign key to the subject: the
 * subject kinds live in different tables (their modules delete their threads with them). Released:
 * never edit.
 */
export function clientDeliveries(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('files')
        .addColumn('share_with_client', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('client_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('subject_kind', 'text', (c) => c.notNull())
        .addColumn('subject_id', 'text', (c) => c.notNull())
        .addColumn('person_id', 'text')
        .addColumn('user_id', 'text')
        .addColumn('author_name', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('client_messages_subject')
        .on('client_messages')
        .columns(['account_id', 'subject_kind', 'subject_id', 'created_at'])
        .execute();
    },
  };
}
