import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stateOf, weightedQuantity } from '../../src/modules/supplier-portal/work.js';

type Quantity = Parameters<typeof weightedQuantity>[0];
const quantity = (over: Partial<Quantity>): Quantity => ({
  catFile: { fileIds: [] },
  hasMatches: true,
  matches: [],
  matchesType: 'percentage',
  unitCost: 0.1,
  value: 0,
  ...over,
});
const band = (value: number, percentage: number, unitCost = 0.1) => ({ id: 'x', name: 'band', value, percentage, unitCost });

describe('the weighted quantity of portal work', () => {
  it('weighs each band by its fraction of the unit price (percentage rates), exactly', () => {
    expect(weightedQuantity(quantity({ value: 1000, matches: [band(600, 0.3), band(300, 0.7), band(100, 1)] }))).toBe(490);
    // 0.1 + 0.2 in binary floating point is not 0.3; in decimals it is.
    expect(weightedQuantity(quantity({ value: 3, matches: [band(1, 0.1), band(1, 0.2)] }))).toBe(0.3);
  });

  it('weighs fixed rates by their price over the unit price', () => {
    expect(weightedQuantity(quantity({ matchesType: 'fixed', unitCost: 0.08, value: 1000, matches: [band(600, 1, 0.02), band(400, 1, 0.08)] }))).toBe(550);
  });

  it('is the quantity itself without bands', () => {
    expect(weightedQuantity(quantity({ hasMatches: false, value: 1234.5 }))).toBe(1234.5);
    expect(weightedQuantity(quantity({ value: 12, matches: [] }))).toBe(12);
  });

  it('never exceeds the quantity when no rate is above 100 %, and equals it when all are 100 %', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100 })), { minLength: 1, maxLength: 8 }), (bands) => {
        const matches = bands.map(([value, percent]) => band(value, percent / 100));
        const total = bands.reduce((sum, [value]) => sum + value, 0);
        expect(weightedQuantity(quantity({ value: total, matches }))).toBeLessThanOrEqual(total);
        expect(weightedQuantity(quantity({ value: total, matches: bands.map(([value]) => band(value, 1)) }))).toBe(total);
      }),
    );
  });
});

describe('the state of portal work', () => {
  const portal = (confirm: { enabled: boolean; status: number | null }, doneDate: string | null = null) =>
    ({ confirm: { ...confirm, generatePurchaseOrderOnAcceptation: false, acceptedDate: null, comment: null }, doneDate }) as never;
  it('reads cancelled, refused, offered, done and open in that order', () => {
    expect(stateOf({ status: 5, portal: portal({ enabled: true, status: 1 }) })).toBe('cancelled');
    expect(stateOf({ status: 1, portal: portal({ enabled: true, status: 3 }) })).toBe('refused');
    expect(stateOf({ status: 1, portal: portal({ enabled: true, status: 1 }) })).toBe('offered');
    expect(stateOf({ status: 2, portal: portal({ enabled: true, status: 2 }, '2030-01-01T00:00:00.000Z') })).toBe('done');
    expect(stateOf({ status: 4, portal: portal({ enabled: false, status: null }) })).toBe('done');
    expect(stateOf({ status: 2, portal: portal({ enabled: false, status: null }) })).toBe('open');
  });
});
