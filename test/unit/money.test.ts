import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Dec, currency, isCurrencyCode, minorUnits, roundMoney, roundRate, toDecimalString, toNumber } from '../../src/core/money.js';

describe('currencies (docs/reference.md#money-and-rounding)', () => {
  it('answers { code, symbol } with the narrow symbol of Intl', () => {
    expect(currency('EUR')).toEqual({ code: 'EUR', symbol: '€' });
    expect(currency('USD')).toEqual({ code: 'USD', symbol: '$' });
    expect(currency('JPY')).toEqual({ code: 'JPY', symbol: '¥' });
    expect(currency('GBP')).toEqual({ code: 'GBP', symbol: '£' });
    // Without a narrow symbol, Intl shows the code.
    expect(currency('CHF')).toEqual({ code: 'CHF', symbol: 'CHF' });
  });

  it('knows the minor units of ISO 4217', () => {
    expect(minorUnits('EUR')).toBe(2);
    expect(minorUnits('USD')).toBe(2);
    expect(minorUnits('JPY')).toBe(0);
    expect(minorUnits('KRW')).toBe(0);
    expect(minorUnits('KWD')).toBe(3);
    expect(minorUnits('BHD')).toBe(3);
  });

  it('isCurrencyCode accepts known uppercase codes only', () => {
    for (const code of ['EUR', 'USD', 'JPY', 'KWD', 'CHF', 'GBP', 'SEK']) expect(isCurrencyCode(code), code).toBe(true);
    for (const code of ['eur', 'Eur', 'EU', 'EURO', 'ABC', 'QQQ', '', ' EUR', 'EUR ']) expect(isCurrencyCode(code), code).toBe(false);
    expect(isCurrencyCode(978)).toBe(false);
    expect(isCurrencyCode(null)).toBe(false);
  });
});

describe('roundMoney: half away from zero to the minor unit', () => {
  const cases: Array<[string, string, string]> = [
    ['2.345', 'EUR', '2.35'],
    ['-2.345', 'EUR', '-2.35'],
    ['2.344', 'EUR', '2.34'],
    ['-2.344', 'EUR', '-2.34'],
    ['0.005', 'EUR', '0.01'],
    ['-0.005', 'EUR', '-0.01'],
    ['1.005', 'USD', '1.01'],
    ['0.125', 'JPY', '0'],
    ['0.5', 'JPY', '1'],
    ['-0.5', 'JPY', '-1'],
    ['1234.5', 'JPY', '1235'],
    ['1.0005', 'KWD', '1.001'],
    ['1.0004', 'KWD', '1'],
    ['-1.0005', 'KWD', '-1.001'],
    ['10', 'EUR', '10'],
    ['999999999999.995', 'EUR', '1000000000000'],
  ];
  it.each(cases)('%s %s → %s', (value, code, expected) => {
    expect(roundMoney(value, code).toFixed()).toBe(expected);
  });

  it('is exact for values that binary floating point gets wrong', () => {
    // 1.005 is 1.00499999999999989… as a double; the decimal parsed from text is exact.
    expect(roundMoney('1.005', 'EUR').toFixed()).toBe('1.01');
    expect(roundMoney(new Dec('0.1').plus('0.2'), 'EUR').toFixed()).toBe('0.3');
    expect(new Dec('0.1').plus('0.2').toFixed()).toBe('0.3');
  });

  const decimalText = fc.tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 8 })).map(([negative, digits, scale]) => {
    const text = digits.toString().padStart(scale + 1, '0');
    const whole = scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
    return negative && digits !== 0n ? `-${whole}` : whole;
  });
  const code = fc.constantFrom('EUR', 'USD', 'JPY', 'KWD');

  it('property: never moves a value by more than half a minor unit', () => {
    fc.assert(
      fc.property(decimalText, code, (value, c) => {
        const rounded = roundMoney(value, c);
        const half = new Dec(10).pow(-minorUnits(c)).div(2);
        return rounded.minus(value).abs().lte(half) && rounded.decimalPlaces() <= minorUnits(c);
      }),
    );
  });

  it('property: is symmetric around zero and idempotent', () => {
    fc.assert(
      fc.property(decimalText, code, (value, c) => {
        const rounded = roundMoney(value, c);
        return roundMoney(new Dec(value).neg(), c).eq(rounded.neg()) && roundMoney(rounded, c).eq(rounded);
      }),
    );
  });

  it('roundRate keeps six decimals', () => {
    expect(roundRate('0.1234565').toFixed()).toBe('0.123457');
    expect(roundRate('-0.1234565').toFixed()).toBe('-0.123457');
    expect(roundRate('0.12').toFixed()).toBe('0.12');
  });
});

describe('decimal strings', () => {
  it('toDecimalString gives plain decimal text, never an exponent', () => {
    expect(toDecimalString(0.1)).toBe('0.1');
    expect(toDecimalString(0.3)).toBe('0.3');
    expect(toDecimalString(Number('0.3'))).toBe('0.3');
    expect(toDecimalString(1.005)).toBe('1.005');
    expect(toDecimalString(0.21)).toBe('0.21');
    // A double keeps its shortest round-trip text: 0.1 + 0.2 really is 0.30000000000000004.
    expect(toDecimalString(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(toDecimalString(1e21)).toBe('1000000000000000000000');
    expect(toDecimalString(1e-7)).toBe('0.0000001');
    expect(toDecimalString(-0)).toBe('0');
    expect(toDecimalString('1.50')).toBe('1.5');
    expect(toDecimalString(new Dec('2.500'))).toBe('2.5');
    expect(toDecimalString('123456789012345678901234567890.123456')).toBe('123456789012345678901234567890.123456');
  });

  it('property: a number given in decimal text comes back as the same number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const text = toDecimalString(n);
        return /^-?\d+(\.\d+)?$/.test(text) && Number(text) === (Object.is(n, -0) ? 0 : n);
      }),
    );
  });

  it('toNumber turns stored text into a number at the edge, keeping null', () => {
    expect(toNumber('0.21')).toBe(0.21);
    expect(toNumber('-12.5')).toBe(-12.5);
    expect(toNumber(null)).toBeNull();
  });
});
