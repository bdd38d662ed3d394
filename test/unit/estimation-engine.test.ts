/**
 * Estimation engine, base amount (docs/estimation.md#1-base-amount), match rates (docs/prices.md#match-entries) and rounding (docs/reference.md#money-and-rounding).
 * Every expected figure is worked out by hand in the comment next to it.
 */
import { describe, expect, it } from 'vitest';
import { estimateJobPrice, matchRate, type JobPricingInput } from '../../src/modules/estimation/index.js';

/** A plain EUR job: 1000 words at 0.1, no extra charge, no discount, no minimum fee. */
function job(overrides: Partial<JobPricingInput> = {}): JobPricingInput {
  return {
    currency: 'EUR',
    fixedPrice: null,
    timeBasedInvoice: false,
    billableMs: 0,
    timeBasedUnitCost: '0',
    hasMatches: false,
    matches: [],
    quantity: '1000',
    unitCost: '0.1',
    extraCharge: '0',
    discount: '0',
    applyMinimumFee: true,
    minimumFee: null,
    nonBillable: false,
    ...overrides,
  };
}

const match = (id: string, value: string, rate: string) => ({ id, name: `category ${id}`, value, rate });

describe('base amount: the first rule that applies (docs/estimation.md#1-base-amount)', () => {
  it('plain quantity: base = quantity × unit cost', () => {
    // 1000 × 0.1 = 100 → 100.00
    const r = estimateJobPrice(job());
    expect(r.basis).toBe('quantity');
    expect(r.base).toBe('100');
    expect(r.total).toBe('100.00');
    expect(r.details).toMatchObject({ subtotal: '100.00', total: '100.00', quantity: { value: '1000' }, unitCost: '0.1' });
    expect(r.details.matches).toEqual([]);
  });

  it('fixed price wins over time-based, matches and quantity', () => {
    const r = estimateJobPrice(
      job({ fixedPrice: '250', timeBasedInvoice: true, billableMs: 3_600_000, timeBasedUnitCost: '40', hasMatches: true, matches: [match('a', '10', '1')] }),
    );
    expect(r.basis).toBe('fixedPrice');
    expect(r.total).toBe('250.00');
    // the details describe the job's own quantity and unit cost; no match lines are shown
    expect(r.details.quantity.value).toBe('1000');
    expect(r.details.unitCost).toBe('0.1');
    expect(r.details.matches).toEqual([]);
  });

  it('a fixed price is rounded to the minor unit too', () => {
    // 99.995 → 100.00 (half away from zero)
    expect(estimateJobPrice(job({ fixedPrice: '99.995' })).total).toBe('100.00');
  });

  it('time-based wins over matches: billable hours × timeBasedUnitCost', () => {
    // 5 400 000 ms = 1.5 h; 1.5 × 40 = 60.00
    const r = estimateJobPrice(
      job({ timeBasedInvoice: true, billableMs: 5_400_000, timeBasedUnitCost: '40', hasMatches: true, matches: [match('a', '10', '1')] }),
    );
    expect(r.basis).toBe('timeBased');
    expect(r.total).toBe('60.00');
    // the details show the hours and the hourly rate
    expect(r.details.quantity.value).toBe('1.5');
    expect(r.details.unitCost).toBe('40');
    expect(r.details.matches).toEqual([]);
  });

  it('time-based with a non-terminating number of hours stays exact until the one rounding', () => {
    // 1 200 000 ms = 1/3 h; 1/3 × 45.5 = 15.1666… → 15.17; hours shown to 6 decimals: 0.333333
    const r = estimateJobPrice(job({ timeBasedInvoice: true, billableMs: 1_200_000, timeBasedUnitCost: '45.5' }));
    expect(r.total).toBe('15.17');
    expect(r.details.quantity.value).toBe('0.333333');
    // 2 ms at 900/h: 2 × 900 / 3 600 000 = 0.0005 (the base, exact) → 0.00
    expect(estimateJobPrice(job({ timeBasedInvoice: true, billableMs: 2, timeBasedUnitCost: '900' })).base).toBe('0.0005');
    // 18 000 ms (5 s) at 1.8/h: 18 000 × 1.8 / 3 600 000 = 0.009 → 0.01
    expect(estimateJobPrice(job({ timeBasedInvoice: true, billableMs: 18_000, timeBasedUnitCost: '1.8' })).total).toBe('0.01');
  });

  it('time-based with no billable time gives 0', () => {
    const r = estimateJobPrice(job({ timeBasedInvoice: true, billableMs: 0, timeBasedUnitCost: '40' }));
    expect(r.total).toBe('0.00');
    expect(r.details.quantity.value).toBe('0');
  });

  it('matches: Σ of the rounded line amounts (value × rate)', () => {
    // 1234.5 × 0.085 = 104.9325 → 104.93; 300 × 0.0255 = 7.65; 100 × 0.085 = 8.50
    // Σ = 104.93 + 7.65 + 8.50 = 121.08
    const r = estimateJobPrice(
      job({
        hasMatches: true,
        quantity: '1634.5',
        unitCost: '0.085',
        matches: [match('a', '1234.5', '0.085'), match('b', '300', '0.0255'), match('c', '100', '0.085')],
      }),
    );
    expect(r.basis).toBe('matches');
    expect(r.details.matches).toEqual([
      { id: 'a', name: 'category a', value: '1234.5', rate: '0.085', amount: '104.93' },
      { id: 'b', name: 'category b', value: '300', rate: '0.0255', amount: '7.65' },
      { id: 'c', name: 'category c', value: '100', rate: '0.085', amount: '8.50' },
    ]);
    expect(r.base).toBe('121.08');
    expect(r.total).toBe('121.08');
    expect(r.details.unitCost).toBe('0.085');
  });

  it('matches: the lines are rounded one by one, so they add up to the subtotal shown', () => {
    // three lines of 1 × 0.005 = 0.005 → 0.01 each; subtotal 0.03 (not round(0.015) = 0.02)
    const r = estimateJobPrice(job({ hasMatches: true, matches: [match('a', '1', '0.005'), match('b', '1', '0.005'), match('c', '1', '0.005')] }));
    expect(r.details.matches.map((m) => m.amount)).toEqual(['0.01', '0.01', '0.01']);
    expect(r.details.subtotal).toBe('0.03');
  });

  it('hasMatches with no match lines gives 0; hasMatches false ignores the lines', () => {
    expect(estimateJobPrice(job({ hasMatches: true, matches: [] })).total).toBe('0.00');
    // 1000 × 0.1 = 100.00 whatever the lines say
    expect(estimateJobPrice(job({ hasMatches: false, matches: [match('a', '1', '5')] })).total).toBe('100.00');
  });

  it('rates and unit costs keep 6 decimals (rounded half away from zero)', () => {
    // unit cost 0.0000005 → 0.000001; 1 000 000 × 0.000001 = 1.00
    const r = estimateJobPrice(job({ quantity: '1000000', unitCost: '0.0000005' }));
    expect(r.details.unitCost).toBe('0.000001');
    expect(r.total).toBe('1.00');
    // match rate 0.1234565 → 0.123457; 1000 × 0.123457 = 123.457 → 123.46
    const m = estimateJobPrice(job({ hasMatches: true, matches: [match('a', '1000', '0.1234565')] }));
    expect(m.details.matches[0]).toMatchObject({ rate: '0.123457', amount: '123.46' });
  });
});

