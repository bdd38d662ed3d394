/** `estimation.outsourcing` of a job (docs/estimation.md#5-outsourcing) and its sum over several jobs (docs/estimation.md#7-group-estimation). */
import { currency, Dec } from '../../core/money.js';
import { checkCurrency, dec, money } from './decimal.js';
import { OUTSOURCING_CANCELLED, type OutsourcingItem, type OutsourcingSummary, type Reference } from './types.js';

/** Accumulates exact sums per currency and distinct suppliers, both in first-seen order. */
class Accumulator {
  private readonly sums = new Map<string, Dec>();
  private readonly suppliers = new Map<string, Reference>();
  private unpriced = 0;

  addUnpriced(count: number): void {
    this.unpriced += count;
  }

  addSupplier(supplier: Reference): void {
    if (!this.suppliers.has(supplier.id)) this.suppliers.set(supplier.id, { id: supplier.id, name: supplier.name });
  }

  addTotal(code: string, total: string, field: string): void {
    checkCurrency(code);
    this.sums.set(code, (this.sums.get(code) ?? new Dec(0)).plus(dec(total, field)));
  }

  summary(): OutsourcingSummary {
    return {
      suppliers: [...this.suppliers.values()],
      totals: [...this.sums].map(([code, sum]) => ({ currency: currency(code), total: money(sum, code) })),
      // Only when some are: the stored estimation of every other job stays as it was.
      ...(this.unpriced > 0 ? { unpriced: this.unpriced } : {}),
    };
  }
}

/**
 * Suppliers (distinct, by id) and totals per currency (exact sums of the outsourcing totals) over
 * the non-cancelled outsourcing of a job, in the order the outsourcing is given.
 */
export function summarizeOutsourcing(items: readonly OutsourcingItem[]): OutsourcingSummary {
  const acc = new Accumulator();
  items.forEach((item, i) => {
    if (item.status === OUTSOURCING_CANCELLED) return;
    acc.addSupplier(item.supplier);
    acc.addTotal(item.currency, item.total, `outsourcing[${i}].total`);
    if (item.unpriced === true) acc.addUnpriced(1);
  });
  return acc.summary();
}

/** Merges several jobs' summaries: suppliers distinct by id, totals summed per currency. */
export function mergeOutsourcing(summaries: readonly OutsourcingSummary[]): OutsourcingSummary {
  const acc = new Accumulator();
  for (const summary of summaries) {
    summary.suppliers.forEach((supplier) => acc.addSupplier(supplier));
    summary.totals.forEach((entry) => acc.addTotal(entry.currency.code, entry.total, 'outsourcing total'));
    acc.addUnpriced(summary.unpriced ?? 0);
  }
  return acc.summary();
}
