/**
 * The profitability a job or a group shows (docs/estimation.md#6-profitability-and-performance),
 * pure: computed when its view is built, from its stored estimation (the figures per currency), the
 * account's target margin and exchange rates of now. The stored estimation is computed without
 * rates; its non-numeric statuses that no rate changes (incorrectStatus, noOutsourcing, unpriced)
 * are shown as stored.
 */
import { convertedProfitability, needsRates, noRates } from './conversion.js';
import type { GroupEstimation, JobEstimation, Profitability, ProfitabilityBasis, RateLookup } from './types.js';

type StoredJob = Pick<JobEstimation, 'currency' | 'total' | 'outsourcing' | 'profitability'>;

/** Statuses no rate and no target margin changes. */
const SETTLED = new Set(['incorrectStatus', 'noOutsourcing', 'unpriced']);

/**
 * What a job's figures are computed from, null when its stored status is settled. An estimation
 * stored before conversion existed says noCurrency for a job in several currencies: converted too.
 */
export function jobBasis(stored: StoredJob, day: string): ProfitabilityBasis | null {
  if (SETTLED.has(stored.profitability.status)) return null;
  const code = stored.currency.code;
  return {
    currency: code,
    revenue: [{ currency: code, day, amount: stored.total }],
    cost: stored.outsourcing.totals.map((entry) => ({ currency: entry.currency.code, day, amount: entry.total })),
  };
}

/** What a group's figures are computed from, null when its stored status is settled or it has no amounts to convert and no numeric status. */
export function groupBasis(stored: Pick<GroupEstimation, 'currency' | 'total' | 'outsourcing' | 'profitability' | 'amounts'>): ProfitabilityBasis | null {
  const code = stored.currency?.code;
  if (code === undefined || SETTLED.has(stored.profitability.status)) return null;
  if (stored.amounts) return { currency: code, revenue: stored.amounts.revenue, cost: stored.amounts.cost };
  // One currency (figures of the stored estimation); an estimation stored before conversion existed keeps its status.
  const p = stored.profitability;
  if (!('margin' in p)) return null;
  if (p.revenue !== undefined && p.cost !== undefined && p.currency !== undefined) {
    const one = p.currency.code;
    return { currency: one, revenue: [{ currency: one, day: '', amount: p.revenue }], cost: [{ currency: one, day: '', amount: p.cost }] };
  }
  const cost = stored.outsourcing.totals.find((entry) => entry.currency.code === code)?.total ?? '0';
  return { currency: code, revenue: [{ currency: code, day: '', amount: stored.total }], cost: [{ currency: code, day: '', amount: cost }] };
}

/** True when showing these figures needs the account's exchange rates. */
export function basisNeedsRates(basis: ProfitabilityBasis | null): boolean {
  return basis !== null && needsRates(basis);
}

/** The profitability shown: the stored one when settled, else the figures with the target margin and rates of now. */
export function shownProfitability(
  stored: Profitability,
  basis: ProfitabilityBasis | null,
  targetMargin: string,
  rates: RateLookup | undefined,
): Profitability {
  if (basis === null) return stored;
  return convertedProfitability(basis, targetMargin, rates ?? noRates(basis.currency));
}