describe('effective match rates (matchRate) (docs/prices.md#match-entries)', () => {
  it('fixed: the entry unit cost', () => {
    expect(matchRate('fixed', '0.085', { unitCost: '0.03', percentage: '0.3529' })).toBe('0.03');
  });

  it('percentage: price unit cost × percentage', () => {
    // 0.085 × 0.3 = 0.0255
    expect(matchRate('percentage', '0.085', { unitCost: '0', percentage: '0.3' })).toBe('0.0255');
    // 0.12 × 0.333333 = 0.03999996 → 0.04 (6 decimals: 0.040000)
    expect(matchRate('percentage', '0.12', { unitCost: '0', percentage: '0.333333' })).toBe('0.04');
  });

  it('a category missing from the price is charged at the full rate (the job unit cost)', () => {
    expect(matchRate('percentage', '0.085', null)).toBe('0.085');
    expect(matchRate('fixed', '0.085', undefined)).toBe('0.085');
  });

  it('a job priced with a percentage price and a missing category', () => {
    // price 0.1/word, 100 % match at 30 %, repetitions at 10 %, "No match" missing from the price
    const unitCost = '0.1';
    const rates = {
      full: matchRate('percentage', unitCost, { unitCost: '0', percentage: '0.3' }), // 0.03
      reps: matchRate('percentage', unitCost, { unitCost: '0', percentage: '0.1' }), // 0.01
      none: matchRate('percentage', unitCost, null), // 0.1
    };
    // 500 × 0.03 = 15.00; 250 × 0.01 = 2.50; 1250 × 0.1 = 125.00; Σ = 142.50
    const r = estimateJobPrice(
      job({
        hasMatches: true,
        quantity: '2000',
        unitCost,
        matches: [match('100', '500', rates.full), match('rep', '250', rates.reps), match('new', '1250', rates.none)],
      }),
    );
    expect(r.details.matches.map((m) => [m.rate, m.amount])).toEqual([
      ['0.03', '15.00'],
      ['0.01', '2.50'],
      ['0.1', '125.00'],
    ]);
    expect(r.total).toBe('142.50');
  });

  it('a job priced with a fixed price list', () => {
    // 400 × 0.02 = 8.00; 600 × 0.12 = 72.00; Σ = 80.00
    const unitCost = '0.12';
    const r = estimateJobPrice(
      job({
        hasMatches: true,
        unitCost,
        matches: [
          match('100', '400', matchRate('fixed', unitCost, { unitCost: '0.02', percentage: '0.1667' })),
          match('new', '600', matchRate('fixed', unitCost, { unitCost: '0.12', percentage: '1' })),
        ],
      }),
    );
    expect(r.total).toBe('80.00');
  });
});

