/** Group estimation (docs/estimation.md#7-group-estimation): aggregation of the jobs' stored estimations. */
import { describe, expect, it } from 'vitest';
import { currency } from '../../src/core/money.js';
import { buildGroupEstimation, type GroupJobInput, type OutsourcingSummary } from '../../src/modules/estimation/index.js';

const s1 = { id: 'a'.repeat(24), name: 'Anna' };
const s2 = { id: 'b'.repeat(24), name: 'Bureau' };
const none: OutsourcingSummary = { suppliers: [], totals: [] };
const outsourced = (supplier: typeof s1, code: string, total: string): OutsourcingSummary => ({
  suppliers: [supplier],
  totals: [{ currency: currency(code), total }],
});

function job(
  code: string,
  total: string,
  extra: Partial<Omit<GroupJobInput, 'estimation'>> & { totalInvoiced?: string | null; outsourcing?: OutsourcingSummary } = {},
): GroupJobInput {
  return {
    status: extra.status ?? 2,
    nonBillable: extra.nonBillable ?? false,
    trackedMs: extra.trackedMs ?? 0,
    estimation: { currency: currency(code), total, totalInvoiced: extra.totalInvoiced ?? null, outsourcing: extra.outsourcing ?? none },
  };
}

describe('group estimation (docs/estimation.md#7-group-estimation)', () => {
  it('an empty group: no currency, zero totals, incorrectStatus', () => {
    expect(buildGroupEstimation({ currency: 'EUR', targetMargin: '0.3', jobs: [] })).toEqual({
      isV2: true,
      outsourcing: none,
      profitability: { status: 'incorrectStatus', withMargin: { status: 'incorrectStatus' } },
      total: '0.00',
      totalInvoiced: '0.00',
      totalTime: 0,
    });
    // without a group currency the zeros have no minor unit to follow
    expect(buildGroupEstimation({ currency: null, targetMargin: '0.3', jobs: [] })).toMatchObject({ total: '0', totalInvoiced: '0' });
  });

  it('sums the non-cancelled jobs in the group currency exactly; totalTime sums every job', () => {
    // 0.10 + 0.20 + 100.00 = 100.30 (the cancelled 999.99 left out)
    // time: 60 000 + 1 000 + 3 600 000 (the cancelled job's time counts) = 3 661 000
    const r = buildGroupEstimation({
      currency: 'EUR',
      targetMargin: '0.3',
      jobs: [
        job('EUR', '0.10', { trackedMs: 60_000 }),
        job('EUR', '0.20', { trackedMs: 1_000 }),
        job('EUR', '100.00'),
        job('EUR', '999.99', { status: 5, trackedMs: 3_600_000 }),
      ],
    });
    expect(r).toMatchObject({ currency: { code: 'EUR', symbol: '€' }, total: '100.30', totalInvoiced: '0.00', totalTime: 3_661_000 });
    expect(r.profitability.status).toBe('noOutsourcing');
  });

  it('totalInvoiced sums the invoiced totals (a null counts 0)', () => {
    // invoiced 100.00 + 25.50 = 125.50; total 100.00 + 25.50 + 40.00 = 165.50
    const r = buildGroupEstimation({
      currency: 'EUR',
      targetMargin: '0.3',
      jobs: [job('EUR', '100.00', { status: 4, totalInvoiced: '100.00' }), job('EUR', '25.50', { status: 4, totalInvoiced: '25.50' }), job('EUR', '40.00')],
    });
    expect(r).toMatchObject({ total: '165.50', totalInvoiced: '125.50' });
  });

  it('a job in another currency is left out of the totals; its revenue needs a rate (none known here)', () => {
    // EUR 100.00 counted, USD 70.00 left out
    const r = buildGroupEstimation({
      currency: 'EUR',
      targetMargin: '0.3',
      jobs: [job('EUR', '100.00', { outsourcing: outsourced(s1, 'EUR', '50.00') }), job('USD', '70.00')],
    });
    expect(r.total).toBe('100.00');
    expect(r.profitability).toMatchObject({ status: 'noExchangeRate', missing: [{ currency: 'USD' }] });
  });

  it('a cancelled job in another currency does not matter', () => {
    const r = buildGroupEstimation({
      currency: 'EUR',
      targetMargin: '0.3',
      jobs: [job('EUR', '100.00', { outsourcing: outsourced(s1, 'EUR', '50.00') }), job('USD', '70.00', { status: 5 })],
    });
    expect(r.profitability.status).toBe('profitable');
  });

  it('outsourcing: distinct suppliers and totals per currency; another currency needs a rate', () => {
    // EUR 40.00 + 10.50 = 50.50; USD 30.00; suppliers Anna, Bureau
    const r = buildGroupEstimation({
      currency: 'EUR',
      targetMargin: '0.3',
      jobs: [
        job('EUR', '100.00', { outsourcing: outsourced(s1, 'EUR', '40.00') }),
        job('EUR', '50.00', {
          outsourcing: {
            suppliers: [s1, s2],
            totals: [
              { currency: currency('EUR'), total: '10.50' },
              { currency: currency('USD'), total: '30.00' },
            ],
          },
        }),
        job('EUR', '10.00', { status: 5, outsourcing: outsourced(s2, 'EUR', '99.00') }), // cancelled job: left out
      ],
    });
    expect(r.outsourcing).toEqual({
      suppliers: [s1, s2],
      totals: [
        { currency: { code: 'EUR', symbol: '€' }, total: '50.50' },
        { currency: { code: 'USD', symbol: '$' }, total: '30.00' },
      ],
    });
    expect(r.profitability.status).toBe('noExchangeRate');
  });

  it('numeric profitability: revenue = total, cost = outsourcing total', () => {
    // revenue 100.00 + 50.00 = 150.00; cost 60.00 + 30.00 = 90.00; margin 60.00; 0.4 → aboveTarget
    const r = buildGroupEstimation({
      currency: 'EUR',
      targetMargin: '0.3',
      jobs: [job('EUR', '100.00', { outsourcing: outsourced(s1, 'EUR', '60.00') }), job('EUR', '50.00', { outsourcing: outsourced(s2, 'EUR', '30.00') })],
    });
    expect(r.profitability).toEqual({
      status: 'profitable',
      margin: '60.00',
      marginRate: '0.4000',
      withMargin: { status: 'aboveTarget' },
      revenue: '150.00',
      cost: '90.00',
      currency: { code: 'EUR', symbol: '€' },
      rates: [],
    });
  });

  it('a non-billable job adds its outsourcing cost but no revenue', () => {
    // revenue 100.00 + 0.00; cost 60.00 + 20.00 = 80.00; margin 20.00; 0.2 < 0.3
    const r = buildGroupEstimation({
      currency: 'EUR',
      targetMargin: '0.3',
      jobs: [
        job('EUR', '100.00', { outsourcing: outsourced(s1, 'EUR', '60.00') }),
        job('EUR', '0.00', { nonBillable: true, outsourcing: outsourced(s2, 'EUR', '20.00') }),
      ],
    });
    expect(r.profitability).toMatchObject({
      status: 'profitable',
      margin: '20.00',
      marginRate: '0.2000',
      withMargin: { status: 'belowTarget' },
      revenue: '100.00',
      cost: '80.00',
    });
  });

  it('incorrectStatus when every job is cancelled or non-billable; no currency when all are cancelled', () => {
    const cancelled = buildGroupEstimation({ currency: 'EUR', targetMargin: '0.3', jobs: [job('EUR', '10.00', { status: 5 })] });
    expect(cancelled.profitability.status).toBe('incorrectStatus');
    expect(cancelled.currency).toBeUndefined();
    const nonBillable = buildGroupEstimation({ currency: 'EUR', targetMargin: '0.3', jobs: [job('EUR', '0.00', { nonBillable: true })] });
    expect(nonBillable.profitability.status).toBe('incorrectStatus');
    expect(nonBillable.currency).toEqual({ code: 'EUR', symbol: '€' });
  });

  it('without a group currency, the first non-cancelled job gives it', () => {
    // JPY 1000 + 500 = 1500; the EUR job is left out of the total (no outsourcing: noOutsourcing)
    const r = buildGroupEstimation({
      currency: null,
      targetMargin: '0.3',
      jobs: [job('EUR', '1.00', { status: 5 }), job('JPY', '1000'), job('JPY', '500'), job('EUR', '5.00')],
    });
    expect(r).toMatchObject({ currency: { code: 'JPY', symbol: '¥' }, total: '1500', totalInvoiced: '0' });
    expect(r.profitability.status).toBe('noOutsourcing');
  });
});
