import { describe, expect, it } from 'vitest';
import { addDays, computeTotals, lineTotal, money } from '../../src/modules/documents/totals.js';

describe('document totals (docs/documents.md#rules), hand-computed', () => {
  it('subtotal, discount on it, taxes on the discounted subtotal, each rounded half away from zero', () => {
    // 100.00 + 3 × 1.005 = 3.015 → 3.02; subtotal 103.02; discount 10 % = 10.302 → 10.30;
    // base 92.72; tax1 21 % = 19.4712 → 19.47; tax2 1.5 % = 1.3908 → 1.39; total 92.72 + 19.47 + 1.39 = 113.58
    const lines = ['100.00', lineTotal('3', '1.005', 'EUR')];
    expect(lines[1]).toBe('3.02');
    expect(computeTotals({ currency: 'EUR', lineTotals: lines, discount: '0.1', tax1Rate: '0.21', tax2Rate: '0.015', reverseCharge: false })).toEqual({
      subtotal: '103.02',
      discount: '10.30',
      tax1: '19.47',
      tax2: '1.39',
      total: '113.58',
    });
  });

  it('no taxes with reverse charge', () => {
    expect(computeTotals({ currency: 'EUR', lineTotals: ['50.00'], discount: '0', tax1Rate: '0.21', tax2Rate: null, reverseCharge: true })).toEqual({
      subtotal: '50.00',
      discount: '0.00',
      tax1: '0.00',
      tax2: '0.00',
      total: '50.00',
    });
  });

  it('negative amounts (credit notes) round away from zero symmetrically', () => {
    expect(lineTotal('-3', '1.005', 'EUR')).toBe('-3.02');
    expect(
      computeTotals({ currency: 'EUR', lineTotals: ['-100.00', '-3.02'], discount: '0.1', tax1Rate: '0.21', tax2Rate: '0.015', reverseCharge: false }),
    ).toEqual({
      subtotal: '-103.02',
      discount: '-10.30',
      tax1: '-19.47',
      tax2: '-1.39',
      total: '-113.58',
    });
  });

  it('minor units of the currency: JPY 0, KWD 3', () => {
    expect(lineTotal('3', '10.5', 'JPY')).toBe('32'); // 31.5 → 32
    expect(computeTotals({ currency: 'JPY', lineTotals: ['1005'], discount: '0.05', tax1Rate: '0.1', tax2Rate: null, reverseCharge: false })).toEqual({
      // discount 50.25 → 50; base 955; tax 95.5 → 96; total 1051
      subtotal: '1005',
      discount: '50',
      tax1: '96',
      tax2: '0',
      total: '1051',
    });
    expect(lineTotal('1', '0.0005', 'KWD')).toBe('0.001');
  });

  it('no negative zero; unit costs keep 6 decimals', () => {
    expect(money('-0.001', 'EUR')).toBe('0.00');
    expect(lineTotal('1000000', '0.0000015', 'EUR')).toBe('2.00'); // 0.0000015 → 0.000002 × 1e6
  });

  it('due date: issue date plus days', () => {
    expect(addDays('2025-01-15T00:00:00.000Z', 30)).toBe('2025-02-14T00:00:00.000Z');
  });
});
