/**
 * Profitability across currencies (docs/estimation.md#6-profitability-and-performance), pure: a
 * revenue and costs given as amounts per currency and day, compared in one currency. When every
 * amount (other than zero) is in one currency, the figures stay in it and need no rate; otherwise
 * each amount is converted to the account's currency with the rate of its day (a job's day:
 * its due date, else its creation day), amounts of one currency and day added up first and
 * converted once, rounded to the account currency's minor unit.
 */
import { currency, Dec } from '../../core/money.js';
import { checkCurrency, dec, money } from './decimal.js';
import { profitabilityOf } from './margin.js';
import type { DatedAmount, DecimalString, Profitability, ProfitabilityBasis, RateLookup, RateWanted } from './types.js';

/** A rate look-up that knows no rate: amounts in `reference` only (the stored estimation, computed without rates). */
export function noRates(reference: string): RateLookup {
  return {
    accountCurrency: reference,
    toAccount: (amount, code) => (code === reference ? { value: new Dec(amount), rate: null } : null),
  };
}

/** The currencies of the amounts other than zero, in first-seen order (revenue first). */
export function currenciesOf(basis: ProfitabilityBasis): string[] {
  const seen = new Set<string>();
  for (const entry of [...basis.revenue, ...basis.cost]) if (!dec(entry.amount, 'amount').isZero()) seen.add(entry.currency);
  return [...seen];
}

/** True when the figures need exchange rates: amounts other than zero in more than one currency. */
export function needsRates(basis: ProfitabilityBasis): boolean {
  return currenciesOf(basis).length > 1;
}

/** Exact sums per currency and day, in first-seen order. */
export function byCurrencyAndDay(amounts: readonly DatedAmount[]): DatedAmount[] {
  const sums = new Map<string, { currency: string; day: string; sum: Dec }>();
  amounts.forEach((entry, i) => {
    const key = `${entry.currency} ${entry.day}`;
    const known = sums.get(key) ?? { currency: checkCurrency(entry.currency), day: entry.day, sum: new Dec(0) };
    known.sum = known.sum.plus(dec(entry.amount, `amounts[${i}]`));
    sums.set(key, known);
  });
  return [...sums.values()].map(({ currency: code, day, sum }) => ({ currency: code, day, amount: sum.toFixed() }));
}

/**
 * The numeric profitability of a revenue and costs, with the figures compared (`revenue`, `cost`,
 * their `currency`) and the rates used; `noExchangeRate` naming each currency and day without a
 * rate (never a numeric status then).
 */
export function convertedProfitability(basis: ProfitabilityBasis, targetMargin: DecimalString, rates: RateLookup): Profitability {
  const target = dec(targetMargin, 'targetMargin');
  const currencies = currenciesOf(basis);
  if (currencies.length <= 1) {
    const code = checkCurrency(currencies[0] ?? basis.currency);
    const sum = (list: readonly DatedAmount[]) => list.filter((e) => e.currency === code).reduce((s, e) => s.plus(dec(e.amount, 'amount')), new Dec(0));
    return withFigures(profitabilityOf(sum(basis.revenue), sum(basis.cost), target, code), sum(basis.revenue), sum(basis.cost), code, []);
  }
  const code = checkCurrency(rates.accountCurrency);
  const missing: RateWanted[] = [];
  const used = new Map<string, { currency: string; date: string; rate: string }>();
  const convert = (list: readonly DatedAmount[]): Dec =>
    byCurrencyAndDay(list).reduce((total, entry) => {
      if (dec(entry.amount, 'amount').isZero()) return total;
      const converted = rates.toAccount(entry.amount, entry.currency, entry.day);
      if (converted === null) {
        if (!missing.some((m) => m.currency === entry.currency && m.date === entry.day)) missing.push({ currency: entry.currency, date: entry.day });
        return total;
      }
      if (converted.rate !== null) used.set(`${converted.rate.currency} ${converted.rate.date}`, { ...converted.rate });
      return total.plus(converted.value);
    }, new Dec(0));
  const revenue = convert(basis.revenue);
  const cost = convert(basis.cost);
  if (missing.length > 0) return { status: 'noExchangeRate', withMargin: { status: 'noExchangeRate' }, missing };
  const rateList = [...used.values()].sort((a, b) => (a.currency + a.date < b.currency + b.date ? -1 : 1));
  return withFigures(profitabilityOf(revenue, cost, target, code), revenue, cost, code, rateList);
}

function withFigures(
  numeric: Profitability,
  revenue: Dec,
  cost: Dec,
  code: string,
  rates: Array<{ currency: string; date: string; rate: string }>,
): Profitability {
  if (!('margin' in numeric)) return numeric;
  return { ...numeric, revenue: money(revenue, code), cost: money(cost, code), currency: currency(code), rates };
}
