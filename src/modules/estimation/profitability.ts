/** `estimation.profitability` and `estimation.performance` (docs/estimation.md#6-profitability-and-performance), pure. */
import { checkCurrency, dec, HOUR_MS, milliseconds, money } from './decimal.js';
import { nonNumeric } from './margin.js';

export { MARGIN_RATE_DECIMALS, nonNumeric, profitabilityOf } from './margin.js';
import {
  JOB_CANCELLED,
  OUTSOURCING_CANCELLED,
  type Performance,
  type PerformanceInput,
  type Profitability,
  type ProfitabilityBasis,
  type ProfitabilityInput,
  type RateLookup,
} from './types.js';
import { convertedProfitability, noRates } from './conversion.js';

/**
 * Profitability of a job (docs/estimation.md#6-profitability-and-performance), first that applies:
 * incorrectStatus (cancelled or non-billable) → noCurrency (no price currency) → noOutsourcing (no
 * non-cancelled outsourcing) → unpriced (a non-cancelled outsourcing without a price for its
 * supplier) → the figures of convertedProfitability: revenue = the job's estimation total and
 * cost = Σ non-cancelled outsourcing totals, all at the job's day; noExchangeRate when a rate is
 * missing. Without `rates`, only the job's currency is known (amounts in another one need a rate).
 */
export function jobProfitability(input: ProfitabilityInput, rates?: RateLookup): Profitability {
  if (input.status === JOB_CANCELLED || input.nonBillable) return nonNumeric('incorrectStatus');
  if (input.currency === null) return nonNumeric('noCurrency');
  const code = checkCurrency(input.currency);
  const live = input.outsourcing.filter((item) => item.status !== OUTSOURCING_CANCELLED);
  if (live.length === 0) return nonNumeric('noOutsourcing');
  if (live.some((item) => item.unpriced === true)) return nonNumeric('unpriced');
  const day = input.day ?? '';
  const basis: ProfitabilityBasis = {
    currency: code,
    revenue: [{ currency: code, day, amount: dec(input.revenue, 'revenue').toFixed() }],
    cost: live.map((item, i) => ({ currency: item.currency, day, amount: dec(item.total, `outsourcing[${i}].total`).toFixed() })),
  };
  return convertedProfitability(basis, input.targetMargin, rates ?? noRates(code));
}

/**
 * Performance (docs/estimation.md#6-profitability-and-performance): noTimeTracked when no time is tracked, else revenue per tracked hour
 * (all entries, billable or not) = revenue × 3 600 000 / ms, rounded to the minor unit.
 */
export function jobPerformance(input: PerformanceInput): Performance {
  const code = checkCurrency(input.currency);
  const ms = milliseconds(input.trackedMs, 'trackedMs');
  if (ms.isZero()) return { status: 'noTimeTracked' };
  const revenue = dec(input.revenue, 'revenue');
  return { status: 'tracked', revenuePerHour: money(revenue.times(HOUR_MS).div(ms), code) };
}
