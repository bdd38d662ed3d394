/**
 * Estimation engine: extra charge, discount and totalDetails (docs/estimation.md#2-rounding-points), minimum fee (docs/estimation.md#3-minimum-fee-and-non-billable),
 * non-billable (docs/estimation.md#4-the-job-estimation-object-buildjobestimation), outsourcing amounts (docs/estimation.md#5-outsourcing) and input handling.
 */
import { describe, expect, it } from 'vitest';
import { estimateJobPrice, estimateOutsourcingPrice, type JobPricingInput } from '../../src/modules/estimation/index.js';

/** A plain EUR job: 1000 words at 0.1 = 100.00, no extra charge, no discount, no minimum fee. */
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

describe('extra charge, discount, totalDetails (docs/estimation.md#2-rounding-points)', () => {
  it('extra charge: ec = subtotal × percentage', () => {
    // S = 100.00; E = 100.00 × 0.15 = 15.00; total 115.00
    const r = estimateJobPrice(job({ extraCharge: '0.15' }));
    expect(r.details.extraCharge).toEqual({ amount: '15.00', percentage: '0.15', type: 'percentage' });
    expect(r.details.totalDetails).toEqual({
      subtotal: { amount: '100.00', discount: '0.00', total: '100.00' },
      extraCharge: { amount: '15.00', discount: '0.00', total: '15.00' },
      total: '115.00',
    });
    expect(r.details.subtotal).toBe('100.00');
    expect(r.total).toBe('115.00');
  });

  it('positive discount reduces the total', () => {
    // SD = 100.00 × 0.1 = 10.00; total 90.00
    const r = estimateJobPrice(job({ discount: '0.1' }));
    expect(r.details.discount).toEqual({ amount: '10.00', value: '0.1' });
    expect(r.details.totalDetails.subtotal).toEqual({ amount: '100.00', discount: '10.00', total: '90.00' });
    expect(r.total).toBe('90.00');
  });

  it('negative discount is a surcharge', () => {
    // SD = 100.00 × −0.1 = −10.00; total 100.00 − (−10.00) = 110.00
    const r = estimateJobPrice(job({ discount: '-0.1' }));
    expect(r.details.discount).toEqual({ amount: '-10.00', value: '-0.1' });
    expect(r.total).toBe('110.00');
  });

  it('the discount applies to the extra charge too; discount.amount is the sum of both', () => {
    // S = 121.08 (fixed); E = 121.08 × 0.1 = 12.108 → 12.11
    // SD = 121.08 × 0.05 = 6.054 → 6.05; ED = 12.11 × 0.05 = 0.6055 → 0.61
    // 121.08 − 6.05 = 115.03; 12.11 − 0.61 = 11.50; total 126.53; discount.amount 6.05 + 0.61 = 6.66
    const r = estimateJobPrice(job({ fixedPrice: '121.08', extraCharge: '0.1', discount: '0.05' }));
    expect(r.details.totalDetails).toEqual({
      subtotal: { amount: '121.08', discount: '6.05', total: '115.03' },
      extraCharge: { amount: '12.11', discount: '0.61', total: '11.50' },
      total: '126.53',
    });
    expect(r.details.discount).toEqual({ amount: '6.66', value: '0.05' });
    expect(r.details.total).toBe('126.53');
  });

  it('the extra charge is computed from the rounded subtotal shown, not the exact base', () => {
    // base = 1 × 10.005 = 10.005 → S = 10.01; E = 10.01 × 0.5 = 5.005 → 5.01
    // (from the exact base it would be 10.005 × 0.5 = 5.0025 → 5.00, and 10.01 × 0.5 ≠ 5.00)
    const r = estimateJobPrice(job({ quantity: '1', unitCost: '10.005', extraCharge: '0.5' }));
    expect(r.base).toBe('10.005');
    expect(r.details.totalDetails.subtotal.amount).toBe('10.01');
    expect(r.details.extraCharge.amount).toBe('5.01');
    expect(r.total).toBe('15.02');
  });

  it('the extra-charge discount is computed from the rounded extra charge shown', () => {
    // S = 1.00; E = 1.00 × 0.125 = 0.125 → 0.13; ED = 0.13 × 0.5 = 0.065 → 0.07
    // (from the exact 0.125: 0.0625 → 0.06); SD = 0.50; totals 0.50 + 0.06 = 0.56
    const r = estimateJobPrice(job({ fixedPrice: '1', extraCharge: '0.125', discount: '0.5' }));
    expect(r.details.totalDetails).toEqual({
      subtotal: { amount: '1.00', discount: '0.50', total: '0.50' },
      extraCharge: { amount: '0.13', discount: '0.07', total: '0.06' },
      total: '0.56',
    });
  });

  it('a 100 % discount gives 0', () => {
    // SD = 100.00, ED = 10.00 × 1 = 10.00; totals 0.00
    const r = estimateJobPrice(job({ extraCharge: '0.1', discount: '1' }));
    expect(r.details.totalDetails.total).toBe('0.00');
    expect(r.details.discount.amount).toBe('110.00');
    expect(r.total).toBe('0.00');
  });
});

