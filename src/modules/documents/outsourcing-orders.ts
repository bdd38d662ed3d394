import type { Ctx } from '../../core/context.js';
import { isTrue } from '../../core/db/dialect.js';
import { currency } from '../../core/money.js';
import { purchaseOrderKind } from './kinds.js';
import type { QueueMail } from './mailing.js';
import { documentRepository as repo } from './repository.js';
import { documents } from './service.js';

/** Purchase orders sent or accepted: issued, and not taken back (a cancelled one orders nothing). */
const ISSUED = [2, 3] as const;

/** The purchase order of a piece of work as its supplier sees it on the portal (docs/supplier-portal.md#purchase-orders). */
export interface IssuedPurchaseOrder {
  id: string;
  number: string;
  date: string | null;
  total: number;
  currency: { code: string; symbol: string };
}

/**
 * The purchase orders made from outsourcing without the agency's hand (docs/supplier-portal.md#purchase-orders).
 * What modules/index.ts hands to the outsourcing's and the portal's routes, so that neither imports documents.
 */
export const outsourcingOrders = {
  /**
   * An offer was accepted (by the supplier, or for them): when the outsourcing asks it
   * (`portal.confirm.generatePurchaseOrderOnAcceptation`) and is on no purchase order yet (a draft,
   * sent or accepted one), its purchase order is created and sent in the caller's transaction, as
   * the agency's `POST /v2/purchase-orders` then `…/:id/send` would: numbered, dated today, and
   * e-mailed to the supplier through `queueMail`. Answers the purchase order's id, or null when none was made.
   */
  async issueOnAcceptance(ctx: Ctx, outsourcingId: string, queueMail: QueueMail): Promise<string | null> {
    const item = await ctx.db
      .selectFrom('outsourcing')
      .select(['supplier_id', 'currency', 'portal_generate_purchase_order'])
      .where('account_id', '=', ctx.accountId)
      .where('id', '=', outsourcingId)
      .executeTakeFirst();
    if (item === undefined || !isTrue(item.portal_generate_purchase_order)) return null;
    const live = await repo.onLive(ctx.db, ctx.accountId, purchaseOrderKind.kind, purchaseOrderKind.live, 'outsourcing_id', [outsourcingId]);
    if (live.length > 0) return null;
    // In the outsourcing's currency, whatever the supplier's default: an outsourcing is only put on an order of its currency.
    const created = await documents.create(ctx, purchaseOrderKind, { supplier: item.supplier_id, currency: item.currency, outsourcing: [outsourcingId] });
    await documents.act(ctx, purchaseOrderKind, created.id, 'send', queueMail);
    return created.id;
  },

  /**
   * The issued purchase orders of a supplier's outsourcing, by outsourcing id: only sent or accepted
   * ones, of this supplier, with a line of the outsourcing (the newest when there are several).
   */
  async issuedFor(ctx: Ctx, supplierId: string, outsourcingIds: readonly string[]): Promise<Map<string, IssuedPurchaseOrder>> {
    const found = new Map<string, IssuedPurchaseOrder>();
    if (outsourcingIds.length === 0) return found;
    const rows = await ctx.db
      .selectFrom('document_lines as l')
      .innerJoin('documents as d', (join) => join.onRef('d.id', '=', 'l.document_id').onRef('d.account_id', '=', 'l.account_id'))
      .select(['l.outsourcing_id', 'd.id', 'd.number', 'd.issue_date', 'd.total', 'd.currency'])
      .where('l.account_id', '=', ctx.accountId)
      .where('l.outsourcing_id', 'in', [...outsourcingIds])
      .where('d.kind', '=', purchaseOrderKind.kind)
      .where('d.supplier_id', '=', supplierId)
      .where('d.status', 'in', [...ISSUED])
      .orderBy('d.issue_date', 'asc')
      .orderBy('d.created_at', 'asc')
      .execute();
    // Ascending: a later order of the same outsourcing replaces an earlier one.
    for (const row of rows) {
      if (row.outsourcing_id === null || row.number === null) continue;
      found.set(row.outsourcing_id, { id: row.id, number: row.number, date: row.issue_date, total: Number(row.total), currency: currency(row.currency) });
    }
    return found;
  },
};
