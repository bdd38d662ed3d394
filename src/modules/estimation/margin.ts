/** The numeric part of a profitability (docs/estimation.md#6-profitability-and-performance): margin, margin rate, target, pure. */
import { Dec } from '../../core/money.js';
import { money, round } from './decimal.js';
import type { NonNumericStatus, Profitability } from './types.js';

/** Decimals of `marginRate`. */
export const MARGIN_RATE_DECIMALS = 4;

/** A non-numeric status; `withMargin` repeats it. */
export function nonNumeric(status: Exclude<NonNumericStatus, 'noExchangeRate'>): Profitability {
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
