import { Dec, roundRate, toDecimalString } from '../../core/money.js';

/**
 * Match entries of a price (docs/prices.md#match-entries), as pure rules over exact decimals.
 *
 * An entry stores the value of its price's mode: `unitCost` (the rate) in `fixed` mode,
 * `percentage` (a fraction of the price unit cost) in `percentage` mode. The other field is
 * derived whenever the entry is shown, so both are always present and consistent:
 * - fixed: rate = unitCost; percentage shown = unitCost / price.unitCost, 4 decimals
 *   (1 when the price unit cost is 0);
 * - percentage: rate = price.unitCost × percentage, 6 decimals; unitCost shown = that rate.
 */
export type MatchesType = 'fixed' | 'percentage';

export const MAX_PERCENTAGE = 10;

/** The stored value of one entry: exactly the field of the price's mode is set. */
export interface StoredMatchValue {
  unitCost: string | null;
  percentage: string | null;
}

export interface MatchView {
  percentage: Dec;
  unitCost: Dec;
}

/** A conversion that cannot keep an entry's rate (a fixed rate over a price unit cost of 0). */
export class MatchConversionError extends Error {}

/** The effective rate of an entry: what one unit in this match category costs. */
export function matchRate(type: MatchesType, priceUnitCost: string, stored: StoredMatchValue): Dec {
  if (type === 'fixed') return new Dec(stored.unitCost ?? '0');
  return roundRate(new Dec(priceUnitCost).mul(stored.percentage ?? '0'));
}

/** Both fields of an entry as shown in the price record. */
export function matchView(type: MatchesType, priceUnitCost: string, stored: StoredMatchValue): MatchView {
  const rate = matchRate(type, priceUnitCost, stored);
  if (type === 'percentage') return { percentage: new Dec(stored.percentage ?? '0'), unitCost: rate };
  const base = new Dec(priceUnitCost);
  const percentage = base.isZero() ? new Dec(1) : rate.div(base).toDecimalPlaces(4, Dec.ROUND_HALF_UP);
  return { percentage, unitCost: rate };
}

/** The stored value of an entry given in its price's mode (API input: numbers). */
export function storedValue(type: MatchesType, input: { unitCost?: number; percentage?: number }): StoredMatchValue {
  if (type === 'fixed') return { unitCost: roundRate(input.unitCost ?? 0).toFixed(), percentage: null };
  return { unitCost: null, percentage: toDecimalString(input.percentage ?? 0) };
}

/**
 * The stored value after the price changes mode from `from` to `to`, keeping the entry's rate.
 * `priceUnitCost` is the price's unit cost after the change (a unit cost change in the same
 * update applies first, under the old mode).
 */
export function convertMatch(from: MatchesType, to: MatchesType, priceUnitCost: string, stored: StoredMatchValue): StoredMatchValue {
  if (from === to) return stored;
  const rate = matchRate(from, priceUnitCost, stored);
  if (to === 'fixed') return { unitCost: rate.toFixed(), percentage: null };
  const base = new Dec(priceUnitCost);
  if (base.isZero()) {
    // Any percentage of 0 is 0: only a zero rate survives, shown as 1 as in fixed mode.
    if (!rate.isZero()) throw new MatchConversionError('a fixed match rate cannot be kept as a percentage of a unit cost of 0');
    return { unitCost: null, percentage: '1' };
  }
  // Full precision (40 significant digits), so that price.unitCost × percentage gives the rate back exactly.
  return { unitCost: null, percentage: rate.div(base).toFixed() };
}

/** Moves the element at `from` to index `to` (both 0-based and in range). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  const [item] = result.splice(from, 1);
  result.splice(to, 0, item as T);
  return result;
}
