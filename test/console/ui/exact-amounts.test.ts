import { describe, expect, it } from 'vitest';
import { currencyDecimals, differenceOf, readAmount, sumAmounts } from '../../../console/src/shared/formatting/exact-amounts';

/** Exact sums of amounts (a supplier invoice against its purchase orders, docs/supplier-invoices.md): never floats. */
describe('exact amounts', () => {
  it('adds JSON numbers exactly, written with the currency’s decimals at least', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumAmounts([0.1, 0.2], 2)).toBe('0.30');
    expect(sumAmounts([100.1, 50.2], 2)).toBe('150.30');
    expect(sumAmounts([1234.5, 0.085], 2)).toBe('1234.585');
    expect(sumAmounts([1500, 250], 0)).toBe('1750');
    expect(sumAmounts([0.0000001], 2)).toBe('0.0000001');
    expect(sumAmounts([], 2)).toBe('0.00');
  });

  it('subtracts exactly, "0" when equal', () => {
    expect(differenceOf('0.31', sumAmounts([0.1, 0.2], 2))).toBe('0.01');
    expect(differenceOf('150.3', '150.30')).toBe('0');
    expect(differenceOf('100', '150.30')).toBe('-50.3');
    expect(differenceOf(0.31, 0.3)).toBe('0.01');
    expect(differenceOf('0.3', '0.31')).toBe('-0.01');
  });

  it('reads a typed total as the API takes it, within the currency’s decimals', () => {
    expect(readAmount(' 1 234,5 ', 2)).toBe('1234.5');
    expect(readAmount('150.30', 2)).toBe('150.30');
    expect(readAmount('150.301', 2)).toBeUndefined();
    expect(readAmount('12.5', 0)).toBeUndefined();
    expect(readAmount('-3', 2)).toBeUndefined();
    expect(readAmount('', 2)).toBeUndefined();
    expect(readAmount('1e3', 2)).toBeUndefined();
  });

  it('knows the decimals of a currency', () => {
    expect(currencyDecimals('EUR')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('??')).toBe(2);
  });
});
