import { Dec } from '../../core/money.js';
import type { OutsourcingObject } from '../outsourcing-view/index.js';
import type { PortalPurchaseOrderObject, PortalWorkObject, WorkState } from './schemas.js';

const CANCELLED = 5;
const FINISHED = 4;

/** Where the work stands for its supplier; `expiresAt`: when its offer round expires (null: none), compared with `now`. */
export function stateOf(outsourcing: Pick<OutsourcingObject, 'status' | 'portal'>, expiresAt: string | null = null, now = new Date().toISOString()): WorkState {
  const { confirm, doneDate } = outsourcing.portal;
  if (outsourcing.status === CANCELLED) return 'cancelled';
  if (confirm.status === 3) return 'refused';
  if (confirm.enabled && confirm.status === 1) return expiresAt !== null && expiresAt <= now ? 'expired' : 'offered';
  if (doneDate !== null || outsourcing.status === FINISHED) return 'done';
  return 'open';
}

/**
 * The quantity weighted by the match rates (docs/supplier-portal.md#what-a-supplier-sees): each
 * band at its fraction of the unit price (percentage rates), or at its own price over the unit
 * price (fixed rates); without bands, the quantity itself. Exact decimals, two places.
 */
export function weightedQuantity(quantity: OutsourcingObject['quantity']): number {
  if (!quantity.hasMatches || quantity.matches.length === 0) return quantity.value;
  const unit = new Dec(String(quantity.unitCost));
  let sum = new Dec(0);
  for (const band of quantity.matches) {
    const rate =
      quantity.matchesType === 'percentage' ? new Dec(String(band.percentage)) : unit.isZero() ? new Dec(1) : new Dec(String(band.unitCost)).div(unit);
    sum = sum.plus(new Dec(String(band.value)).times(rate));
  }
  return sum.toDecimalPlaces(2).toNumber();
}

/** The rate of a band as a fraction of the unit price. */
function rateOf(quantity: OutsourcingObject['quantity'], band: OutsourcingObject['quantity']['matches'][number]): number {
  if (quantity.matchesType === 'percentage') return band.percentage;
  return quantity.unitCost === 0 ? 1 : new Dec(String(band.unitCost)).div(String(quantity.unitCost)).toDecimalPlaces(4).toNumber();
}

/**
 * The work as its supplier sees it: field by field, nothing else of the outsourcing; with its
 * purchase order once issued, and `expiresAt`, its offer round's expiry (compared with `now`).
 */
export function toPortalWork(
  outsourcing: OutsourcingObject,
  extras: { purchaseOrder?: PortalPurchaseOrderObject | null; expiresAt?: string | null; now?: string } = {},
): Omit<PortalWorkObject, 'clientName'> {
  const { purchaseOrder = null, expiresAt = null, now } = extras;
  const { quantity, portal } = outsourcing;
  return {
    id: outsourcing.id,
    reference: portal.reference,
    name: outsourcing.name,
    state: stateOf(outsourcing, expiresAt, now),
    status: outsourcing.status,
    service: { id: outsourcing.service.id, name: outsourcing.service.name },
    languagePair: outsourcing.languagePair ?? null,
    startDate: outsourcing.startDate,
    dueDate: outsourcing.dueDate,
    quantity: {
      value: quantity.value,
      unit: { id: outsourcing.quantityType.id, name: outsourcing.quantityType.name },
      weighted: weightedQuantity(quantity),
      matches: quantity.hasMatches ? quantity.matches.map((band) => ({ name: band.name, value: band.value, rate: rateOf(quantity, band) })) : [],
    },
    currency: outsourcing.currency,
    unitCost: quantity.unitCost,
    fixedPrice: outsourcing.fixedPrice.amount,
    total: outsourcing.total,
    instructions: portal.instructions,
    checklist: portal.checklist,
    confirm: {
      required: portal.confirm.enabled,
      status: portal.confirm.status,
      answeredAt: portal.confirm.acceptedDate ?? (portal.confirm.status === 3 ? portal.sentDateStatus : null),
      comment: portal.confirm.comment,
    },
    sentDate: portal.sentDate,
    expiresAt,
    doneDate: portal.doneDate,
    comments: portal.supplierComments,
    uploadFileOnGroup: portal.uploadFileOnGroup,
    purchaseOrder,
  };
}
