/**
 * Profitability across currencies (docs/estimation.md#6-profitability-and-performance): a job's and
 * a group's revenue and costs converted with the rates of the job's day to the account currency,
 * the rates shown, a missing rate (noExchangeRate) and an outsourcing without a price (unpriced).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currency, Dec, roundMoney } from '../../src/core/money.js';
import {
  buildGroupEstimation,
  groupBasis,
  jobBasis,
  jobProfitability,
  shownProfitability,
  type GroupJobInput,
  type JobEstimation,
  type ProfitabilityInput,
} from '../../src/modules/estimation/index.js';
import { RateBook } from '../../src/modules/exchange-rates/index.js';

const GBP = { code: 'GBP', symbol: '£' };
const EUR = { code: 'EUR', symbol: '€' };

/** A GBP job of 2026-03-02 (revenue 100.00) with one EUR outsourcing of 60.00. */
const gbpJob: ProfitabilityInput = {
  status: 2,
  nonBillable: false,
  currency: 'GBP',
  revenue: '100.00',
  outsourcing: [{ status: 1, currency: 'EUR', total: '60.00' }],
  targetMargin: '0.3',
  day: '2026-03-02',
};

describe('a job in several currencies, converted at its day', () => {
  it('in a GBP account: the EUR cost ÷ the EUR rate of the day (the latest on or before it)', () => {
    // 1 GBP buys 1.2 EUR since 2026-03-01 (the 2026-03-03 rate is after the day): 60.00 ÷ 1.2 = 50.00 GBP
    const book = new RateBook('GBP', [
      { currency: 'EUR', date: '2026-02-01', rate: '1.1' },
      { currency: 'EUR', date: '2026-03-01', rate: '1.2' },
      { currency: 'EUR', date: '2026-03-03', rate: '1.3' },
    ]);
    expect(jobProfitability(gbpJob, book)).toEqual({
      status: 'profitable',
      margin: '50.00',
      marginRate: '0.5000',
      withMargin: { status: 'aboveTarget' },
      revenue: '100.00',
      cost: '50.00',
      currency: GBP,
      rates: [{ currency: 'EUR', date: '2026-03-01', rate: '1.2' }],
    });
  });

  it('in a EUR account: the GBP revenue converts, the EUR cost stays', () => {
    // 100.00 ÷ 0.85 = 117.647… → 117.65 EUR; margin 117.65 − 60.00 = 57.65; 57.65 / 117.65 = 0.49001… → 0.4900
    const book = new RateBook('EUR', [{ currency: 'GBP', date: '2026-03-02', rate: '0.85' }]);
    expect(jobProfitability(gbpJob, book)).toEqual({
      status: 'profitable',
      margin: '57.65',
      marginRate: '0.4900',
      withMargin: { status: 'aboveTarget' },
      revenue: '117.65',
      cost: '60.00',
      currency: EUR,
      rates: [{ currency: 'GBP', date: '2026-03-02', rate: '0.85' }],
    });
  });

  it('in a USD account: both sides convert; two rates shown', () => {
    // 100.00 ÷ 0.8 = 125.00 USD; 60.00 ÷ 0.96 = 62.50 USD; margin 62.50; 0.5
    const book = new RateBook('USD', [
      { currency: 'GBP', date: '2026-01-01', rate: '0.8' },
      { currency: 'EUR', date: '2026-01-01', rate: '0.96' },
    ]);
    expect(jobProfitability(gbpJob, book)).toMatchObject({
      status: 'profitable',
      revenue: '125.00',
      cost: '62.50',
      margin: '62.50',
      marginRate: '0.5000',
      currency: { code: 'USD' },
      rates: [
        { currency: 'EUR', date: '2026-01-01', rate: '0.96' },
        { currency: 'GBP', date: '2026-01-01', rate: '0.8' },
      ],
    });
  });

  it('a missing rate: noExchangeRate naming the currency and the day, never a numeric status', () => {
    const missing = { status: 'noExchangeRate', withMargin: { status: 'noExchangeRate' }, missing: [{ currency: 'EUR', date: '2026-03-02' }] };
    expect(jobProfitability(gbpJob, new RateBook('GBP', []))).toEqual(missing);
    // Only a rate after the day.
    expect(jobProfitability(gbpJob, new RateBook('GBP', [{ currency: 'EUR', date: '2026-03-03', rate: '1.2' }]))).toEqual(missing);
  });

  it('one currency (even not the account one) needs no rate: figures in it, rates []', () => {
    const gbpOnly = { ...gbpJob, outsourcing: [{ status: 1, currency: 'GBP', total: '30.00' }] };
    expect(jobProfitability(gbpOnly, new RateBook('EUR', []))).toMatchObject({ status: 'profitable', margin: '70.00', currency: GBP, rates: [] });
    // A cancelled outsourcing in another currency, or one of 0, needs no rate either.
    const withOthers = {
      ...gbpOnly,
      outsourcing: [...gbpOnly.outsourcing, { status: 5, currency: 'EUR', total: '10.00' }, { status: 1, currency: 'USD', total: '0.00' }],
    };
    expect(jobProfitability(withOthers, new RateBook('EUR', []))).toMatchObject({ status: 'profitable', margin: '70.00', currency: GBP });
  });

  it('an unpriced outsourcing: unpriced, whatever the rates (never a zero cost)', () => {
    const unpriced = { ...gbpJob, outsourcing: [...gbpJob.outsourcing, { status: 1, currency: 'EUR', total: '0.00', unpriced: true }] };
    const expected = { status: 'unpriced', withMargin: { status: 'unpriced' } };
    expect(jobProfitability(unpriced, new RateBook('GBP', [{ currency: 'EUR', date: '2026-01-01', rate: '1.2' }]))).toEqual(expected);
    expect(jobProfitability(unpriced)).toEqual(expected);
    // Cancelled, it does not count; cancelled or non-billable jobs stay incorrectStatus.
    expect(jobProfitability({ ...unpriced, outsourcing: [{ ...unpriced.outsourcing[1]!, status: 5 }, gbpJob.outsourcing[0]!] }).status).toBe('noExchangeRate');
    expect(jobProfitability({ ...unpriced, nonBillable: true }).status).toBe('incorrectStatus');
  });
});

