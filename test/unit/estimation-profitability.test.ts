/**
 * Outsourcing summary (docs/estimation.md#5-outsourcing), profitability and performance (docs/estimation.md#6-profitability-and-performance), and the whole job
 * estimation object (docs/estimation.md#4-the-job-estimation-object-buildjobestimation).
 */
import { describe, expect, it } from 'vitest';
import {
  buildJobEstimation,
  jobPerformance,
  jobProfitability,
  summarizeOutsourcing,
  type JobEstimationInput,
  type JobPricingInput,
  type OutsourcingItem,
  type ProfitabilityInput,
} from '../../src/modules/estimation/index.js';

const s1 = { id: 'a'.repeat(24), name: 'Anna' };
const s2 = { id: 'b'.repeat(24), name: 'Bureau' };
const s3 = { id: 'c'.repeat(24), name: 'Carl' };
const out = (supplier: typeof s1, currency: string, total: string, status = 1): OutsourcingItem => ({ status, supplier, currency, total });

describe('estimation.outsourcing (docs/estimation.md#5-outsourcing)', () => {
  it('distinct suppliers and exact totals per currency over the non-cancelled outsourcing', () => {
    const summary = summarizeOutsourcing([
      out(s1, 'EUR', '0.10'),
      out(s2, 'USD', '50'),
      out(s1, 'EUR', '0.20'), // 0.10 + 0.20 = 0.30 exactly
      out(s3, 'EUR', '1000', 5), // cancelled: neither its total nor its supplier counts
      out(s2, 'JPY', '1500'),
    ]);
    expect(summary).toEqual({
      suppliers: [s1, s2],
      totals: [
        { currency: { code: 'EUR', symbol: '€' }, total: '0.30' },
        { currency: { code: 'USD', symbol: '$' }, total: '50.00' },
        { currency: { code: 'JPY', symbol: '¥' }, total: '1500' },
      ],
    });
  });

  it('nothing (or only cancelled outsourcing) gives empty lists', () => {
    expect(summarizeOutsourcing([])).toEqual({ suppliers: [], totals: [] });
    expect(summarizeOutsourcing([out(s1, 'EUR', '10', 5)])).toEqual({ suppliers: [], totals: [] });
  });
});

const base: ProfitabilityInput = { status: 2, nonBillable: false, currency: 'EUR', revenue: '100.00', outsourcing: [], targetMargin: '0.3' };
const withCost = (...totals: string[]): ProfitabilityInput => ({ ...base, outsourcing: totals.map((t) => ({ status: 1, currency: 'EUR', total: t })) });

describe('profitability: non-numeric statuses, first that applies (docs/estimation.md#6-profitability-and-performance)', () => {
  it('incorrectStatus for a cancelled or a non-billable job, whatever else', () => {
    const expected = { status: 'incorrectStatus', withMargin: { status: 'incorrectStatus' } };
    expect(jobProfitability({ ...withCost('10'), status: 5 })).toEqual(expected);
    expect(jobProfitability({ ...withCost('10'), nonBillable: true, currency: null })).toEqual(expected);
  });

  it('noCurrency without a price currency; a live outsourcing in another currency needs a rate (none known here)', () => {
    const expected = { status: 'noCurrency', withMargin: { status: 'noCurrency' } };
    expect(jobProfitability({ ...withCost('10'), currency: null })).toEqual(expected);
    expect(
      jobProfitability({
        ...base,
        outsourcing: [
          { status: 1, currency: 'EUR', total: '10' },
          { status: 2, currency: 'USD', total: '5' },
        ],
        day: '2026-03-02',
      }),
    ).toEqual({ status: 'noExchangeRate', withMargin: { status: 'noExchangeRate' }, missing: [{ currency: 'USD', date: '2026-03-02' }] });
  });

  it('a cancelled outsourcing in another currency does not count', () => {
    const r = jobProfitability({
      ...base,
      outsourcing: [
        { status: 1, currency: 'EUR', total: '60' },
        { status: 5, currency: 'USD', total: '5' },
      ],
    });
    expect(r.status).toBe('profitable');
  });

  it('noOutsourcing when nothing non-cancelled is outsourced', () => {
    const expected = { status: 'noOutsourcing', withMargin: { status: 'noOutsourcing' } };
    expect(jobProfitability(base)).toEqual(expected);
    expect(jobProfitability({ ...base, outsourcing: [{ status: 5, currency: 'EUR', total: '60' }] })).toEqual(expected);
  });
});

