import type { Kysely, Migration } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * Requests of the client portal (docs/client-portal.md#requests): what a client's person asks the
 * agency for, and the agency's terms PDF shown with the request form (docs/client-portal.md#terms).
 * - `requests`: the client and the portal person who asked (`person_id`, a `portal_people` id, no
 *   foreign key: a person's access may be removed, their requests stay; `person_name`, their name then), `seq` (the per-account
 *   number, shown `R-0001`; unique per account), the service (a `services` id), the source language
 *   and the target languages (a JSON array of codes, at least one, distinct, none the source), the
 *   due date, the client's reference and purchase-order number, the message, the status (`new`,
 *   `quoted`, `converted`, `declined`, `withdrawn`), the decline's reason, the accepted terms (when,
 *   and what: a copy of the text and the SHA-256 of the PDF then in force), when and by which user
 *   the agency answered, what a conversion made (`converted_job_ids` JSON array, group, quote), and
 *   `version` (1, plus one per change). The files are rows of `files` with `owner_type` `request`.
 * - `request_terms_pdfs`: at most one per account, its bytes in the database (at most 10 MiB,
 *   checked to be a PDF before it is stored) as the account's logo: every process and every backup has it.
 * Released: never edit.
 */
export function requests(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
        .addColumn('person_id', 'text', (c) => c.notNull())
        .addColumn('person_name', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('service_id', 'text', (c) => c.notNull().references('services.id'))
        .addColumn('source_language', 'text', (c) => c.notNull())
        .addColumn('target_languages', 'text', (c) => c.notNull())
        .addColumn('due_date', 'text')
        .addColumn('client_reference', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('purchase_order', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('decline_reason', 'text')
        .addColumn('terms_accepted_at', 'text')
        .addColumn('terms_text', 'text')
        .addColumn('terms_pdf_sha256', 'text')
        .addColumn('answered_at', 'text')
        .addColumn('answered_by_user_id', 'text')
        .addColumn('converted_job_ids', 'text')
        .addColumn('converted_group_id', 'text')
        .addColumn('converted_quote_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('requests_seq').on('requests').columns(['account_id', 'seq']).unique().execute();
      await db.schema.createIndex('requests_by_created').on('requests').columns(['account_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('requests_status').on('requests').columns(['account_id', 'status']).execute();
      await db.schema.createIndex('requests_client').on('requests').columns(['account_id', 'client_id', 'created_at']).execute();
      await db.schema
        .createTable('request_terms_pdfs')
        .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('content', t.blob, (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