describe('a stored estimation shown with the rates of now', () => {
  const stored = (profitability: JobEstimation['profitability']): Pick<JobEstimation, 'currency' | 'total' | 'outsourcing' | 'profitability'> => ({
    currency: GBP,
    total: '100.00',
    outsourcing: { suppliers: [], totals: [{ currency: EUR, total: '60.00' }] },
    profitability,
  });

  it('stored without rates (noExchangeRate), or before conversion existed (noCurrency): converted when shown', () => {
    const book = new RateBook('GBP', [{ currency: 'EUR', date: '2026-03-01', rate: '1.2' }]);
    for (const p of [
      { status: 'noExchangeRate' as const, withMargin: { status: 'noExchangeRate' as const }, missing: [] },
      { status: 'noCurrency' as const, withMargin: { status: 'noCurrency' as const } },
    ]) {
      const s = stored(p);
      expect(shownProfitability(s.profitability, jobBasis(s, '2026-03-02'), '0.6', book)).toMatchObject({
        status: 'profitable',
        margin: '50.00',
        withMargin: { status: 'belowTarget' },
      });
    }
  });

  it('settled statuses are shown as stored', () => {
    const s = stored({ status: 'unpriced', withMargin: { status: 'unpriced' } });
    expect(jobBasis(s, '2026-03-02')).toBeNull();
    expect(shownProfitability(s.profitability, null, '0.3', new RateBook('GBP', []))).toBe(s.profitability);
  });
});

