import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../src/core/errors.js';
import { Dec } from '../../src/core/money.js';
import { planCredit, type CreditContext, type CreditRequest, type CreditableRow } from '../../src/modules/documents/credit-plan.js';
import { computeTotals } from '../../src/modules/documents/totals.js';

/** The pure part of partial credit notes (docs/documents.md#credit-notes): exact amounts, and credits never beyond the invoice. */

const row = (id: string, quantity: string, unitCost: string, total: string, extra: Partial<CreditableRow> = {}): CreditableRow => ({
  id,
  lineId: id,
  grouped: false,
  quantity,
  unitCost,
  total,
  creditedQuantity: '0',
  creditedTotal: '0',
  creditedLines: 0,
  ...extra,
});

function context(rows: CreditableRow[], extra: Partial<CreditContext> = {}): CreditContext {
  const base = { currency: 'EUR', discount: '0', tax1Rate: '0.21', tax2Rate: null, reverseCharge: false, ...extra };
  const totals = computeTotals({ ...base, lineTotals: rows.map((r) => r.total) });
  return { ...base, invoiceTotal: totals.total, creditedTotal: '0', rows, ...extra };
}

const code = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    return (error as ApiError).code;
  }
  return 'none';
};

describe('planCredit, hand-computed', () => {
  const invoice = context([row('a', '100', '2', '200.00'), row('b', '3', '12.5', '37.50')]);

  it('a quantity of a line: total × q ÷ Q rounded, VAT as on the invoice', () => {
    const plan = planCredit(invoice, { reason: 'Missing pages', lines: [{ line: 'a', quantity: 33.333 }] });
    expect(plan.lines).toEqual([{ rowId: 'a', quantity: '-33.333', unitCost: '2', total: '-66.67' }]);
    // 66.67 × 0.21 = 14.0007 → 14.00
    expect(plan.totals).toEqual({ subtotal: '-66.67', discount: '0.00', tax1: '-14.00', tax2: '0.00', total: '-80.67' });
    expect(plan).toMatchObject({ credit: '80.67', completes: false, whole: false, reason: 'Missing pages' });
  });

  it('the rest of a line is what is left of its total', () => {
    const credited = context([row('a', '100', '2', '200.00', { creditedQuantity: '66.666', creditedTotal: '133.34', creditedLines: 2 })], {
      creditedTotal: '161.34',
      invoiceTotal: '242.00',
    });
    expect(planCredit(credited, { reason: 'Rest', lines: [{ line: 'a' }] }).lines).toEqual([
      { rowId: 'a', quantity: '-33.334', unitCost: '2', total: '-66.66' },
    ]);
  });

  it('an amount is one line before the discount and taxes', () => {
    const discounted = context([row('a', '1', '200', '200.00')], { discount: '0.1' });
    const plan = planCredit(discounted, { reason: 'Goodwill', amount: 100 });
    expect(plan.lines).toEqual([{ rowId: null, quantity: '-1', unitCost: '100', total: '-100.00' }]);
    expect(plan.totals).toEqual({ subtotal: '-100.00', discount: '-10.00', tax1: '-18.90', tax2: '0.00', total: '-108.90' });
  });

  it('the whole invoice negates every line; a group is credited whole', () => {
    const plan = planCredit(invoice, {});
    expect(plan).toMatchObject({ whole: true, completes: true, credit: '287.38' });
    expect(plan.lines.map((l) => [l.quantity, l.total])).toEqual([
      ['-100', '-200.00'],
      ['-3', '-37.50'],
    ]);
    const grouped = context([row('g1', '10', '1', '10.00', { grouped: true }), row('g2', '5', '1', '5.00', { lineId: 'g1', grouped: true })]);
    expect(planCredit(grouped, { reason: 'x', lines: [{ line: 'g1' }] }).lines.map((l) => l.total)).toEqual(['-10.00', '-5.00']);
    expect(code(() => planCredit(grouped, { reason: 'x', lines: [{ line: 'g1', quantity: 2 }] }))).toBe('parameter_invalid');
  });

  it('refusals: reason, both forms, decimals, unknown or repeated lines, too much', () => {
    const cases: Array<[CreditRequest, string]> = [
      [{ amount: 1 }, 'parameter_missing'],
      [{ reason: 'x', amount: 1, lines: [{ line: 'a' }] }, 'parameter_invalid'],
      [{ reason: 'x', amount: '0.001' }, 'parameter_invalid'],
      [{ reason: 'x', lines: [{ line: 'zz' }] }, 'parameter_invalid'],
      [{ reason: 'x', lines: [{ line: 'a' }, { line: 'a' }] }, 'parameter_invalid'],
      [{ reason: 'x', lines: [{ line: 'a', quantity: '0.0000001' }] }, 'parameter_invalid'],
      [{ reason: 'x', lines: [{ line: 'a', quantity: 101 }] }, 'credit_exceeds_invoice'],
      [{ reason: 'x', amount: '237.51' }, 'credit_exceeds_invoice'],
    ];
    for (const [request, expected] of cases)
      expect(
        code(() => planCredit(invoice, request)),
        JSON.stringify(request),
      ).toBe(expected);
    expect(code(() => planCredit(invoice, { reason: 'x', amount: '237.50' }))).toBe('none');
  });
});

