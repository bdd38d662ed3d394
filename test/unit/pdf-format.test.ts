import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/core/money.js';
import { countryName } from '../../src/core/language.js';
import { currencySymbol, formatAmount, formatPercent, formatQuantity, formatUnitCost, groupDigits } from '../../src/modules/documents/pdf-format.js';

const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describe('amounts on document PDFs', () => {
  it('group digits by three with a no-break space and keep the currency minor unit', () => {
    expect(formatAmount(1247067890, 'EUR')).toBe(nbsp('€1 247 067 890.00'));
    expect(formatAmount(-10.3, 'EUR')).toBe('-€10.30');
    expect(formatAmount(0, 'USD')).toBe('$0.00');
    expect(formatAmount(999.995, 'GBP')).toBe(nbsp('£1 000.00'));
    expect(formatAmount(1234567, 'JPY')).toBe(nbsp('¥1 234 567'));
    expect(formatAmount(1234.5, 'KWD')).toBe(nbsp('KWD 1 234.500'));
    expect(formatAmount(3.02, 'PLN')).toBe(nbsp('PLN 3.02'));
    expect(formatAmount(12, 'CAD')).toBe('CA$12.00');
    expect(formatAmount(-0.001, 'EUR')).toBe('€0.00');
  });

  it('use the unambiguous English symbol, or the code where there is none', () => {
    expect(['EUR', 'USD', 'CAD', 'AUD', 'GBP', 'JPY', 'CNY', 'PLN', 'CHF', 'ILS'].map(currencySymbol)).toEqual([
      '€',
      '$',
      'CA$',
      'A$',
      '£',
      '¥',
      'CN¥',
      'PLN',
      'CHF',
      '₪',
    ]);
  });

  it('unit costs keep up to 6 decimals, quantities and percentages as stored', () => {
    expect(formatUnitCost(0.125, 'EUR')).toBe('€0.125');
    expect(formatUnitCost(10, 'EUR')).toBe('€10.00');
    expect(formatUnitCost(1247067890.123456, 'EUR')).toBe(nbsp('€1 247 067 890.123456'));
    expect(formatQuantity(12500.5)).toBe(nbsp('12 500.5'));
    expect(formatQuantity(1000)).toBe(nbsp('1 000'));
    expect(formatQuantity(-3)).toBe('-3');
    expect(formatPercent(0.21)).toBe('21 %');
    expect(formatPercent(0.075)).toBe('7.5 %');
    expect(formatPercent(0.1)).toBe('10 %');
  });

  it('reads back as the exact rounded decimal: remove the symbol and the separators', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.integer({ min: 0, max: 4 }),
        fc.constantFrom('EUR', 'JPY', 'KWD', 'PLN'),
        (units, scale, code) => {
          const value = new Dec(units.toString()).div(10 ** scale).toString();
          const text = formatAmount(value, code);
          const digits = text.replace(currencySymbol(code), '').replace(/\u00a0/g, '');
          const expected = new Dec(value).toDecimalPlaces(code === 'JPY' ? 0 : code === 'KWD' ? 3 : 2, Dec.ROUND_HALF_UP);
          expect(new Dec(digits).eq(expected)).toBe(true);
          // Every group after the first has exactly three digits.
          const integer = text
            .replace(/^-/, '')
            .replace(currencySymbol(code), '')
            .replace(/^\u00a0/, '')
            .split('.')[0]!;
          const groups = integer.split('\u00a0');
          expect(groups[0]!.length).toBeGreaterThanOrEqual(1);
          expect(groups[0]!.length).toBeLessThanOrEqual(3);
          for (const group of groups.slice(1)) expect(group).toMatch(/^\d{3}$/);
        },
      ),
    );
  });

  it('groupDigits pads to the minimum and trims to the maximum of decimals', () => {
    expect(groupDigits('1.5', { min: 2, max: 6 })).toBe('1.50');
    expect(groupDigits('1.1234567', { min: 0, max: 6 })).toBe('1.123457');
    expect(groupDigits('100', { min: 0, max: 6 })).toBe('100');
  });
});

describe('country names', () => {
  it('names a country in English, and falls back to the code', () => {
    expect(countryName('PL')).toBe('Poland');
    expect(countryName('BE')).toBe('Belgium');
    expect(countryName('JP')).toBe('Japan');
    expect(countryName('XX')).toBe('XX');
  });
});
