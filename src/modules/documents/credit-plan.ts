import { ApiError, invalid, missing } from '../../core/errors.js';
import { Dec, minorUnits } from '../../core/money.js';
import { computeTotals, money, type Totals } from './totals.js';

/**
 * What a credit note credits (docs/documents.md#credit-notes), pure: exact decimals, no database.
 *
 * A credit takes the whole invoice (no lines, no amount: today's behaviour), chosen lines (each
 * whole, or a quantity of it), or an amount. Its lines are priced as the invoice's: a quantity q of
 * a line of quantity Q and total T credits T × q ÷ Q rounded to the currency (the rest of a line
 * exactly what is left of T, so that crediting a line in parts never drifts from crediting it
 * whole); an amount is one line before the invoice's discount and taxes. The credit note's totals
 * apply the invoice's discount, taxes and reverse charge (`computeTotals`). The credits of an
 * invoice never add up to more than its total, nor a line's credited quantity to more than its
 * quantity: `credit_exceeds_invoice` (409) otherwise.
 */

/** A stored row of the invoice, with what earlier credit notes credited of it (magnitudes, ≥ 0). */
export interface CreditableRow {
  id: string;
  /** the rows of one group line share its key (the group line's id: its first row's) */
  lineId: string;
  /** a row of a group line: the group is credited whole */
  grouped: boolean;
  quantity: string;
  unitCost: string;
  total: string;
  creditedQuantity: string;
  creditedTotal: string;
  /** credit-note lines that credited it (a row of quantity 0 is credited by one) */
  creditedLines: number;
}

export interface CreditRequest {
  reason?: string | null;
  lines?: Array<{ line: string; quantity?: number | string }>;
  amount?: number | string;
}

export interface CreditContext {
  currency: string;
  discount: string;
  tax1Rate: string | null;
  tax2Rate: string | null;
  reverseCharge: boolean;
  invoiceTotal: string;
  /** the totals of the earlier credit notes of the invoice, as positive magnitudes, summed */
  creditedTotal: string;
  rows: readonly CreditableRow[];
}

/** A line of the credit note to insert: negated as the credit note's lines are. */
export interface PlannedLine {
  /** the invoice row credited; null for an amount */
  rowId: string | null;
  quantity: string;
  unitCost: string;
  total: string;
}

export interface CreditPlan {
  whole: boolean;
  reason: string;
  lines: PlannedLine[];
  totals: Totals;
  /** the credit's total as a positive amount */
  credit: string;
  /** the invoice is credited in full with this credit (status 4, its jobs back to 3) */
  completes: boolean;
}

export const exceeds = (message: string) => new ApiError('credit_exceeds_invoice', message);

/** Up to 6 decimals of a quantity, the currency's minor unit of an amount: more is refused, never rounded away. */
function decimal(value: number | string, places: number, param: string): Dec {
  const parsed = new Dec(String(value));
  if (parsed.decimalPlaces() > places) throw invalid(param, `has more than ${places} decimal${places === 1 ? '' : 's'}`);
  return parsed;
}

function rowLine(row: CreditableRow, quantity: Dec, currency: string): PlannedLine {
  const q = new Dec(row.quantity);
  const remaining = q.abs().minus(row.creditedQuantity);
  const total = new Dec(row.total);
  // The rest of a line is what is left of its total: parts add up to the whole exactly.
  const amount = q.isZero() || quantity.eq(remaining) ? total.minus(new Dec(row.creditedTotal).times(total.s ?? 1)) : total.times(quantity).div(q.abs());
  return {
    rowId: row.id,
    quantity: quantity
      .times(q.s ?? 1)
      .neg()
      .toFixed(),
    unitCost: row.unitCost,
    total: money(amount.neg(), currency),
  };
}

