import { Dec, minorUnits, roundMoney, roundRate } from '../../core/money.js';

/**
 * Document amounts (docs/documents.md#rules, docs/reference.md#money-and-rounding), pure: exact decimals, each figure rounded half away from
 * zero to the currency's minor unit once, every later step using the rounded figure shown.
 *
 *   subtotal = Σ line totals (each already rounded)
 *   discount = round(subtotal × discount rate)
 *   tax1     = round((subtotal − discount) × tax1 rate)   (0 with reverse charge or no tax)
 *   tax2     = round((subtotal − discount) × tax2 rate)   (likewise)
 *   total    = subtotal − discount + tax1 + tax2
 */
export interface TotalsInput {
  currency: string;
  lineTotals: readonly string[];
  discount: string;
  tax1Rate: string | null;
  tax2Rate: string | null;
  reverseCharge: boolean;
}

export interface Totals {
  subtotal: string;
  discount: string;
  tax1: string;
  tax2: string;
  total: string;
}

/** A money string with all the currency's decimals, never a negative zero. */
export function money(value: Dec | string, currency: string): string {
  const rounded = roundMoney(value, currency);
  return (rounded.isZero() ? new Dec(0) : rounded).toFixed(minorUnits(currency));
}

/** A free line: quantity × unit cost (unit cost at 6 decimals), rounded. */
export function lineTotal(quantity: string, unitCost: string, currency: string): string {
  return money(new Dec(quantity).times(roundRate(unitCost)), currency);
}

/**
 * Quantity and unit cost shown on a job or outsourcing line: its quantity and the effective unit
 * cost total ÷ quantity (6 decimals), so that the line reads quantity × unit cost ≈ total whatever
 * produced the total (match rates, discount, extra charge, minimum fee, fixed price). A quantity of
 * 0 is shown as 1 × total.
 */
export function lineFigures(quantity: string, total: string): { quantity: string; unitCost: string } {
  const q = new Dec(quantity);
  if (q.lte(0)) return { quantity: '1', unitCost: new Dec(total).toFixed() };
  return { quantity: q.toFixed(), unitCost: roundRate(new Dec(total).div(q)).toFixed() };
}

export function computeTotals(input: TotalsInput): Totals {
  const { currency } = input;
  const subtotal = new Dec(
    money(
      input.lineTotals.reduce((sum, total) => sum.plus(total), new Dec(0)),
      currency,
    ),
  );
  const discount = new Dec(money(subtotal.times(input.discount), currency));
  const base = subtotal.minus(discount);
  const tax = (rate: string | null) => (rate === null || input.reverseCharge ? new Dec(0) : new Dec(money(base.times(rate), currency)));
  const tax1 = tax(input.tax1Rate);
  const tax2 = tax(input.tax2Rate);
  return {
    subtotal: money(subtotal, currency),
    discount: money(discount, currency),
    tax1: money(tax1, currency),
    tax2: money(tax2, currency),
    total: money(base.plus(tax1).plus(tax2), currency),
  };
}

/** `issueDate` plus `days` (the invoice due date of docs/documents.md#rules), as an ISO date-time. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString();
}
