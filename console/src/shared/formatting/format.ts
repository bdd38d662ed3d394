import { NumberWriter } from '../../../../src/core/number-writer';
import { LOCALE } from '../i18n';

/**
 * How the console writes numbers, amounts and dates (docs/console.md#text): in the catalogue's
 * language. The API's amounts are already rounded to the currency's decimals; these only write them.
 * The numbers are written by the server's own writer (src/core/number-writer.ts), which writes
 * them on the documents too.
 */
const numbers = new NumberWriter(LOCALE);

/** An amount in a currency (ISO 4217 code): "€1,234.50". */
export function formatMoney(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined) return '—';
  try {
    return numbers.money(amount, currency);
  } catch {
    // A code Intl does not know: the number and the code.
    return `${formatNumber(amount, 2)} ${currency}`;
  }
}

/**
 * A rate (a unit cost, a match rate) in a currency: the currency's decimals at least, up to the 6
 * the API keeps ("€0.085", "€0.12", "€45.00"); formatMoney would round 0.085 to "€0.09".
 */
export function formatRate(rate: number | null | undefined, currency: string): string {
  if (rate === null || rate === undefined) return '—';
  try {
    return numbers.money(rate, currency, { maxDecimals: 6 });
  } catch {
    return numbers.number(rate, 6);
  }
}

/** A quantity or a rate: at most `maxDecimals` decimals, grouped thousands. */
export function formatNumber(value: number | null | undefined, maxDecimals = 2): string {
  if (value === null || value === undefined) return '—';
  return numbers.number(value, maxDecimals);
}

/** A fraction as a percentage: 0.125 → "12.5%". */
export function formatPercent(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined) return '—';
  return numbers.percent(fraction, 1);
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A date (an ISO 8601 date or date-time): "26 Nov 2026". */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  return dateFormat.format(new Date(iso));
}

/** A moment: "26 Nov 2026, 14:05". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return dateTimeFormat.format(new Date(iso));
}

/** A byte count: "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatNumber(value, 1)} ${units[unit]}`;
}

/** A duration in seconds as h:mm:ss (the running timer, time entries). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
