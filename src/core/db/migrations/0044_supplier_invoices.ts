import type { Kysely, Migration } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * Supplier invoices (docs/supplier-invoices.md): the invoices a supplier submits from the portal
 * for its completed purchase orders, which the agency's finance approves or rejects.
 * - `supplier_invoices`: the supplier's number and date, its total and the purchase orders' total
 *   (exact decimals), the explanation of a difference, the status (`submitted`, `approved`,
 *   `rejected`), and the PDF's blob in the files' storage (core/storage: the sweep keeps a blob a
 *   supplier invoice refers to).
 * - `supplier_invoice_orders`: the purchase orders an invoice covers, each with its total at
 *   submission. `live` is 1 while the invoice is not rejected and null once it is: the unique index
 *   on (`purchase_order_id`, `live`) lets a purchase order be on at most one invoice that is not
 *   rejected (nulls are distinct in a unique index on both databases), however many were rejected.
 * Released: never edit.
 */
export function supplierInvoices(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('supplier_invoices')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('supplier_id', 'text', (c) => c.notNull().references('suppliers.id'))
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('total', t.decimal, (c) => c.notNull())
        .addColumn('purchase_orders_total', t.decimal, (c) => c.notNull())
        .addColumn('explanation', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('rejection_reason', 'text')
        .addColumn('pdf_blob_id', 'text', (c) => c.notNull())
        .addColumn('pdf_name', 'text', (c) => c.notNull())
        .addColumn('pdf_size', 'integer', (c) => c.notNull())
        .addColumn('pdf_sha256', 'text', (c) => c.notNull())
        .addColumn('submitted_by_portal_person_id', 'text', (c) => c.notNull())
        .addColumn('decided_by_user_id', 'text')
        .addColumn('decided_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('supplier_invoices_by_created').on('supplier_invoices').columns(['account_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('supplier_invoices_supplier').on('supplier_invoices').columns(['account_id', 'supplier_id', 'status']).execute();
      await db.schema.createIndex('supplier_invoices_blob').on('supplier_invoices').column('pdf_blob_id').execute();
      await db.schema
        .createTable('supplier_invoice_orders')
        .addColumn('supplier_invoice_id', 'text', (c) => c.notNull().references('supplier_invoices.id').onDelete('cascade'))
        .addColumn('purchase_order_id', 'text', (c) => c.notNull().references('documents.id'))
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('total', t.decimal, (c) => c.notNull())
        .addColumn('live', 'integer')
        .addPrimaryKeyConstraint('supplier_invoice_orders_pk', ['supplier_invoice_id', 'purchase_order_id'])
        .execute();
      await db.schema.createIndex('supplier_invoice_orders_live').on('supplier_invoice_orders').columns(['purchase_order_id', 'live']).unique().execute();
    },
  };
}
