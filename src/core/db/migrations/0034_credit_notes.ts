import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Credit notes of their own (docs/documents.md#credit-notes):
 * - `accounts.credit_note_number_format`: credit notes are numbered in their own series
 *   (`CN-{YYYY}-{SEQ:4}` by default; sequence kind `creditNote` in `document_sequences`);
 * - `documents.credit_reason`: why a credit note was issued ('' for the credit notes made before),
 *   and `documents.credit_refund`: the part of its amount to be refunded (decimal text; the rest is
 *   deducted from what the invoice still asked for);
 * - `document_lines.credited_line_id`: the invoice line a credit-note line credits (null for free
 *   amounts and for the lines of the credit notes made before), so that a line is never credited
 *   beyond its quantity.
 *
 * `documents_credited` finds the credit notes of an invoice (only the rows that have one).
 *
 * All have defaults: a server of the previous version keeps inserting rows while a rolling upgrade
 * runs. Released: never edit.
 */
export function creditNotes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('accounts')
        .addColumn('credit_note_number_format', 'text', (c) => c.notNull().defaultTo('CN-{YYYY}-{SEQ:4}'))
        .execute();
      await db.schema
        .alterTable('documents')
        .addColumn('credit_reason', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('documents')
        .addColumn('credit_refund', 'text', (c) => c.notNull().defaultTo('0'))
        .execute();
      await db.schema.alterTable('document_lines').addColumn('credited_line_id', 'text').execute();
      // The credit notes of an invoice are read with every page of invoices (its credited amount).
      await db.schema
        .createIndex('documents_credited')
        .on('documents')
        .column('credited_document_id')
        .where(sql.ref('credited_document_id'), 'is not', null)
        .execute();
    },
  };
}