describe('minimum fee (docs/estimation.md#3-minimum-fee-and-non-billable)', () => {
  it('applies when the total is below the client fee', () => {
    // 100 × 0.1 = 10.00 < 25 → total 25.00; totalDetails keep the computed 10.00
    const r = estimateJobPrice(job({ quantity: '100', minimumFee: '25' }));
    expect(r.total).toBe('25.00');
    expect(r.details).toMatchObject({ minimumFeeApplied: true, subtotal: '10.00', total: '25.00' });
    expect(r.details.totalDetails.total).toBe('10.00');
  });

  it('compares the total after extra charge and discount', () => {
    // S = 30.00, E = 3.00, SD = 15.00, ED = 1.50; total 15.00 + 1.50 = 16.50 < 20 → 20.00
    const r = estimateJobPrice(job({ quantity: '300', extraCharge: '0.1', discount: '0.5', minimumFee: '20' }));
    expect(r.details.totalDetails.total).toBe('16.50');
    expect(r.total).toBe('20.00');
    expect(r.details.minimumFeeApplied).toBe(true);
  });

  it('the fee is rounded to the minor unit', () => {
    // fee 24.995 → 25.00 (EUR); 10.00 < 25.00
    expect(estimateJobPrice(job({ quantity: '100', minimumFee: '24.995' })).total).toBe('25.00');
    // JPY fee 1000.5 → 1001; 100 × 3 = 300 < 1001
    expect(estimateJobPrice(job({ currency: 'JPY', quantity: '100', unitCost: '3', minimumFee: '1000.5' })).total).toBe('1001');
  });

  it('applies to a time-based job', () => {
    // 0.5 h × 40 = 20.00 < 30 → 30.00
    const r = estimateJobPrice(job({ timeBasedInvoice: true, billableMs: 1_800_000, timeBasedUnitCost: '40', minimumFee: '30' }));
    expect(r.total).toBe('30.00');
    expect(r.details.minimumFeeApplied).toBe(true);
  });

  it('does not apply when the total is above or equal to the fee', () => {
    // 300 × 0.1 = 30.00 ≥ 25
    const above = estimateJobPrice(job({ quantity: '300', minimumFee: '25' }));
    expect(above.total).toBe('30.00');
    expect(above.details.minimumFeeApplied).toBe(false);
    // 250 × 0.1 = 25.00, not below 25 → no fee
    expect(estimateJobPrice(job({ quantity: '250', minimumFee: '25' })).details.minimumFeeApplied).toBe(false);
  });

  it('never applies with a fixed price', () => {
    const r = estimateJobPrice(job({ fixedPrice: '10', minimumFee: '25' }));
    expect(r.total).toBe('10.00');
    expect(r.details.minimumFeeApplied).toBe(false);
  });

  it('does not apply when applyMinimumFee is false', () => {
    const r = estimateJobPrice(job({ quantity: '100', minimumFee: '25', applyMinimumFee: false }));
    expect(r.total).toBe('10.00');
    expect(r.details.minimumFeeApplied).toBe(false);
  });

  it('does not apply when the client has no fee in the job currency (null)', () => {
    const r = estimateJobPrice(job({ quantity: '100', minimumFee: null }));
    expect(r.total).toBe('10.00');
    expect(r.details.minimumFeeApplied).toBe(false);
  });
});

