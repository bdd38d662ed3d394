/**
 * Percentages typed by people and the fractions the API keeps (a tax's rate, the target margin):
 * "21" ⇄ 0.21, "5.5" ⇄ 0.055. The decimal point is moved in the text, never by multiplying floats
 * (5.5 / 100 is 0.055 but 33.3 / 100 is not 0.333 in binary arithmetic).
 */

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Moves the decimal point of a plain decimal text `places` to the left (negative: to the right). */
function shift(text: string, places: number): string {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  let digits = whole + fraction;
  let point = whole.length - places;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const decimals = digits.slice(point).replace(/0+$/, '');
  const result = decimals ? `${integer}.${decimals}` : integer;
  return negative && /[1-9]/.test(result) ? `-${result}` : result;
}

/** A number as a plain decimal text, without exponent (1e-7 → "0.0000001"). */
export function plainDecimal(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/\.?0+$/, '');
}

/** The percentage a fraction stands for, as text: 0.055 → "5.5", -0.1 → "-10". */
export function fractionToPercentText(fraction: number): string {
  return shift(plainDecimal(fraction), -2);
}

/**
 * The fraction a typed percentage stands for ("21" → 0.21, "5,5" → 0.055), or undefined when the
 * text is no plain decimal number. A comma is read as the decimal point.
 */
export function percentTextToFraction(text: string): number | undefined {
  const normalised = text.trim().replace(',', '.');
  if (!DECIMAL.test(normalised)) return undefined;
  return Number(shift(normalised, 2));
}