describe('exact decimals where binary floats go wrong', () => {
  it('1234.5 words at 0.085 = 104.9325 exactly → 104.93 (the double is 104.93250000000000455)', () => {
    const r = estimateJobPrice(job({ quantity: '1234.5', unitCost: '0.085' }));
    expect(r.base).toBe('104.9325');
    expect(r.total).toBe('104.93');
  });

  it('3 × 0.07 = 0.21 exactly (a float gives 0.21000000000000002)', () => {
    const r = estimateJobPrice(job({ quantity: '3', unitCost: '0.07' }));
    expect(r.base).toBe('0.21');
    expect(r.total).toBe('0.21');
  });

  it('0.1 + 0.2 = 0.3: match lines and subtotal + extra charge', () => {
    // lines 0.10 + 0.20 = 0.30
    expect(estimateJobPrice(job({ hasMatches: true, matches: [match('a', '1', '0.1'), match('b', '1', '0.2')] })).base).toBe('0.3');
    // subtotal 0.10, extra charge 0.1 × 2 = 0.20, total 0.30
    const r = estimateJobPrice(job({ fixedPrice: '0.1', extraCharge: '2' }));
    expect(r.details.totalDetails).toMatchObject({ extraCharge: { amount: '0.20' }, total: '0.30' });
  });

  it('1.005 → 1.01 (Math.round(1.005 × 100) / 100 gives 1)', () => {
    expect(Math.round(1.005 * 100) / 100).toBe(1); // the trap
    expect(estimateJobPrice(job({ fixedPrice: '1.005' })).total).toBe('1.01');
    expect(estimateJobPrice(job({ quantity: '1', unitCost: '1.005' })).total).toBe('1.01');
  });

  it('large amounts keep every digit', () => {
    // 123 456 789 × 0.123457 = 15 241 604.799573 → 15241604.80
    const r = estimateJobPrice(job({ quantity: '123456789', unitCost: '0.123457' }));
    expect(r.base).toBe('15241604.799573');
    expect(r.total).toBe('15241604.80');
  });
});

