/** Parsing and formatting of the engine's decimal strings (exact decimal.js arithmetic, docs/reference.md#money-and-rounding). */
import { Dec, isCurrencyCode, minorUnits, roundMoney } from '../../core/money.js';

/** Parses a decimal input; throws a TypeError naming the field when it is not a finite decimal. */
export function dec(value: string | number, field: string): Dec {
  let parsed: Dec;
  try {
    parsed = new Dec(value);
  } catch {
    throw new TypeError(`estimation: ${field} is not a decimal number: ${JSON.stringify(value)}`);
  }
  if (!parsed.isFinite()) throw new TypeError(`estimation: ${field} is not finite: ${JSON.stringify(value)}`);
  return parsed;
}

/** A whole number of milliseconds ≥ 0. */
export function milliseconds(value: number, field: string): Dec {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(`estimation: ${field} must be a whole number of milliseconds ≥ 0: ${value}`);
  }
  return new Dec(value);
}

export function checkCurrency(code: string): string {
  if (!isCurrencyCode(code)) throw new TypeError(`estimation: unknown currency ${JSON.stringify(code)}`);
  return code;
}

/** -0 → 0, so that the strings never show "-0". */
function unsigned(value: Dec): Dec {
  return value.isZero() ? new Dec(0) : value;
}

/** Rounds half away from zero to the minor unit and writes all its decimals: "104.93", "105" (JPY). */
export function money(value: Dec, code: string): string {
  return unsigned(roundMoney(value, code)).toFixed(minorUnits(code));
}

/** Rounds half away from zero to the minor unit (as a Decimal). */
export function round(value: Dec, code: string): Dec {
  return unsigned(roundMoney(value, code));
}

/** The shortest exact writing of a decimal: "0.1" for "0.10", "0" for "-0". */
export function plain(value: Dec): string {
  return unsigned(value).toFixed();
}

export const HOUR_MS = 3_600_000;
