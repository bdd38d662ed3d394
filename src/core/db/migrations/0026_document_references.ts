import type { Kysely, Migration } from 'kysely';

/**
 * Two fields of quotes and invoices (docs/documents.md#pdf-documents):
 * - `purchase_order`: the client's purchase-order reference for the whole document ('' when unset:
 *   the PDF then prints the references of the jobs and groups on its lines);
 * - `match_display`: how the PDF shows the match breakdown of job lines (`none`, `breakdown`,
 *   `hiddenMatches`); null follows the client's `document_match_display`.
 *
 * Both have defaults: a server of the previous version keeps inserting documents while a rolling
 * upgrade runs. Released: never edit.
 */
export function documentReferences(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('documents')
        .addColumn('purchase_order', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('documents').addColumn('match_display', 'text').execute();
    },
  };
}
