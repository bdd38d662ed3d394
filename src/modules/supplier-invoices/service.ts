import type { Ctx } from '../../core/context.js';
import { isUniqueViolation } from '../../core/db/dialect.js';
import { nowIso, toIsoDate } from '../../core/dates.js';
import { invalid, notFound, stateConflict } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { currency, Dec, minorUnits, toDecimalString } from '../../core/money.js';
import { paginateIds, withItems, type Page } from '../../core/pagination.js';
import type { PortalCtx } from '../../core/portal.js';
import { partyCtx } from '../supplier-portal/index.js';
import { supplierInvoiceRepository as repo, type InvoiceOrderRow, type PurchaseOrderRow, type SupplierInvoiceRow } from './repository.js';
import type { PortalPurchaseOrderObject, PortalSupplierInvoiceObject, SubmitFieldsInput, SupplierInvoiceObject, SupplierInvoiceQueryInput } from './schemas.js';

/** The most invoices the portal lists: a supplier's invoices of years, far below it. */
const PORTAL_LIST_LIMIT = 500;
const SORTS = { createdAt: 'created_at', date: 'date' };

/** The PDF of a submission, stored already (outside the transaction, as every upload). */
export interface StoredPdf {
  blobId: string;
  name: string;
  size: number;
  sha256: string;
}

