/**
 * Decimal numbers as text, exactly: what people type (a unit cost, a rate, "5,5" %) and the JSON
 * numbers the API answers. The decimal point is moved in the text, never by multiplying floats
 * (5.5 / 100 is 0.055 but 33.3 / 100 is not 0.333 in binary arithmetic). The price grid and the
 * settings (taxes, the target margin) share these.
 */

const SIGNED_DECIMAL = /^-?\d+(\.\d+)?$/;

/** Typed text as a decimal: spaces dropped, a decimal comma read as a point. */
export const normalizeDecimal = (text: string) => text.trim().replace(/\s/g, '').replace(',', '.');

/** A JSON number as plain decimal text, without an exponent (1e-7 → "0.0000001"). */
export function plainDecimal(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/\.?0+$/, '');
}

/** Moves the decimal point of a decimal text `places` to the right (negative: to the left): shiftDecimal('33.3', -2) is '0.333'. */
export function shiftDecimal(text: string, places: number): string {
  const normalised = normalizeDecimal(text);
  const negative = normalised.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? normalised.slice(1) : normalised).split('.');
  let digits = whole + fraction;
  let point = whole.length + places;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits = digits.padEnd(point, '0');
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const decimals = digits.slice(point).replace(/0+$/, '');
  const result = decimals ? `${integer}.${decimals}` : integer;
  return negative && /[1-9]/.test(result) ? `-${result}` : result;
}

/** The percentage a fraction stands for, as text: 0.055 → "5.5", -0.1 → "-10". */
export const fractionToPercentText = (fraction: number) => shiftDecimal(plainDecimal(fraction), 2);

/**
 * The fraction a typed percentage stands for ("21" → 0.21, "5,5" → 0.055), or undefined when the
 * text is no plain decimal number.
 */
export function percentTextToFraction(text: string): number | undefined {
  const normalised = normalizeDecimal(text);
  if (!SIGNED_DECIMAL.test(normalised)) return undefined;
  return Number(shiftDecimal(normalised, -2));
}
