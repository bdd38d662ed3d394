/**
 * An account's exchange rates as one value, pure (docs/exchange-rates.md): the rate of a currency
 * on a day is the latest on or before that day; amounts convert to the account's currency as
 * `amount ÷ rate` (a rate is how many units of the currency one unit of the account's currency
 * buys), rounded half away from zero to the account currency's minor unit.
 */
import { Dec, roundMoney } from '../../core/money.js';

export interface RateEntry {
  currency: string;
  /** `YYYY-MM-DD`. */
  date: string;
  /** Exact decimal string, > 0. */
  rate: string;
}

/** A rate found for a day: the rate and the day it was recorded for (on or before the day asked). */
export interface RateUsed {
  currency: string;
  date: string;
  rate: string;
}

export interface Converted {
  /** The amount in the account's currency, rounded to its minor unit. */
  value: Dec;
  /** The rate used; null when the amount already was in the account's currency. */
  rate: RateUsed | null;
}

export class RateBook {
  /** Per currency, its entries sorted by date. */
  private readonly byCurrency = new Map<string, RateEntry[]>();

  constructor(
    readonly accountCurrency: string,
    entries: readonly RateEntry[],
  ) {
    for (const entry of entries) {
      if (entry.currency === accountCurrency) continue;
      const list = this.byCurrency.get(entry.currency) ?? [];
      list.push(entry);
      this.byCurrency.set(entry.currency, list);
    }
    for (const list of this.byCurrency.values()) list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }

  /** The rate of `currency` on `day` (`YYYY-MM-DD`): the latest on or before it; null when none. */
  rateOn(currency: string, day: string): RateUsed | null {
    const list = this.byCurrency.get(currency);
    if (list === undefined) return null;
    let low = 0;
    let high = list.length - 1;
    let found: RateEntry | null = null;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const entry = list[middle]!;
      if (entry.date <= day) {
        found = entry;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return found === null ? null : { currency, date: found.date, rate: found.rate };
  }

  /** `amount` in `currency` in the account's currency on `day`; null when no rate is known for that day. */
  toAccount(amount: string | number | Dec, currency: string, day: string): Converted | null {
    if (currency === this.accountCurrency) return { value: roundMoney(amount, currency), rate: null };
    const used = this.rateOn(currency, day);
    if (used === null) return null;
    return { value: roundMoney(new Dec(amount).div(used.rate), this.accountCurrency), rate: used };
  }
}

/**
 * The day a job's amounts are converted on, and the month reports count it in: its due date,
 * else the day it was created (UTC). A job's revenue is earned on delivery; the due date is the
 * delivery the agency planned and is known before the work is done.
 */
export function jobDay(job: { due_date: string | null; created_at: string }): string {
  return (job.due_date ?? job.created_at).slice(0, 10);
}
