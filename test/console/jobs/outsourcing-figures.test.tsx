import { describe, expect, it } from 'vitest';
import type { Job } from '../../../console/src/shared/api/job-query';
import {
  amountProblem,
  formatRate,
  profitabilityView,
  statusLabel,
  suggestedPrice,
  unitCostToSend,
  type SupplierPrice,
} from '../../../console/src/modules/jobs/job/outsourcing-figures';

/** The pure side of the outsourcing section: prices, the job's cost and margin, statuses, form values. */
const EUR = { code: 'EUR', symbol: '€' };

function jobWith(estimation: { total: number; totals?: Array<{ code: string; total: number }>; profitability?: Record<string, unknown> }): Job {
  return {
    currency: EUR,
    estimation: {
      currency: EUR,
      total: estimation.total,
      outsourcing: { suppliers: [], totals: (estimation.totals ?? []).map(({ code, total }) => ({ currency: { code, symbol: code }, total })) },
      profitability: estimation.profitability,
    },
  } as unknown as Job;
}

const price = (unitCost: number, type = 'supplier'): SupplierPrice => ({ id: 'p', currency: EUR, matches: [], matchesType: 'fixed', type, unitCost });

describe('formatRate', () => {
  it('writes a unit price with the decimals it has (up to 6), where an amount would round to cents', () => {
    expect(formatRate(0.075, 'EUR')).toBe('€0.075');
    expect(formatRate(0.08, 'EUR')).toBe('€0.08');
    expect(formatRate(0.123456, 'GBP')).toBe('£0.123456');
    expect(formatRate(45, 'EUR')).toBe('€45.00');
    expect(formatRate(null, 'EUR')).toBe('—');
  });
});

describe('profitabilityView', () => {
  it('shows the job total and the cost only when the API leaves the profitability out (hidden from the role: docs/access.md#revenue-and-margins)', () => {
    const view = profitabilityView(jobWith({ total: 1000, totals: [{ code: 'EUR', total: 600 }] }));
    expect(view).toEqual({ revenue: '€1,000.00', cost: '€600.00', tone: 'neutral' });
  });

  it('shows the margin, its rate and the verdict in words for a numeric profitability', () => {
    const view = profitabilityView(
      jobWith({
        total: 140,
        totals: [{ code: 'EUR', total: 80 }],
        profitability: { status: 'profitable', margin: 60, marginRate: 0.4286, withMargin: { status: 'aboveTarget' } },
      }),
    );
    expect(view).toEqual({
      revenue: '€140.00',
      cost: '€80.00',
      margin: '€60.00',
      marginRate: '42.9%',
      status: 'Profitable',
      target: 'at or above the target margin',
      tone: 'good',
    });
  });

  it('marks a profit below the target, and a loss, as bad; a job total of 0 has no rate', () => {
    const below = profitabilityView(
      jobWith({
        total: 100,
        totals: [{ code: 'EUR', total: 90 }],
        profitability: { status: 'profitable', margin: 10, marginRate: 0.1, withMargin: { status: 'belowTarget' } },
      }),
    );
    expect(below).toMatchObject({ status: 'Profitable', target: 'below the target margin', tone: 'bad' });
    const free = profitabilityView(
      jobWith({
        total: 0,
        totals: [{ code: 'EUR', total: 20 }],
        profitability: { status: 'unprofitable', margin: -20, marginRate: null, withMargin: { status: 'belowTarget' } },
      }),
    );
    expect(free).toMatchObject({ margin: '-€20.00', marginRate: 'no rate (the job total is 0)', status: 'Unprofitable', tone: 'bad' });
  });

  it('explains why there is no margin, and adds up the cost per currency', () => {
    const none = profitabilityView(jobWith({ total: 140, profitability: { status: 'noOutsourcing', withMargin: { status: 'noOutsourcing' } } }));
    expect(none).toEqual({
      revenue: '€140.00',
      cost: '€0.00',
      status: 'noOutsourcing',
      explanation: 'Nothing is outsourced yet: the margin is the whole job total.',
      tone: 'neutral',
    });
    const mixed = profitabilityView(
      jobWith({
        total: 140,
        totals: [
          { code: 'EUR', total: 80 },
          { code: 'USD', total: 12 },
        ],
        profitability: { status: 'noExchangeRate', withMargin: { status: 'noExchangeRate' }, missing: [{ currency: 'USD', date: '2026-11-20' }] },
      }),
    );
    expect(mixed.cost).toBe('€80.00 + US$12.00');
    expect(mixed.explanation).toBe(
      'No exchange rate is known for USD on or before 20 Nov 2026: no margin can be computed until the account has one (Settings, Exchange rates).',
    );
    expect(mixed.margin).toBeUndefined();
    const unpriced = profitabilityView(jobWith({ total: 140, profitability: { status: 'unpriced', withMargin: { status: 'unpriced' } } }));
    expect(unpriced.explanation).toContain('An outsourcing has no price');
  });

  it('shows the margin in the currency of the converted figures, with the rates used', () => {
    const view = profitabilityView(
      jobWith({
        total: 100,
        totals: [{ code: 'USD', total: 54.28 }],
        profitability: {
          status: 'profitable',
          margin: 50,
          marginRate: 0.5,
          withMargin: { status: 'aboveTarget' },
          revenue: 100,
          cost: 50,
          currency: { code: 'EUR', symbol: '€', decimals: 2 },
          rates: [{ currency: 'USD', date: '2026-11-20', rate: 1.0856 }],
        },
      }),
    );
    expect(view).toMatchObject({
      revenue: '€100.00',
      cost: 'US$54.28',
      margin: '€50.00',
      converted: { currency: 'EUR', revenue: '€100.00', cost: '€50.00', rates: '1 EUR = 1.0856 USD (20 Nov 2026)' },
    });
  });
});

describe('the price sent when adding', () => {
  it('is none when the user kept the suggestion (the API then takes and records it), the typed one otherwise', () => {
    expect(suggestedPrice(undefined)).toBeUndefined();
    expect(suggestedPrice([])).toBeNull();
    expect(suggestedPrice([price(0.08), price(0.07, 'account')])).toEqual(price(0.08));
    expect(unitCostToSend('', price(0.08))).toBeUndefined();
    expect(unitCostToSend(0.08, price(0.08))).toBeUndefined();
    expect(unitCostToSend('0.065', price(0.08))).toBe(0.065);
    expect(unitCostToSend(0, null)).toBeUndefined();
    expect(unitCostToSend(0.1, null)).toBe(0.1);
  });

  it('is checked as the API checks amounts: a number from 0 to 10^12', () => {
    expect(amountProblem('', false)).toBeNull();
    expect(amountProblem('', true)).toBe('Must be a number of 0 or more');
    expect(amountProblem(-1, false)).toBe('Must be a number of 0 or more');
    expect(amountProblem(2e12, false)).toBe('Must be a number of 0 or more');
    expect(amountProblem('0.075', true)).toBeNull();
  });
});

it('names the statuses in words', () => {
  expect([1, 2, 3, 4, 5, 6].map(statusLabel)).toEqual(['Not started', 'In progress', 'To be reviewed', 'Finished', 'Cancelled', 'On hold']);
  expect(statusLabel(9)).toBe('9');
});