/** The credit note a request asks for, or the error that refuses it. */
export function planCredit(context: CreditContext, request: CreditRequest): CreditPlan {
  const { currency } = context;
  const reason = (request.reason ?? '').trim();
  const hasLines = request.lines !== undefined;
  const hasAmount = request.amount !== undefined;
  if (hasLines && hasAmount) throw invalid('amount', 'give lines or an amount, not both');
  const alreadyCredited = new Dec(context.creditedTotal).gt(0) || context.rows.some((row) => row.creditedLines > 0);
  let lines: PlannedLine[];
  if (!hasLines && !hasAmount) {
    if (alreadyCredited) {
      throw exceeds('This invoice is already partly credited: credit what is left by lines or by an amount');
    }
    lines = context.rows.map((row) => ({
      rowId: row.id,
      quantity: new Dec(row.quantity).neg().toFixed(),
      unitCost: row.unitCost,
      total: money(new Dec(row.total).neg(), currency),
    }));
  } else {
    if (reason === '') throw missing('reason');
    if (hasAmount) {
      const amount = decimal(request.amount!, minorUnits(currency), 'amount');
      if (amount.lte(0)) throw invalid('amount', 'must be more than 0');
      lines = [{ rowId: null, quantity: '-1', unitCost: amount.toFixed(), total: money(amount.neg(), currency) }];
    } else {
      if (request.lines!.length === 0) throw invalid('lines', 'must name at least one line');
      lines = [];
      const seen = new Set<string>();
      request.lines!.forEach((wanted, index) => {
        const param = `lines[${index}]`;
        const rows = context.rows.filter((row) => row.lineId === wanted.line);
        if (rows.length === 0) throw invalid(`${param}.line`, `is not a line of this invoice: ${wanted.line}`);
        if (seen.has(wanted.line)) throw invalid(`${param}.line`, `names line ${wanted.line} twice`);
        seen.add(wanted.line);
        for (const row of rows) {
          const full = new Dec(row.quantity).abs();
          const remaining = full.minus(row.creditedQuantity);
          const done = full.isZero() ? row.creditedLines > 0 : remaining.lte(0);
          if (done) throw exceeds(`Line ${wanted.line} is credited in full already`);
          let quantity = remaining;
          if (wanted.quantity !== undefined) {
            const asked = decimal(wanted.quantity, 6, `${param}.quantity`);
            if (asked.lte(0)) throw invalid(`${param}.quantity`, 'must be more than 0');
            if (row.grouped || full.isZero()) {
              if (!asked.eq(1)) throw invalid(`${param}.quantity`, 'a group line, or a line of quantity 0, is credited whole: leave out the quantity');
            } else if (asked.gt(remaining)) {
              throw exceeds(`Line ${wanted.line}: ${asked.toFixed()} asked, ${remaining.toFixed()} left to credit of ${full.toFixed()}`);
            } else quantity = asked;
          }
          lines.push(rowLine(row, quantity, currency));
        }
      });
    }
  }
  const totals = computeTotals({
    currency,
    lineTotals: lines.map((line) => line.total),
    discount: context.discount,
    tax1Rate: context.tax1Rate,
    tax2Rate: context.tax2Rate,
    reverseCharge: context.reverseCharge,
  });
  const credit = new Dec(totals.total).neg();
  const invoiceTotal = new Dec(context.invoiceTotal);
  const after = new Dec(context.creditedTotal).plus(credit);
  const whole = !hasLines && !hasAmount;
  if (!whole) {
    if (credit.lte(0)) throw invalid(hasAmount ? 'amount' : 'lines', `credits ${money(credit, currency)}: a credit note must credit more than 0`);
    if (after.gt(invoiceTotal)) {
      const left = money(Dec.max(invoiceTotal.minus(context.creditedTotal), 0), currency);
      throw exceeds(
        `This credit (${money(credit, currency)} ${currency}) would make the credits exceed the invoice total; ${left} ${currency} is left to credit`,
      );
    }
  }
  return { whole, reason, lines, totals, credit: money(credit, currency), completes: whole || after.gte(invoiceTotal) };
}
