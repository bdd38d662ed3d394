import type { Config } from '../../config.js';
import type { Ctx } from '../../core/context.js';
import { queueDocumentEmail } from '../document-mail/index.js';
import { renderPdf } from '../document-rendering/index.js';
import { outsourcingOrders, purchaseOrderKind } from '../documents/index.js';
import type { PortalPurchaseOrderObject } from './schemas.js';

/**
 * Purchase orders on the portal (docs/supplier-portal.md#purchase-orders): the one an accepted offer
 * makes, and the supplier's view of the issued ones.
 */

/**
 * An offer was accepted, by the supplier or for them: its purchase order when the outsourcing asks one,
 * created, numbered and sent in the accept's transaction, its e-mail queued as a send's (when SMTP is
 * configured). Also what modules/index.ts gives the agency's routes for an accept on the supplier's behalf.
 */
export async function purchaseOrderOnAcceptance(ctx: Ctx, config: Config, outsourcingId: string): Promise<void> {
  await outsourcingOrders.issueOnAcceptance(ctx, outsourcingId, (tx, document) => queueDocumentEmail(tx, config, document));
}

/** The issued purchase orders of a supplier's work, by work id: id, number, date, total and currency, nothing else. */
export async function purchaseOrdersOf(ctx: Ctx, supplierId: string, workIds: readonly string[]): Promise<Map<string, PortalPurchaseOrderObject>> {
  return outsourcingOrders.issuedFor(ctx, supplierId, workIds);
}

/** The PDF of a purchase order, as the agency's `GET /v2/purchase-orders/:id/pdf` makes it. */
export function purchaseOrderPdf(ctx: Ctx, id: string): Promise<{ content: Buffer; filename: string }> {
  return renderPdf(ctx, purchaseOrderKind, id);
}