describe('non-billable (docs/estimation.md#4-the-job-estimation-object-buildjobestimation)', () => {
  it('total 0; the details keep the computed breakdown; no minimum fee', () => {
    // computed: S = 100.00, E = 10.00, total 110.00; the job's total is 0.00
    const r = estimateJobPrice(job({ extraCharge: '0.1', minimumFee: '500', nonBillable: true }));
    expect(r.total).toBe('0.00');
    expect(r.details).toMatchObject({ total: '0.00', subtotal: '100.00', minimumFeeApplied: false });
    expect(r.details.totalDetails.total).toBe('110.00');
  });

  it('also for a fixed price and in JPY', () => {
    expect(estimateJobPrice(job({ fixedPrice: '99', nonBillable: true })).total).toBe('0.00');
    expect(estimateJobPrice(job({ currency: 'JPY', nonBillable: true })).total).toBe('0');
  });
});

describe('outsourcing amounts: the same rules without minimum fee (docs/estimation.md#5-outsourcing)', () => {
  const outsourcing = {
    currency: 'EUR',
    fixedPrice: null,
    hasMatches: false,
    matches: [],
    quantity: '1000',
    unitCost: '0.045',
    extraCharge: '0',
    discount: '0.1',
  };

  it('quantity × unit cost with discount', () => {
    // 1000 × 0.045 = 45.00; SD = 4.50; total 40.50
    const r = estimateOutsourcingPrice(outsourcing);
    expect(r.details.totalDetails.subtotal).toEqual({ amount: '45.00', discount: '4.50', total: '40.50' });
    expect(r.total).toBe('40.50');
    expect(r.details.minimumFeeApplied).toBe(false);
  });

  it('fixed price, matches and extra charge as for a job', () => {
    expect(estimateOutsourcingPrice({ ...outsourcing, fixedPrice: '30', discount: '0' }).total).toBe('30.00');
    // lines 500 × 0.01 = 5.00 and 500 × 0.045 = 22.50 → 27.50; E = 2.75; SD = 2.75, ED = 0.275 → 0.28
    // totals 24.75 + 2.47 = 27.22
    const r = estimateOutsourcingPrice({
      ...outsourcing,
      extraCharge: '0.1',
      hasMatches: true,
      matches: [
        { id: 'a', name: '100%', value: '500', rate: '0.01' },
        { id: 'b', name: 'No match', value: '500', rate: '0.045' },
      ],
    });
    expect(r.details.totalDetails).toEqual({
      subtotal: { amount: '27.50', discount: '2.75', total: '24.75' },
      extraCharge: { amount: '2.75', discount: '0.28', total: '2.47' },
      total: '27.22',
    });
  });
});

describe('inputs', () => {
  it('equal numbers written differently give the same result', () => {
    const a = estimateJobPrice(job({ quantity: '1000', unitCost: '0.10', extraCharge: '0.10', discount: '0.050' }));
    const b = estimateJobPrice(job({ quantity: '1e3', unitCost: '.1', extraCharge: '0.1', discount: '5e-2' }));
    expect(b).toEqual(a);
    expect(a.details).toMatchObject({ quantity: { value: '1000' }, unitCost: '0.1', extraCharge: { percentage: '0.1' } });
  });

  it('rejects an unknown currency, a malformed decimal and a bad duration', () => {
    expect(() => estimateJobPrice(job({ currency: 'XXQ' }))).toThrow(TypeError);
    expect(() => estimateJobPrice(job({ unitCost: '0,1' }))).toThrow(/unitCost/);
    expect(() => estimateJobPrice(job({ quantity: 'Infinity' }))).toThrow(/quantity/);
    expect(() => estimateJobPrice(job({ timeBasedInvoice: true, billableMs: -1 }))).toThrow(/billableMs/);
    expect(() => estimateJobPrice(job({ timeBasedInvoice: true, billableMs: 1.5 }))).toThrow(/billableMs/);
  });

  it('the output is plain JSON (strings, booleans, objects)', () => {
    const r = estimateJobPrice(job({ extraCharge: '0.1' }));
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });
});
