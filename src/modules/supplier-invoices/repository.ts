import { sql } from 'kysely';
import type { Ctx } from '../../core/context.js';
import type { Executor } from '../../core/db/dialect.js';
import type { SupplierInvoiceOrdersTable, SupplierInvoicesTable, SupplierInvoiceStatus } from '../../core/db/schema.js';

/** A purchase order as it is issued to its supplier: sent (2) or accepted (3); drafts and cancelled ones are not owed. */
export const ISSUED_PURCHASE_ORDER = [2, 3] as const;
/** An outsourcing's status "finished" (4): the agency closed the work. */
const OUTSOURCING_FINISHED = 4;

export type SupplierInvoiceRow = SupplierInvoicesTable;
export type InvoiceOrderRow = SupplierInvoiceOrdersTable & { number: string | null };

/** A purchase order of the supplier, with whether it is completed and on an invoice that is not rejected. */
export interface PurchaseOrderRow {
  id: string;
  number: string | null;
  status: number;
  issue_date: string | null;
  due_date: string | null;
  currency: string;
  total: string;
  supplier_id: string | null;
  completed: number | string;
  supplier_invoice_id: string | null;
}

/**
 * The supplier invoices' tables, and the reads of the purchase orders they cover (a read model of
 * documents and outsourcing, core/db/table-owners.ts). Every query is scoped by account.
 */
export const supplierInvoiceRepository = {
  /**
   * Purchase orders of the account (issued, or all `ids` when given), with `completed`: no line of
   * the order bills an outsourcing that is neither finished by the agency nor marked done by the
   * supplier (docs/supplier-invoices.md#completed).
   */
  purchaseOrders(ctx: Ctx, scope: { supplierId?: string; ids?: readonly string[] }): Promise<PurchaseOrderRow[]> {
    let query = ctx.db
      .selectFrom('documents as d')
      .select(['d.id', 'd.number', 'd.status', 'd.issue_date', 'd.due_date', 'd.currency', 'd.total', 'd.supplier_id'])
      .select(
        sql<number>`case when exists (select 1 from document_lines l join outsourcing o on o.id = l.outsourcing_id
          where l.document_id = d.id and o.status <> ${OUTSOURCING_FINISHED} and o.portal_done_date is null) then 0 else 1 end`.as('completed'),
      )
      .select(
        sql<string | null>`(select sio.supplier_invoice_id from supplier_invoice_orders sio where sio.purchase_order_id = d.id and sio.live = 1)`.as(
          'supplier_invoice_id',
        ),
      )
      .where('d.account_id', '=', ctx.accountId)
      .where('d.kind', '=', 'purchaseOrder');
    if (scope.supplierId !== undefined) query = query.where('d.supplier_id', '=', scope.supplierId);
    if (scope.ids !== undefined) query = query.where('d.id', 'in', scope.ids.length > 0 ? [...scope.ids] : ['']);
    else query = query.where('d.status', 'in', [...ISSUED_PURCHASE_ORDER]);
    return query.orderBy('d.issue_date', 'desc').orderBy('d.id', 'desc').limit(1000).execute();
  },

  async insert(ctx: Ctx, row: SupplierInvoiceRow, orders: ReadonlyArray<{ id: string; total: string }>): Promise<void> {
    await ctx.db.insertInto('supplier_invoices').values(row).execute();
    await ctx.db
      .insertInto('supplier_invoice_orders')
      .values(orders.map((order) => ({ supplier_invoice_id: row.id, purchase_order_id: order.id, account_id: ctx.accountId, total: order.total, live: 1 })))
      .execute();
  },

  find(db: Executor, accountId: string, id: string): Promise<SupplierInvoiceRow | undefined> {
    return db.selectFrom('supplier_invoices').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  },

  /** The rows of these ids, in no order. */
  byIds(db: Executor, accountId: string, ids: readonly string[]): Promise<SupplierInvoiceRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('supplier_invoices')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
  },

  /** The purchase orders of these invoices, with their numbers. */
  orders(db: Executor, accountId: string, invoiceIds: readonly string[]): Promise<InvoiceOrderRow[]> {
    if (invoiceIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('supplier_invoice_orders as sio')
      .leftJoin('documents as d', 'd.id', 'sio.purchase_order_id')
      .select(['sio.supplier_invoice_id', 'sio.purchase_order_id', 'sio.account_id', 'sio.total', 'sio.live', 'd.number'])
      .where('sio.account_id', '=', accountId)
      .where('sio.supplier_invoice_id', 'in', [...invoiceIds])
      .orderBy('d.number')
      .orderBy('sio.purchase_order_id')
      .execute();
  },

  supplierNames(db: Executor, accountId: string, ids: readonly string[]): Promise<Array<{ id: string; name: string }>> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('suppliers')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
  },

  /** The supplier's invoices, newest first (at most `limit`). */
  ofSupplier(db: Executor, accountId: string, supplierId: string, limit: number): Promise<SupplierInvoiceRow[]> {
    return db
      .selectFrom('supplier_invoices')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('supplier_id', '=', supplierId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  /** Approves or rejects; a rejection frees its purchase orders for another invoice. */
  async decide(
    ctx: Ctx,
    id: string,
    change: { status: SupplierInvoiceStatus; rejection_reason: string | null; decided_by_user_id: string | null; decided_at: string },
  ): Promise<boolean> {
    // Only a submitted invoice is decided: the condition in the update makes two decisions at once decide once.
    const result = await ctx.db
      .updateTable('supplier_invoices')
      .set({ ...change, updated_at: change.decided_at })
      .where('account_id', '=', ctx.accountId)
      .where('id', '=', id)
      .where('status', '=', 'submitted')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    if (change.status === 'rejected')
      await ctx.db
        .updateTable('supplier_invoice_orders')
        .set({ live: null })
        .where('account_id', '=', ctx.accountId)
        .where('supplier_invoice_id', '=', id)
        .execute();
    return true;
  },
};