describe('profitability: numeric statuses (docs/estimation.md#6-profitability-and-performance)', () => {
  it('profitable: margin = revenue − cost, marginRate = margin / revenue', () => {
    // cost 40.00 + 20.00 = 60.00; margin 40.00; rate 0.4 ≥ 0.3 → aboveTarget
    expect(jobProfitability(withCost('40', '20'))).toEqual({
      status: 'profitable',
      margin: '40.00',
      marginRate: '0.4000',
      withMargin: { status: 'aboveTarget' },
      revenue: '100.00',
      cost: '60.00',
      currency: { code: 'EUR', symbol: '€' },
      rates: [],
    });
  });

  it('a margin rate equal to the target is aboveTarget; below it belowTarget', () => {
    // 100 − 70 = 30; 30 / 100 = 0.3 = target
    expect(jobProfitability(withCost('70')).withMargin.status).toBe('aboveTarget');
    // 100 − 75 = 25; 0.25 < 0.3
    expect(jobProfitability(withCost('75'))).toMatchObject({ status: 'profitable', marginRate: '0.2500', withMargin: { status: 'belowTarget' } });
  });

  it('unprofitable and breakEven', () => {
    // 50 − 80 = −30; −30 / 50 = −0.6
    expect(jobProfitability({ ...withCost('80'), revenue: '50' })).toEqual({
      status: 'unprofitable',
      margin: '-30.00',
      marginRate: '-0.6000',
      withMargin: { status: 'belowTarget' },
      revenue: '50.00',
      cost: '80.00',
      currency: { code: 'EUR', symbol: '€' },
      rates: [],
    });
    // 80 − 80 = 0; rate 0 < 0.3 → belowTarget; with a target of 0 → aboveTarget
    expect(jobProfitability({ ...withCost('80'), revenue: '80' })).toEqual({
      status: 'breakEven',
      margin: '0.00',
      marginRate: '0.0000',
      withMargin: { status: 'belowTarget' },
      revenue: '80.00',
      cost: '80.00',
      currency: { code: 'EUR', symbol: '€' },
      rates: [],
    });
    expect(jobProfitability({ ...withCost('80'), revenue: '80', targetMargin: '0' }).withMargin.status).toBe('aboveTarget');
  });

  it('marginRate is rounded half away from zero to 4 decimals', () => {
    // 200.00 − 175.31 = 24.69; 24.69 / 200 = 0.12345 → 0.1235
    expect(jobProfitability({ ...withCost('175.31'), revenue: '200' })).toMatchObject({ margin: '24.69', marginRate: '0.1235' });
    // 200.00 − 224.69 = −24.69; −0.12345 → −0.1235
    expect(jobProfitability({ ...withCost('224.69'), revenue: '200' })).toMatchObject({ margin: '-24.69', marginRate: '-0.1235' });
    // 3 − 2 = 1; 1 / 3 = 0.3333…
    expect(jobProfitability({ ...withCost('2'), revenue: '3' })).toMatchObject({ marginRate: '0.3333' });
  });

  it('the target is compared with the rounded rate that is shown', () => {
    // 100000 − 70004 = 29996; 29996 / 100000 = 0.29996 → 0.3000 ≥ 0.3 → aboveTarget
    expect(jobProfitability({ ...withCost('70004'), revenue: '100000' })).toMatchObject({ marginRate: '0.3000', withMargin: { status: 'aboveTarget' } });
  });

  it('revenue 0: marginRate null and belowTarget', () => {
    expect(jobProfitability({ ...withCost('10'), revenue: '0' })).toEqual({
      status: 'unprofitable',
      margin: '-10.00',
      marginRate: null,
      withMargin: { status: 'belowTarget' },
      revenue: '0.00',
      cost: '10.00',
      currency: { code: 'EUR', symbol: '€' },
      rates: [],
    });
    expect(jobProfitability({ ...withCost('0'), revenue: '0', targetMargin: '0' })).toEqual({
      status: 'breakEven',
      margin: '0.00',
      marginRate: null,
      withMargin: { status: 'belowTarget' },
      revenue: '0.00',
      cost: '0.00',
      currency: { code: 'EUR', symbol: '€' },
      rates: [],
    });
  });

  it('a negative target margin accepts a small loss', () => {
    // 100 − 110 = −10; −0.1 ≥ −0.2
    expect(jobProfitability({ ...withCost('110'), targetMargin: '-0.2' })).toMatchObject({ status: 'unprofitable', withMargin: { status: 'aboveTarget' } });
  });

  it('JPY margins have no decimals', () => {
    // 10000 − 6500 = 3500; 0.35
    expect(jobProfitability({ ...base, currency: 'JPY', revenue: '10000', outsourcing: [{ status: 1, currency: 'JPY', total: '6500' }] })).toMatchObject({
      margin: '3500',
      marginRate: '0.3500',
    });
  });
});

