import type { Kysely, Migration } from 'kysely';

/**
 * `accounts.accepted_quote_job_status` (docs/documents.md#accepting-a-quote): the status that the
 * jobs of a quote still "not started" (1) take when the quote is accepted; 2 (in progress) by
 * default, 1 to leave them where they are.
 *
 * The column has a default: a server of the previous version keeps inserting accounts while a
 * rolling upgrade runs. Released: never edit.
 */
export function quoteAcceptance(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('accounts')
        .addColumn('accepted_quote_job_status', 'integer', (c) => c.notNull().defaultTo(2))
        .execute();
    },
  };
}