describe('currencies and half-away-from-zero rounding', () => {
  it('JPY has no minor unit', () => {
    // S = 1234.5 × 3.5 = 4320.75 → 4321; E = 4321 × 0.1 = 432.1 → 432
    // SD = 4321 × 0.05 = 216.05 → 216; ED = 432 × 0.05 = 21.6 → 22
    // totals: 4321 − 216 = 4105; 432 − 22 = 410; 4105 + 410 = 4515
    const r = estimateJobPrice(job({ currency: 'JPY', quantity: '1234.5', unitCost: '3.5', extraCharge: '0.1', discount: '0.05' }));
    expect(r.details.totalDetails).toEqual({
      subtotal: { amount: '4321', discount: '216', total: '4105' },
      extraCharge: { amount: '432', discount: '22', total: '410' },
      total: '4515',
    });
    expect(r.details.currency).toEqual({ code: 'JPY', symbol: '¥' });
    expect(r.total).toBe('4515');
  });

  it('KWD has three decimals', () => {
    // 1234.5 × 0.0855 = 105.54975 → 105.550
    const r = estimateJobPrice(job({ currency: 'KWD', quantity: '1234.5', unitCost: '0.0855' }));
    expect(r.total).toBe('105.550');
    // 1 × 0.0005 → 0.001 (KWD), 0.00 (EUR)
    expect(estimateJobPrice(job({ currency: 'KWD', quantity: '1', unitCost: '0.0005' })).total).toBe('0.001');
    expect(estimateJobPrice(job({ quantity: '1', unitCost: '0.0005' })).total).toBe('0.00');
  });

  it('.5 rounds away from zero, never to even', () => {
    expect(estimateJobPrice(job({ fixedPrice: '2.345' })).total).toBe('2.35');
    expect(estimateJobPrice(job({ fixedPrice: '2.335' })).total).toBe('2.34');
    expect(estimateJobPrice(job({ currency: 'JPY', fixedPrice: '0.5' })).total).toBe('1');
    expect(estimateJobPrice(job({ currency: 'JPY', fixedPrice: '2.5' })).total).toBe('3');
    expect(estimateJobPrice(job({ currency: 'KWD', fixedPrice: '0.0125' })).total).toBe('0.013');
  });

  it('negative .5 rounds away from zero too', () => {
    expect(estimateJobPrice(job({ fixedPrice: '-2.345' })).total).toBe('-2.35');
    expect(estimateJobPrice(job({ currency: 'JPY', fixedPrice: '-0.5' })).total).toBe('-1');
    // S = 1.00, E = 1.00 × −0.125 = −0.125 → −0.13; total 0.87
    const r = estimateJobPrice(job({ fixedPrice: '1', extraCharge: '-0.125' }));
    expect(r.details.extraCharge.amount).toBe('-0.13');
    expect(r.total).toBe('0.87');
    // S = 0.10, SD = 0.10 × −0.05 = −0.005 → −0.01; total 0.10 + 0.01 = 0.11
    const d = estimateJobPrice(job({ fixedPrice: '0.1', discount: '-0.05' }));
    expect(d.details.totalDetails.subtotal).toEqual({ amount: '0.10', discount: '-0.01', total: '0.11' });
  });

  it('never writes a negative zero', () => {
    // −0.004 → −0.00 → "0.00"; 100 × −0 discount → "0.00"
    expect(estimateJobPrice(job({ fixedPrice: '-0.004' })).total).toBe('0.00');
    expect(estimateJobPrice(job({ discount: '-0' })).details.discount).toEqual({ amount: '0.00', value: '0' });
  });
});
