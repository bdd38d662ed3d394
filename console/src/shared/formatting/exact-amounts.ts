import { normalizeDecimal, plainDecimal } from './decimal';

/**
 * Sums and differences of amounts, exactly (a supplier invoice against its purchase orders,
 * docs/supplier-invoices.md): the amounts come as JSON numbers (100.1, 50.2), and they are added in
 * whole units of their smallest decimal as BigInt, never as floats (0.1 + 0.2 is not 0.3 in binary
 * arithmetic). The server compares an invoice's total with the same sum in exact decimals; the
 * portal's form says the same before sending, and the agency's list shows the same difference.
 */

/** A total as the API takes it: digits, a dot, at most 6 decimals (the API's pattern). */
const AMOUNT = /^[0-9]{1,12}(\.[0-9]{1,6})?$/;

const placesOf = (text: string) => (text.split('.')[1] ?? '').length;

/** A plain decimal text (no sign, no exponent) as a whole number of 10^-scale. */
function scaled(text: string, scale: number): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const units = BigInt(whole + fraction.padEnd(scale, '0'));
  return negative ? -units : units;
}

/** A whole number of 10^-scale as decimal text with at least `minPlaces` decimals: (15030n, 2) → "150.30". */
function textOf(units: bigint, scale: number, minPlaces: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  while (fraction.length > minPlaces && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** The decimals of a currency (ISO 4217: EUR 2, JPY 0); 2 for a code the browser does not know. */
export function currencyDecimals(code: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** The exact sum of amounts, written with at least `minPlaces` decimals: ([100.1, 50.2], 2) → "150.30". */
export function sumAmounts(values: readonly number[], minPlaces: number): string {
  const texts = values.map(plainDecimal);
  const scale = Math.max(minPlaces, ...texts.map(placesOf));
  const total = texts.reduce((sum, text) => sum + scaled(text, scale), 0n);
  return textOf(total, scale, minPlaces);
}

/**
 * A typed total as the API takes it ("1 234,5" → "1234.5"), or undefined when it is no amount of
 * at most `maxPlaces` decimals.
 */
export function readAmount(typed: string, maxPlaces: number): string | undefined {
  const text = normalizeDecimal(typed);
  if (!AMOUNT.test(text) || placesOf(text) > maxPlaces) return undefined;
  return text;
}

/** `a - b` exactly, as decimal text ("0.31", "0.30" → "0.01"; 0.31, 0.3 → "0.01"); "0" when they are equal. */
export function differenceOf(a: string | number, b: string | number): string {
  const [left, right] = [a, b].map((value) => (typeof value === 'number' ? plainDecimal(value) : value)) as [string, string];
  const scale = Math.max(placesOf(left), placesOf(right));
  return textOf(scaled(left, scale) - scaled(right, scale), scale, 0) || '0';
}
