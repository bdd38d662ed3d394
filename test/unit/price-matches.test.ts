import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Dec } from '../../src/core/money.js';
import { MatchConversionError, convertMatch, matchRate, matchView, moveItem, storedValue } from '../../src/modules/prices/matches.js';

const view = (...args: Parameters<typeof matchView>) => {
  const v = matchView(...args);
  return { percentage: v.percentage.toFixed(), unitCost: v.unitCost.toFixed() };
};
const fixed = (unitCost: string) => ({ unitCost, percentage: null });
const percent = (percentage: string) => ({ unitCost: null, percentage });

describe('match entries (docs/prices.md#match-entries)', () => {
  it('shows a fixed entry’s percentage of the price unit cost with 4 decimals, 1 over a zero unit cost', () => {
    expect(view('fixed', '0.12', fixed('0.06'))).toEqual({ percentage: '0.5', unitCost: '0.06' });
    expect(view('fixed', '0.12', fixed('0.05'))).toEqual({ percentage: '0.4167', unitCost: '0.05' });
    expect(view('fixed', '0.3', fixed('0.00001'))).toEqual({ percentage: '0', unitCost: '0.00001' });
    expect(view('fixed', '0.1', fixed('0.35'))).toEqual({ percentage: '3.5', unitCost: '0.35' });
    expect(view('fixed', '0', fixed('0.05'))).toEqual({ percentage: '1', unitCost: '0.05' });
  });

  it('computes a percentage entry’s rate as price unit cost × percentage, 6 decimals, half away from zero', () => {
    expect(view('percentage', '0.12', percent('0.3'))).toEqual({ percentage: '0.3', unitCost: '0.036' });
    expect(view('percentage', '0.1', percent('0.3'))).toEqual({ percentage: '0.3', unitCost: '0.03' });
    expect(view('percentage', '0.123457', percent('0.33'))).toEqual({ percentage: '0.33', unitCost: '0.040741' });
    expect(view('percentage', '0.000001', percent('0.5'))).toEqual({ percentage: '0.5', unitCost: '0.000001' });
    expect(view('percentage', '0', percent('0.5'))).toEqual({ percentage: '0.5', unitCost: '0' });
    // no binary floating point: 0.1 × 3 is exactly 0.3
    expect(view('percentage', '0.1', percent('3'))).toEqual({ percentage: '3', unitCost: '0.3' });
  });

  it('stores the value of the price’s mode, unit costs rounded to 6 decimals', () => {
    expect(storedValue('fixed', { unitCost: 0.1234567 })).toEqual({ unitCost: '0.123457', percentage: null });
    expect(storedValue('percentage', { percentage: 0.3 })).toEqual({ unitCost: null, percentage: '0.3' });
  });

  it('converts between modes keeping the rate (example of docs/prices.md)', () => {
    expect(convertMatch('percentage', 'fixed', '0.1', percent('0.3'))).toEqual(fixed('0.03'));
    expect(convertMatch('fixed', 'percentage', '0.1', fixed('0.03'))).toEqual(percent('0.3'));
    const third = convertMatch('fixed', 'percentage', '0.12', fixed('0.05'));
    expect(matchRate('percentage', '0.12', third).toFixed()).toBe('0.05');
    expect(convertMatch('fixed', 'fixed', '0.12', fixed('0.05'))).toEqual(fixed('0.05'));
  });

  it('refuses to turn a non-zero fixed rate into a percentage of 0, and turns a zero rate into the 1 it showed', () => {
    expect(() => convertMatch('fixed', 'percentage', '0', fixed('0.05'))).toThrow(MatchConversionError);
    expect(convertMatch('fixed', 'percentage', '0', fixed('0'))).toEqual(percent('1'));
  });

  const unitCost = fc.integer({ min: 0, max: 10_000_000_000 }).map((n) => new Dec(n).div(1_000_000).toFixed());
  const positiveUnitCost = fc.integer({ min: 1, max: 10_000_000_000 }).map((n) => new Dec(n).div(1_000_000).toFixed());
  const percentage = fc.integer({ min: 0, max: 100_000 }).map((n) => new Dec(n).div(10_000).toFixed());

  it('property: fixed → percentage keeps the rate exactly, for any rate over any non-zero unit cost', () => {
    fc.assert(
      fc.property(positiveUnitCost, unitCost, (base, rate) => {
        const converted = convertMatch('fixed', 'percentage', base, fixed(rate));
        expect(matchRate('percentage', base, converted).eq(rate)).toBe(true);
        expect(convertMatch('percentage', 'fixed', base, converted)).toEqual(fixed(new Dec(rate).toFixed()));
      }),
    );
  });

  it('property: percentage → fixed keeps the rate, and the fixed view shows the percentage to 4 decimals', () => {
    fc.assert(
      fc.property(positiveUnitCost, percentage, (base, pct) => {
        const before = matchRate('percentage', base, percent(pct));
        const converted = convertMatch('percentage', 'fixed', base, percent(pct));
        expect(matchRate('fixed', base, converted).eq(before)).toBe(true);
        const shown = matchView('fixed', base, converted);
        expect(shown.unitCost.eq(before)).toBe(true);
        expect(shown.percentage.decimalPlaces()).toBeLessThanOrEqual(4);
      }),
    );
  });

  it('property: a moved entry lands at its target and the others keep their relative order', () => {
    fc.assert(
      fc.property(
        fc
          .uniqueArray(fc.nat(), { minLength: 1, maxLength: 20 })
          .chain((items) => fc.tuple(fc.constant(items), fc.nat(items.length - 1), fc.nat(items.length - 1))),
        ([items, from, to]) => {
          const moved = moveItem(items, from, to);
          expect(moved[to]).toBe(items[from]);
          expect([...moved].sort()).toEqual([...items].sort());
          expect(moved.filter((x) => x !== items[from])).toEqual(items.filter((x) => x !== items[from]));
        },
      ),
    );
  });
});