function portalObject(row: SupplierInvoiceRow, orders: readonly InvoiceOrderRow[]): PortalSupplierInvoiceObject {
  return {
    id: row.id,
    number: row.number,
    date: row.date,
    currency: currency(row.currency),
    total: Number(row.total),
    purchaseOrdersTotal: Number(row.purchase_orders_total),
    explanation: row.explanation,
    status: row.status,
    rejectionReason: row.rejection_reason,
    purchaseOrders: orders.map((order) => ({ id: order.purchase_order_id, number: order.number, total: Number(order.total) })),
    pdf: { name: row.pdf_name, size: Number(row.pdf_size), sha256: row.pdf_sha256 },
    decidedAt: row.decided_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The invoices of these rows as the agency reads them, in the rows' order. */
async function agencyObjects(ctx: Pick<Ctx, 'db' | 'accountId'>, rows: readonly SupplierInvoiceRow[]): Promise<SupplierInvoiceObject[]> {
  const orders = await repo.orders(
    ctx.db,
    ctx.accountId,
    rows.map((row) => row.id),
  );
  const names = new Map((await repo.supplierNames(ctx.db, ctx.accountId, [...new Set(rows.map((row) => row.supplier_id))])).map((s) => [s.id, s.name]));
  return rows.map((row) => ({
    ...portalObject(
      row,
      orders.filter((order) => order.supplier_invoice_id === row.id),
    ),
    supplier: { id: row.supplier_id, name: names.get(row.supplier_id) ?? '' },
    submittedByPortalPersonId: row.submitted_by_portal_person_id,
    decidedByUserId: row.decided_by_user_id,
  }));
}

function portalOrder(row: PurchaseOrderRow): PortalPurchaseOrderObject {
  const completed = Number(row.completed) === 1;
  const invoiced = row.supplier_invoice_id !== null;
  return {
    id: row.id,
    number: row.number,
    status: row.status === 3 ? 'accepted' : 'sent',
    issueDate: row.issue_date,
    dueDate: row.due_date,
    currency: currency(row.currency),
    total: Number(row.total),
    completed,
    invoiced,
    invoiceable: completed && !invoiced,
  };
}

/** The supplier of a portal person; a client's person has none (their lists are empty, a record of theirs is a 404). */
function supplierOf(ctx: PortalCtx): string | undefined {
  return ctx.principal.party.kind === 'supplier' ? ctx.principal.party.id : undefined;
}

/** Checks the fields that need no database: the total's decimals fit the currency. */
export function checkSubmitFields(fields: SubmitFieldsInput): void {
  const places = new Dec(fields.total).decimalPlaces();
  const allowed = minorUnits(fields.currency);
  if (places > allowed) throw invalid('total', `has ${places} decimals; ${fields.currency} has ${allowed}`);
}

/** Why a purchase order cannot go on a new invoice (409), or undefined when it can. */
function refusalOf(order: PurchaseOrderRow, currencyCode: string): string | undefined {
  const name = `The purchase order ${order.number ?? order.id}`;
  if (order.status !== 2 && order.status !== 3) return `${name} is not issued to you (a draft or cancelled)`;
  if (order.supplier_invoice_id !== null) return `${name} is on another of your invoices already (${order.supplier_invoice_id})`;
  if (Number(order.completed) !== 1) return `${name} is not completed: its work is not finished or marked done yet`;
  if (order.currency !== currencyCode) return `${name} is in ${order.currency}, not ${currencyCode}: an invoice has one currency`;
  return undefined;
}

/**
 * Supplier invoices (docs/supplier-invoices.md): submitted by a supplier's person from the portal
 * for their completed purchase orders, approved or rejected by the agency's finance.
 */
export const supplierInvoices = {
  // --- The portal's side: every read and write scoped by the person's supplier.

  /** The supplier's issued purchase orders (sent or accepted), newest first. */
  async portalPurchaseOrders(ctx: PortalCtx, invoiceable: boolean | undefined): Promise<PortalPurchaseOrderObject[]> {
    const supplierId = supplierOf(ctx);
    if (supplierId === undefined) return [];
    const orders = (await repo.purchaseOrders(partyCtx(ctx), { supplierId })).map(portalOrder);
    return invoiceable === undefined ? orders : orders.filter((order) => order.invoiceable === invoiceable);
  },

  async portalList(ctx: PortalCtx): Promise<PortalSupplierInvoiceObject[]> {
    const supplierId = supplierOf(ctx);
    if (supplierId === undefined) return [];
    const rows = await repo.ofSupplier(ctx.db, ctx.principal.accountId, supplierId, PORTAL_LIST_LIMIT);
    const orders = await repo.orders(
      ctx.db,
      ctx.principal.accountId,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      portalObject(
        row,
        orders.filter((order) => order.supplier_invoice_id === row.id),
      ),
    );
  },

  async portalGet(ctx: PortalCtx, id: string): Promise<PortalSupplierInvoiceObject> {
    const supplierId = supplierOf(ctx);
    const row = supplierId === undefined ? undefined : await repo.find(ctx.db, ctx.principal.accountId, id);
    if (row === undefined || row.supplier_id !== supplierId) throw notFound('invoice', id);
    return portalObject(row, await repo.orders(ctx.db, ctx.principal.accountId, [row.id]));
  },

  /**
   * Submits an invoice, in the caller's transaction: its purchase orders must be the supplier's
   * (404), issued, completed, on no invoice that is not rejected, and in its currency (409); a total
   * other than their sum (exact decimals) needs an explanation (400). Records `supplier_invoice.submitted`.
   */
  async submit(ctx: PortalCtx, fields: SubmitFieldsInput, pdf: StoredPdf): Promise<PortalSupplierInvoiceObject> {
    const supplierId = supplierOf(ctx);
    const ids = fields.purchaseOrderIds;
    if (supplierId === undefined) throw notFound('purchase order', ids[0]);
    if (new Set(ids).size !== ids.length) throw invalid('purchaseOrderIds', 'names a purchase order more than once');
    checkSubmitFields(fields);
    const party = partyCtx(ctx);
    const found = new Map((await repo.purchaseOrders(party, { ids })).map((order) => [order.id, order]));
    for (const id of ids) if (found.get(id)?.supplier_id !== supplierId) throw notFound('purchase order', id);
    const orders = ids.map((id) => found.get(id)!);
    for (const order of orders) {
      const refusal = refusalOf(order, fields.currency);
      if (refusal !== undefined) throw stateConflict(refusal);
    }
    const sum = orders.reduce((total, order) => total.plus(order.total), new Dec(0));
    const total = new Dec(fields.total);
    const explanation = fields.explanation?.trim() || null;
    if (!total.eq(sum) && explanation === null)
      throw invalid(
        'explanation',
        `is required: the total ${total.toFixed()} differs from the purchase orders' ${sum.toFixed()} by ${total.minus(sum).toFixed()}`,
      );
    const now = nowIso();
    const row: SupplierInvoiceRow = {
      id: newId(),
      account_id: party.accountId,
      supplier_id: supplierId,
      number: fields.number.trim(),
      date: toIsoDate(fields.date),
      currency: fields.currency,
      total: toDecimalString(total),
      purchase_orders_total: toDecimalString(sum),
      explanation,
      status: 'submitted',
      rejection_reason: null,
      pdf_blob_id: pdf.blobId,
      pdf_name: pdf.name,
      pdf_size: pdf.size,
      pdf_sha256: pdf.sha256,
      submitted_by_portal_person_id: ctx.principal.personId,
      decided_by_user_id: null,
      decided_at: null,
      created_at: now,
      updated_at: now,
    };
    try {
      await repo.insert(
        party,
        row,
        orders.map((order) => ({ id: order.id, total: toDecimalString(order.total) })),
      );
    } catch (error) {
      // Another submission took one of the orders first (PostgreSQL: both checked before either committed).
      if (isUniqueViolation(error)) throw stateConflict('One of the purchase orders was put on another of your invoices at the same time');
      throw error;
    }
    const [created] = await agencyObjects(party, [row]);
    await recordEvent(party, 'supplier_invoice.submitted', created);
    return portalObject(row, await repo.orders(ctx.db, party.accountId, [row.id]));
  },

  // --- The agency's side.

  async list(ctx: Ctx, query: SupplierInvoiceQueryInput): Promise<Page<SupplierInvoiceObject>> {
    let select = ctx.db.selectFrom('supplier_invoices').where('supplier_invoices.account_id', '=', ctx.accountId);
    if (query.status !== undefined) select = select.where('supplier_invoices.status', '=', query.status);
    if (query.supplierId !== undefined) select = select.where('supplier_invoices.supplier_id', '=', query.supplierId);
    const page = await paginateIds(select, 'supplier_invoices', query, SORTS);
    return withItems(page, async (ids) => {
      const objects = await agencyObjects(ctx, await repo.byIds(ctx.db, ctx.accountId, ids));
      return new Map(objects.map((object) => [object.id, object]));
    });
  },

  async get(ctx: Ctx, id: string): Promise<SupplierInvoiceObject> {
    const row = await repo.find(ctx.db, ctx.accountId, id);
    if (row === undefined) throw notFound('supplier invoice', id);
    return (await agencyObjects(ctx, [row]))[0]!;
  },

  /** The row of an invoice, for its PDF. */
  async row(ctx: Ctx, id: string): Promise<SupplierInvoiceRow> {
    const row = await repo.find(ctx.db, ctx.accountId, id);
    if (row === undefined) throw notFound('supplier invoice', id);
    return row;
  },

  approve: (ctx: Ctx, id: string) => decide(ctx, id, 'approved', null),
  reject: (ctx: Ctx, id: string, reason: string) => decide(ctx, id, 'rejected', reason.trim()),
};

/** Approves or rejects a submitted invoice (409 once decided), recording `supplier_invoice.approved|rejected`. */
async function decide(ctx: Ctx, id: string, status: 'approved' | 'rejected', reason: string | null): Promise<SupplierInvoiceObject> {
  const before = await repo.find(ctx.db, ctx.accountId, id);
  if (before === undefined) throw notFound('supplier invoice', id);
  const decided = await repo.decide(ctx, id, {
    status,
    rejection_reason: reason,
    decided_by_user_id: ctx.actor?.userId ?? (ctx.userId || null),
    decided_at: nowIso(),
  });
  if (!decided) throw stateConflict(`The supplier invoice is ${before.status} already: only a submitted invoice is approved or rejected`);
  const after = await supplierInvoices.get(ctx, id);
  await recordEvent(ctx, `supplier_invoice.${status}`, after);
  return after;
}
