/** `estimation.profitability` and `estimation.performance` (docs/estimation.md#6-profitability-and-performance), pure. */
import { Dec } from '../../core/money.js';
import { checkCurrency, dec, HOUR_MS, milliseconds, money, round } from './decimal.js';
import {
  JOB_CANCELLED,
  OUTSOURCING_CANCELLED,
  type NonNumericStatus,
  type Performance,
  type PerformanceInput,
  type Profitability,
  type ProfitabilityInput,
} from './types.js';

/** Decimals of `marginRate`. */
export const MARGIN_RATE_DECIMALS = 4;

/** A non-numeric status; `withMargin` repeats it. */
export function nonNumeric(status: NonNumericStatus): Profitability {
  return { status, withMargin: { status } };
}

/**
 * The numeric part of docs/estimation.md#6-profitability-and-performance from a revenue and a cost in one currency (both rounded to its minor
 * unit first): margin = revenue − cost; marginRate = margin / revenue rounded half away from zero
 * to 4 decimals (null when revenue is 0); aboveTarget when marginRate ≥ targetMargin (the rounded
 * rate, the one shown), belowTarget otherwise, and when marginRate is null.
 */
export function profitabilityOf(revenueValue: Dec, costValue: Dec, targetMargin: Dec, code: string): Profitability {
  const revenue = round(revenueValue, code);
  const cost = round(costValue, code);
  const margin = revenue.minus(cost);
  const rate = revenue.isZero() ? null : margin.div(revenue).toDecimalPlaces(MARGIN_RATE_DECIMALS, Dec.ROUND_HALF_UP);
  const status = margin.gt(0) ? 'profitable' : margin.lt(0) ? 'unprofitable' : 'breakEven';
  return {
    status,
    margin: money(margin, code),
    marginRate: rate === null ? null : (rate.isZero() ? new Dec(0) : rate).toFixed(MARGIN_RATE_DECIMALS),
    withMargin: { status: rate !== null && rate.gte(targetMargin) ? 'aboveTarget' : 'belowTarget' },
  };
}

/**
 * Profitability of a job (docs/estimation.md#6-profitability-and-performance), first that applies:
 * incorrectStatus (cancelled or non-billable) → noCurrency (no price currency, or a non-cancelled
 * outsourcing in another currency) → noOutsourcing (no non-cancelled outsourcing) → numeric, with
 * revenue = the job's estimation total and cost = Σ non-cancelled outsourcing totals.
 */
export function jobProfitability(input: ProfitabilityInput): Profitability {
  if (input.status === JOB_CANCELLED || input.nonBillable) return nonNumeric('incorrectStatus');
  if (input.currency === null) return nonNumeric('noCurrency');
  const code = checkCurrency(input.currency);
  const live = input.outsourcing.filter((item) => item.status !== OUTSOURCING_CANCELLED);
  if (live.some((item) => item.currency !== code)) return nonNumeric('noCurrency');
  if (live.length === 0) return nonNumeric('noOutsourcing');
  const cost = live.reduce((sum, item, i) => sum.plus(dec(item.total, `outsourcing[${i}].total`)), new Dec(0));
  return profitabilityOf(dec(input.revenue, 'revenue'), cost, dec(input.targetMargin, 'targetMargin'), code);
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
