import type { JobEstimation, Profitability, Reference } from '../estimation/index.js';
import { profitabilityJson } from './profitability.js';
import type { EstimationView } from './schemas.js';

/**
 * The stored estimation (exact decimal strings) as answered: JSON numbers at the edge, with the
 * references that can be renamed since (service, unit, suppliers) shown with their current names,
 * and the profitability of now (the account's target margin and exchange rates: `shown`, from
 * estimation/shown.ts). No pricing work happens here.
 */
export interface ViewRefs {
  service: Reference;
  quantityType: Reference;
  /** Current names of suppliers, by id. */
  supplierNames: Map<string, string>;
  /** The profitability shown (estimation's shownProfitability). */
  profitability: Profitability;
}

const num = (value: string) => Number(value);

export function estimationView(stored: JobEstimation, refs: ViewRefs): EstimationView {
  const d = stored.details;
  const part = (p: { amount: string; discount: string; total: string }) => ({ amount: num(p.amount), discount: num(p.discount), total: num(p.total) });
  const profitability = profitabilityJson(refs.profitability);
  return {
    currency: stored.currency,
    details: {
      currency: d.currency,
      discount: { amount: num(d.discount.amount), value: num(d.discount.value) },
      extraCharge: { amount: num(d.extraCharge.amount), percentage: num(d.extraCharge.percentage), type: 'percentage' },
      matches: d.matches.map((line) => ({ id: line.id, name: line.name, value: num(line.value), rate: num(line.rate), amount: num(line.amount) })),
      minimumFeeApplied: d.minimumFeeApplied,
      quantity: { quantityType: refs.quantityType, value: num(d.quantity.value) },
      service: refs.service,
      subtotal: num(d.subtotal),
      total: num(d.total),
      totalDetails: { subtotal: part(d.totalDetails.subtotal), extraCharge: part(d.totalDetails.extraCharge), total: num(d.totalDetails.total) },
      unitCost: num(d.unitCost),
    },
    isV2: true,
    outsourcing: {
      suppliers: stored.outsourcing.suppliers.map((s) => ({ id: s.id, name: refs.supplierNames.get(s.id) ?? s.name })),
      totals: stored.outsourcing.totals.map((t) => ({ currency: t.currency, total: num(t.total) })),
    },
    performance:
      stored.performance.status === 'tracked'
        ? { status: 'tracked', revenuePerHour: num(stored.performance.revenuePerHour) }
        : { status: stored.performance.status },
    profitability,
    total: num(stored.total),
    totalInvoiced: stored.totalInvoiced === null ? null : num(stored.totalInvoiced),
    type: stored.type,
  };
}
