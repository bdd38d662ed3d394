import { LOCALE } from '../i18n';

/**
 * How the console writes numbers, amounts and dates (docs/console.md#text): in the catalogue's
 * language. The API's amounts are already rounded to the currency's decimals; these only write them.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(LOCALE, options)));
  return format;
}

/** An amount in a currency (ISO 4217 code): "€1,234.50". */
export function formatMoney(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined) return '—';
  try {
    return numberFormat(`money:${currency}`, { style: 'currency', currency }).format(amount);
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
    return numberFormat(`rate:${currency}`, { style: 'currency', currency, maximumFractionDigits: 6 }).format(rate);
  } catch {
    return numberFormat('rate', { maximumFractionDigits: 6 }).format(rate);
  }
}

/** A quantity or a rate: at most `maxDecimals` decimals, grouped thousands. */
export function formatNumber(value: number | null | undefined, maxDecimals = 2): string {
  if (value === null || value === undefined) return '—';
  return numberFormat(`number:${maxDecimals}`, { maximumFractionDigits: maxDecimals }).format(value);
}

/** A fraction as a percentage: 0.125 → "12.5%". */
export function formatPercent(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined) return '—';
  return numberFormat('percent', { style: 'percent', maximumFractionDigits: 1 }).format(fraction);
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
