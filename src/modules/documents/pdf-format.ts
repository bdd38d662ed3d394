import { Dec, minorUnits } from '../../core/money.js';

/**
 * How numbers read on a document PDF. One rule for every document, whatever the language of the
 * parties (the labels are English): digits in groups of three separated by a no-break space, a
 * decimal point, so that `1 247 067 890.00` reads the same to every European reader and is never
 * mistaken for three decimals; amounts carry the currency's symbol in front, as English-language
 * CLDR data writes it unambiguously (`€`, `$` for USD, `CA$`, `£`, `¥` for JPY, `CN¥`), or its
 * code where it has no such symbol (`PLN`, `CHF`), then a no-break space. Computed with exact
 * decimals from the stored values, never through binary floating point.
 */
export const GROUP_SEPARATOR = '\u00a0';

const symbols = new Map<string, string>();

/** The currency's symbol in English-language documents (`EUR` → `€`, `CAD` → `CA$`, `PLN` → `PLN`). */
export function currencySymbol(code: string): string {
  let symbol = symbols.get(code);
  if (symbol === undefined) {
    const parts = new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'symbol' }).formatToParts(0);
    symbol = parts.find((part) => part.type === 'currency')?.value ?? code;
    symbols.set(code, symbol);
  }
  return symbol;
}

/** `-1247067890.5` with 2 decimals → `-1 247 067 890.50`: exact, rounded half away from zero. */
export function groupDigits(value: number | string, decimals: { min: number; max: number }): string {
  const exact = new Dec(String(value)).toDecimalPlaces(decimals.max, Dec.ROUND_HALF_UP);
  const [integer = '0', fractionDigits = ''] = exact.abs().toFixed(decimals.max).split('.');
  const fraction = fractionDigits.replace(/0+$/, '').padEnd(decimals.min, '0');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
  const sign = exact.isNegative() && !exact.isZero() ? '-' : '';
  return `${sign}${grouped}${fraction === '' ? '' : `.${fraction}`}`;
}

/** An amount in the currency's minor unit with its symbol: `€1 247 067 890.00`, `-€10.30`, `PLN 3.02`. */
export function formatAmount(value: number | string, currencyCode: string, maxDecimals = minorUnits(currencyCode)): string {
  const digits = minorUnits(currencyCode);
  const number = groupDigits(value, { min: digits, max: Math.max(digits, maxDecimals) });
  const symbol = currencySymbol(currencyCode);
  const separator = /\p{L}$/u.test(symbol) ? GROUP_SEPARATOR : '';
  return number.startsWith('-') ? `-${symbol}${separator}${number.slice(1)}` : `${symbol}${separator}${number}`;
}

/** A unit cost keeps up to 6 decimals (as stored), at least the currency's: `€0.125`, `€10.00`. */
export function formatUnitCost(value: number | string, currencyCode: string): string {
  return formatAmount(value, currencyCode, 6);
}

/** A quantity as stored (up to 6 decimals), grouped: `12 500`, `2.5`. */
export function formatQuantity(value: number | string): string {
  return groupDigits(value, { min: 0, max: 6 });
}

/** A rate as a percentage: 0.21 → `21 %`, 0.075 → `7.5 %`. */
export function formatPercent(fraction: number): string {
  return `${groupDigits(new Dec(String(fraction)).times(100).toString(), { min: 0, max: 4 })} %`;
}
