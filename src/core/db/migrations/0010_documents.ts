import type { Kysely, Migration } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * Quotes, invoices and purchase orders (docs/documents.md): one set of tables for the three kinds.
 * Released: never edit.
 *
 * - `documents.kind` is `invoice`, `quote` or `purchaseOrder`; `client_id` is set for invoices and
 *   quotes, `supplier_id` for purchase orders (no cascade: a party with documents cannot go).
 * - Taxes are referenced (no cascade) and their rates frozen in `tax1_rate` / `tax2_rate`.
 * - The totals are stored, recomputed on every change of a line or a pricing parameter.
 * - `document_lines` go with their document; a job line references its job without cascade (a job
 *   on a document cannot be deleted), an outsourcing line its outsourcing (set null when the
 *   outsourcing goes with its job; the line keeps its description and amounts).
 * - `document_sequences` holds the last number per account, kind and year (year 0 for formats
 *   without a year): the row is locked in the send transaction, so numbers have no gaps and no
 *   duplicates; `documents_number` makes a duplicate impossible anyway.
 */
export function documents(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('documents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('number', 'text')
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('credited_document_id', 'text', (c) => c.references('documents.id'))
        .addColumn('client_id', 'text', (c) => c.references('clients.id'))
        .addColumn('supplier_id', 'text', (c) => c.references('suppliers.id'))
        .addColumn('issue_date', 'text')
        .addColumn('due_date', 'text')
        .addColumn('validity_date', 'text')
        .addColumn('payment_terms', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('discount', t.decimal, (c) => c.notNull())
        .addColumn('tax1_id', 'text', (c) => c.references('taxes.id'))
        .addColumn('tax1_rate', t.decimal)
        .addColumn('tax2_id', 'text', (c) => c.references('taxes.id'))
        .addColumn('tax2_rate', t.decimal)
        .addColumn('reverse_charge', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('terms', 'text', (c) => c.notNull())
        .addColumn('subtotal', t.decimal, (c) => c.notNull())
        .addColumn('discount_amount', t.decimal, (c) => c.notNull())
        .addColumn('tax1_amount', t.decimal, (c) => c.notNull())
        .addColumn('tax2_amount', t.decimal, (c) => c.notNull())
        .addColumn('total', t.decimal, (c) => c.notNull())
        .addColumn('payment_date', 'text')
        .addColumn('archive', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('pinned', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('documents_by_created').on('documents').columns(['account_id', 'kind', 'created_at', 'id']).execute();
      await db.schema.createIndex('documents_by_issue').on('documents').columns(['account_id', 'kind', 'issue_date', 'id']).execute();
      await db.schema.createIndex('documents_number').on('documents').columns(['account_id', 'kind', 'number']).unique().execute();
      await db.schema.createIndex('documents_client').on('documents').column('client_id').execute();
      await db.schema.createIndex('documents_supplier').on('documents').column('supplier_id').execute();

      await db.schema
        .createTable('document_lines')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('job_id', 'text', (c) => c.references('jobs.id'))
        .addColumn('group_id', 'text')
        .addColumn('outsourcing_id', 'text', (c) => c.references('outsourcing.id').onDelete('set null'))
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('quantity', t.decimal, (c) => c.notNull())
        .addColumn('unit_id', 'text', (c) => c.references('units.id'))
        .addColumn('unit_cost', t.decimal, (c) => c.notNull())
        .addColumn('total', t.decimal, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('document_lines_document').on('document_lines').columns(['document_id', 'position']).execute();
      await db.schema.createIndex('document_lines_job').on('document_lines').column('job_id').execute();
      await db.schema.createIndex('document_lines_outsourcing').on('document_lines').column('outsourcing_id').execute();

      await db.schema
        .createTable('payments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
        .addColumn('amount', t.decimal, (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('is_fully_paid', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payments_document').on('payments').columns(['document_id', 'created_at']).execute();

      await db.schema
        .createTable('document_sequences')
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('last', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('document_sequences_pk', ['account_id', 'kind', 'year'])
        .execute();
    },
  };
}