describe('planCredit, property', () => {
  const money = fc.integer({ min: 1, max: 1_000_000 }).map((cents) => new Dec(cents).div(100).toFixed(2));
  const rows = fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 5000 }).map(String), total: money }), { minLength: 1, maxLength: 5 });
  const request = (lineCount: number) =>
    fc.oneof(
      fc.record({ amount: money }),
      fc.record({
        lines: fc.uniqueArray(fc.record({ index: fc.nat(lineCount - 1), quantity: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: undefined }) }), {
          minLength: 1,
          maxLength: lineCount,
          selector: (item) => item.index,
        }),
      }),
    );

  it('accepted credits never add up to more than the invoice total, nor a line beyond its quantity', () => {
    fc.assert(
      fc.property(
        rows,
        fc.constantFrom('0', '0.1', '0.333'),
        fc.constantFrom<[string | null, string | null]>([null, null], ['0.21', null], ['0.21', '0.015'], ['0.07', '0.07']),
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 12 }),
        (stored, discount, [tax1Rate, tax2Rate], seeds) => {
          const invoiceRows = stored.map((r, index) => row(`r${index}`, r.quantity, new Dec(r.total).div(r.quantity).toDecimalPlaces(6).toFixed(), r.total));
          let state = context(invoiceRows, { discount, tax1Rate, tax2Rate });
          const requests = fc.sample(fc.array(request(invoiceRows.length), { minLength: seeds.length, maxLength: seeds.length }), {
            numRuns: 1,
            seed: seeds[0]!,
          })[0]!;
          for (const wanted of requests) {
            const body: CreditRequest =
              'amount' in wanted
                ? { reason: 'r', amount: wanted.amount }
                : {
                    reason: 'r',
                    lines: wanted.lines.map((item) => ({ line: `r${item.index}`, ...(item.quantity === undefined ? {} : { quantity: item.quantity }) })),
                  };
            let plan;
            try {
              plan = planCredit(state, body);
            } catch (error) {
              expect(['credit_exceeds_invoice', 'parameter_invalid']).toContain((error as ApiError).code);
              continue;
            }
            const credited = new Dec(state.creditedTotal).plus(plan.credit);
            expect(credited.lte(state.invoiceTotal)).toBe(true);
            expect(new Dec(plan.credit).gt(0)).toBe(true);
            const nextRows = state.rows.map((r) => {
              const lines = plan.lines.filter((line) => line.rowId === r.id);
              return {
                ...r,
                creditedQuantity: lines.reduce((sum, line) => sum.plus(new Dec(line.quantity).abs()), new Dec(r.creditedQuantity)).toFixed(),
                creditedTotal: lines.reduce((sum, line) => sum.plus(new Dec(line.total).abs()), new Dec(r.creditedTotal)).toFixed(),
                creditedLines: r.creditedLines + lines.length,
              };
            });
            for (const r of nextRows) {
              expect(new Dec(r.creditedQuantity).lte(new Dec(r.quantity).abs())).toBe(true);
              // A line credited to its full quantity has given back exactly its total.
              if (new Dec(r.creditedQuantity).eq(r.quantity)) expect(new Dec(r.creditedTotal).eq(r.total)).toBe(true);
            }
            state = { ...state, rows: nextRows, creditedTotal: credited.toFixed() };
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
