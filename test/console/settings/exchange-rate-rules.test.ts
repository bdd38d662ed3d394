import { describe, expect, it } from 'vitest';
import { currencyError, dateError, rateError, rateSentence, rateText, rateValue } from '../../../console/src/modules/settings/exchange-rates/rate';

/** The exchange rate form's checks, as the API makes them (docs/exchange-rates.md#rates). */
describe('exchange rate rules', () => {
  it('takes real days only, written YYYY-MM-DD', () => {
    expect(['2026-11-20', '2024-02-29'].map(dateError)).toEqual([null, null]);
    expect(['2026-02-30', '2025-02-29', '2026-13-01', '20-11-2026', '', '2026-1-5'].map(dateError)).toEqual(Array(6).fill('rates.error.date'));
  });

  it('takes a known currency other than the account currency', () => {
    const known = ['EUR', 'USD', 'GBP'];
    expect(currencyError('USD', 'EUR', known)).toBeNull();
    expect(currencyError('EUR', 'EUR', known)).toBe('rates.error.accountCurrency');
    expect(currencyError(null, 'EUR', known)).toBe('rates.error.currencyRequired');
    expect(currencyError('XYZ', 'EUR', known)).toBe('rates.error.currency');
  });

  it('takes a rate above 0, at most 10^12, with at most 15 significant digits', () => {
    expect(['1.0856', '162.53', '0.000001', '1,5', ' 2 ', '1000000000000', '0.123456789012345'].map(rateError)).toEqual(Array(7).fill(null));
    expect(['0', '0.0', '-1', 'abc', '', '1e3', '1000000000001'].map(rateError)).toEqual(Array(7).fill('rates.error.rate'));
    expect(rateError('1.0000000000000001')).toBe('rates.error.digits');
    expect(rateError('0.1234567890123456')).toBe('rates.error.digits');
  });

  it('sends the typed rate as a number and writes it as the ECB does', () => {
    expect(rateValue('1,0856')).toBe(1.0856);
    expect(rateText(1e-7)).toBe('0.0000001');
    expect(rateSentence('EUR', 1.0856, 'USD')).toBe('1 EUR = 1.0856 USD');
    expect(rateSentence('EUR', 162.53, 'JPY')).toBe('1 EUR = 162.53 JPY');
  });
});