describe('performance (docs/estimation.md#6-profitability-and-performance)', () => {
  it('noTimeTracked without tracked time', () => {
    expect(jobPerformance({ currency: 'EUR', revenue: '100', trackedMs: 0 })).toEqual({ status: 'noTimeTracked' });
  });

  it('revenue per tracked hour, rounded to the minor unit', () => {
    // 100.00 / 1.5 h = 66.666… → 66.67
    expect(jobPerformance({ currency: 'EUR', revenue: '100', trackedMs: 5_400_000 })).toEqual({ status: 'tracked', revenuePerHour: '66.67' });
    // JPY 1000 / 2 h = 500
    expect(jobPerformance({ currency: 'JPY', revenue: '1000', trackedMs: 7_200_000 })).toEqual({ status: 'tracked', revenuePerHour: '500' });
    // 0.01 over 1 ms = 0.01 × 3 600 000 = 36 000.00 per hour
    expect(jobPerformance({ currency: 'EUR', revenue: '0.01', trackedMs: 1 })).toEqual({ status: 'tracked', revenuePerHour: '36000.00' });
    expect(jobPerformance({ currency: 'EUR', revenue: '0', trackedMs: 60_000 })).toEqual({ status: 'tracked', revenuePerHour: '0.00' });
  });
});

describe('the job estimation object (docs/estimation.md#4-the-job-estimation-object-buildjobestimation)', () => {
  const pricing: JobPricingInput = {
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
  };
  const input: JobEstimationInput = {
    pricing,
    status: 2,
    trackedMs: 7_200_000,
    targetMargin: '0.3',
    outsourcing: [out(s1, 'EUR', '40.50'), out(s2, 'EUR', '9.99', 5)],
  };

  it('type estimation: total from the price, outsourcing, profitability and performance from it', () => {
    // total 100.00; cost 40.50 (the cancelled 9.99 left out); margin 59.50; 0.595 → aboveTarget
    // performance 100.00 / 2 h = 50.00
    expect(buildJobEstimation(input)).toEqual({
      currency: { code: 'EUR', symbol: '€' },
      details: expect.objectContaining({ subtotal: '100.00', total: '100.00' }),
      isV2: true,
      outsourcing: { suppliers: [s1], totals: [{ currency: { code: 'EUR', symbol: '€' }, total: '40.50' }] },
      performance: { status: 'tracked', revenuePerHour: '50.00' },
      profitability: {
        status: 'profitable',
        margin: '59.50',
        marginRate: '0.5950',
        withMargin: { status: 'aboveTarget' },
        revenue: '100.00',
        cost: '40.50',
        currency: { code: 'EUR', symbol: '€' },
        rates: [],
      },
      total: '100.00',
      totalInvoiced: null,
      type: 'estimation',
    });
  });

  it('invoiced: total = totalInvoiced = the line total, and the revenue follows it', () => {
    // line 120; margin 120.00 − 40.50 = 79.50; 79.50 / 120 = 0.6625; per hour 60.00
    const r = buildJobEstimation({ ...input, status: 4, fixedBy: { type: 'invoiced', total: '120' } });
    expect(r).toMatchObject({ type: 'invoiced', total: '120.00', totalInvoiced: '120.00', details: { total: '120.00', subtotal: '100.00' } });
    expect(r.profitability).toMatchObject({ margin: '79.50', marginRate: '0.6625' });
    expect(r.performance).toEqual({ status: 'tracked', revenuePerHour: '60.00' });
  });

  it('quote: total = the accepted line total, totalInvoiced stays null', () => {
    const r = buildJobEstimation({ ...input, fixedBy: { type: 'quote', total: '95.5' } });
    expect(r).toMatchObject({ type: 'quote', total: '95.50', totalInvoiced: null, details: { total: '95.50' } });
  });

  it('non-billable: total 0, incorrectStatus, revenue per hour 0', () => {
    const r = buildJobEstimation({ ...input, pricing: { ...pricing, nonBillable: true } });
    expect(r.total).toBe('0.00');
    expect(r.profitability).toEqual({ status: 'incorrectStatus', withMargin: { status: 'incorrectStatus' } });
    expect(r.performance).toEqual({ status: 'tracked', revenuePerHour: '0.00' });
  });

  it('cancelled job: incorrectStatus; no time tracked: noTimeTracked', () => {
    const r = buildJobEstimation({ ...input, status: 5, trackedMs: 0 });
    expect(r.profitability.status).toBe('incorrectStatus');
    expect(r.performance).toEqual({ status: 'noTimeTracked' });
  });
});
