import { Decimal } from 'decimal.js';

/**
 * Money and rates are exact decimals (decimal.js), never binary floats (docs/reference.md#money-and-rounding).
 * Stored as decimal strings; rounded half away from zero to the currency's minor unit.
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
export type Dec = Decimal;

export interface Currency {
  code: string;
  symbol: string;
}

interface CurrencyInfo extends Currency {
  minorUnits: number;
}

const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
const currencyCache = new Map<string, CurrencyInfo>();

export function isCurrencyCode(code: unknown): code is string {
  return typeof code === 'string' && /^[A-Z]{3}$/.test(code) && KNOWN_CURRENCIES.has(code);
}

function currencyInfo(code: string): CurrencyInfo {
  let info = currencyCache.get(code);
  if (!info) {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' });
    const symbol = format.formatToParts(0).find((part) => part.type === 'currency')?.value ?? code;
    info = { code, symbol, minorUnits: format.resolvedOptions().maximumFractionDigits ?? 2 };
    currencyCache.set(code, info);
  }
  return info;
}

/** `{ code, symbol }` of an ISO 4217 code, symbol from the narrow currency symbol of `Intl`. */
export function currency(code: string): Currency {
  const { symbol } = currencyInfo(code);
  return { code, symbol };
}

export function minorUnits(code: string): number {
  return currencyInfo(code).minorUnits;
}

/** Rounds half away from zero to the currency's minor unit. */
export function roundMoney(value: Decimal.Value, currencyCode: string): Decimal {
  return new Dec(value).toDecimalPlaces(minorUnits(currencyCode), Decimal.ROUND_HALF_UP);
}

/** Unit costs and rates keep up to 6 decimals. */
export function roundRate(value: Decimal.Value): Decimal {
  return new Dec(value).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
}

/** A decimal string as stored in the database, from API input (a JS number parsed from decimal text). */
export function toDecimalString(value: number | string | Decimal): string {
  return new Dec(value).toFixed();
}

/** The API answers numbers; a stored decimal string becomes the nearest double only at the edge. */
export function toNumber(value: string | null): number | null {
  return value === null ? null : Number(value);
}