describe('a group: each job converted at its own day', () => {
  const job = (code: string, total: string, day: string, cost?: [string, string]): GroupJobInput => ({
    status: 2,
    nonBillable: false,
    trackedMs: 0,
    day,
    estimation: {
      currency: currency(code),
      total,
      totalInvoiced: null,
      outsourcing: cost ? { suppliers: [{ id: 's', name: 'S' }], totals: [{ currency: currency(cost[0]), total: cost[1] }] } : { suppliers: [], totals: [] },
    },
  });

  it('GBP jobs of two months with EUR costs, in a EUR account', () => {
    // 100.00 ÷ 0.8 = 125.00 (January's rate); 50.00 ÷ 0.9 = 55.555… → 55.56 (February's); revenue 180.56
    // cost 30.00 + 30.00 = 60.00; margin 120.56; 120.56 / 180.56 = 0.66770… → 0.6677
    const book = new RateBook('EUR', [
      { currency: 'GBP', date: '2026-01-01', rate: '0.8' },
      { currency: 'GBP', date: '2026-02-01', rate: '0.9' },
    ]);
    const input = {
      currency: 'GBP',
      targetMargin: '0.3',
      jobs: [job('GBP', '100.00', '2026-01-10', ['EUR', '30.00']), job('GBP', '50.00', '2026-02-10', ['EUR', '30.00'])],
    };
    const converted = buildGroupEstimation({ ...input, rates: book });
    expect(converted.profitability).toEqual({
      status: 'profitable',
      margin: '120.56',
      marginRate: '0.6677',
      withMargin: { status: 'aboveTarget' },
      revenue: '180.56',
      cost: '60.00',
      currency: EUR,
      rates: [
        { currency: 'GBP', date: '2026-01-01', rate: '0.8' },
        { currency: 'GBP', date: '2026-02-01', rate: '0.9' },
      ],
    });
    // Stored without rates: the amounts per currency and day, that the view converts.
    const stored = buildGroupEstimation(input);
    expect(stored.profitability.status).toBe('noExchangeRate');
    expect(stored.amounts).toEqual({
      revenue: [
        { currency: 'GBP', day: '2026-01-10', amount: '100' },
        { currency: 'GBP', day: '2026-02-10', amount: '50' },
      ],
      cost: [
        { currency: 'EUR', day: '2026-01-10', amount: '30' },
        { currency: 'EUR', day: '2026-02-10', amount: '30' },
      ],
    });
    expect(shownProfitability(stored.profitability, groupBasis(stored), '0.3', book)).toEqual(converted.profitability);
    // February's rate missing: noExchangeRate names that day.
    expect(
      shownProfitability(stored.profitability, groupBasis(stored), '0.3', new RateBook('EUR', [{ currency: 'GBP', date: '2026-02-01', rate: '0.9' }])),
    ).toEqual({
      status: 'noExchangeRate',
      withMargin: { status: 'noExchangeRate' },
      missing: [{ currency: 'GBP', date: '2026-01-10' }],
    });
  });

  it('an unpriced outsourcing in any job (a non-billable one too): unpriced', () => {
    const unpriced = job('EUR', '0.00', '2026-01-10', ['EUR', '0.00']);
    unpriced.nonBillable = true;
    unpriced.estimation.outsourcing.unpriced = 1;
    const r = buildGroupEstimation({ currency: 'EUR', targetMargin: '0.3', jobs: [job('EUR', '100.00', '2026-01-10', ['EUR', '10.00']), unpriced] });
    expect(r.profitability).toEqual({ status: 'unpriced', withMargin: { status: 'unpriced' } });
    expect(groupBasis(r)).toBeNull();
  });

  it('one currency: no amounts stored, the figures of the stored estimation shown', () => {
    const r = buildGroupEstimation({ currency: 'EUR', targetMargin: '0.3', jobs: [job('EUR', '100.00', '2026-01-10', ['EUR', '40.00'])] });
    expect(r.amounts).toBeUndefined();
    expect(shownProfitability(r.profitability, groupBasis(r), '0.7', undefined)).toMatchObject({ margin: '60.00', withMargin: { status: 'belowTarget' } });
  });
});

describe('properties', () => {
  const cents = fc.integer({ min: 0, max: 10_000_000 }).map((n) => new Dec(n).div(100).toFixed(2));
  const rate = fc.integer({ min: 1, max: 5_000_000 }).map((n) => new Dec(n).div(10_000).toFixed());

  it('converting with rate r: revenue = round(R ÷ r), margin = revenue − cost, the status its sign, the rate shown', () => {
    fc.assert(
      fc.property(cents, cents, rate, (revenue, cost, r) => {
        const book = new RateBook('EUR', [{ currency: 'GBP', date: '2026-01-01', rate: r }]);
        const p = jobProfitability({ ...gbpJob, revenue, outsourcing: [{ status: 1, currency: 'EUR', total: cost }] }, book);
        const converted = roundMoney(new Dec(revenue).div(r), 'EUR');
        if (converted.isZero()) return; // only EUR left: one currency
        if (new Dec(revenue).isZero() || new Dec(cost).isZero()) return;
        expect(p).toMatchObject({ revenue: converted.toFixed(2), cost: new Dec(cost).toFixed(2), rates: [{ currency: 'GBP', rate: r }] });
        const margin = converted.minus(cost);
        expect('margin' in p && p.margin).toBe(margin.toFixed(2));
        expect(p.status).toBe(margin.gt(0) ? 'profitable' : margin.lt(0) ? 'unprofitable' : 'breakEven');
      }),
    );
  });

  it('a missing rate never yields a numeric status', () => {
    fc.assert(
      fc.property(cents, cents, fc.constantFrom('2025-12-31', '2026-03-02', '2027-01-01'), (revenue, cost, rateDay) => {
        fc.pre(!new Dec(revenue).isZero() && !new Dec(cost).isZero());
        // The only rate is dated after the job's day, or is of another currency.
        const book = new RateBook('EUR', [
          { currency: rateDay < '2026-03-02' ? 'USD' : 'GBP', date: rateDay > '2026-03-02' ? rateDay : '2026-01-01', rate: '0.9' },
        ]);
        const p = jobProfitability({ ...gbpJob, revenue, outsourcing: [{ status: 1, currency: 'EUR', total: cost }] }, book);
        if (rateDay === '2026-03-02') return; // GBP 2026-01-01: a rate exists
        expect(p.status).toBe('noExchangeRate');
        expect(p).not.toHaveProperty('margin');
      }),
    );
  });
});
