import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, formatPercent, formatRate } from '../../../console/src/shared/formatting/format';

/** How the console writes numbers (docs/console.md#text), with the server's writer (src/core/number-writer.ts). */
describe('the console number formats', () => {
  it('writes amounts in their currency, rates with up to 6 decimals', () => {
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(-0.001, 'EUR')).toBe('-€0.00');
    expect(formatMoney(1234, 'JPY')).toBe('JP¥1,234');
    expect(formatMoney(null, 'EUR')).toBe('—');
    expect(formatRate(0.085, 'EUR')).toBe('€0.085');
    expect(formatRate(45, 'USD')).toBe('US$45.00');
  });

  it('writes a code Intl does not know after the number', () => {
    expect(formatMoney(1234.5, 'EU')).toBe('1,234.5 EU');
    expect(formatRate(0.0851234, 'EU')).toBe('0.085123');
  });

  it('writes numbers and percentages', () => {
    expect(formatNumber(12500.456)).toBe('12,500.46');
    expect(formatNumber(1e12)).toBe('1,000,000,000,000');
    expect(formatNumber(2.5, 0)).toBe('3');
    expect(formatNumber(undefined)).toBe('—');
    expect(formatPercent(0.125)).toBe('12.5%');
    expect(formatPercent(-0.0004)).toBe('-0%');
  });
});
