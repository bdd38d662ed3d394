import { describe, expect, it } from 'vitest';
import {
  compareDecimals,
  EMPTY_PRICE,
  fractionToPercent,
  newPriceBody,
  percentError,
  percentToFraction,
  rateBody,
  rateError,
  rateInput,
  ratesSummary,
  unitCostError,
  validateNewPrice,
  formatRateEntry,
} from '../../../console/src/modules/prices/price-values';
import { lookupQuery } from '../../../console/src/modules/prices/price-lookup';
import { shiftDecimal } from '../../../console/src/shared/formatting/decimal';

/** The price grid's rules (those of src/modules/prices/schemas.ts) and its rate conversions, exact. */
describe('unit costs', () => {
  it('accepts decimals from 0 to 10¹² with at most 6 decimals, a decimal comma too', () => {
    for (const ok of ['0', '0.12', '12', '0,085', ' 1 000.5 ', '0.000001', '1000000000000']) expect(unitCostError(ok), ok).toBeNull();
  });
  it('refuses what the API refuses, saying why', () => {
    expect(unitCostError('')).toBe('Required');
    expect(unitCostError('-1')).toBe('Cannot be negative');
    expect(unitCostError('abc')).toBe('A number, such as 0.12');
    expect(unitCostError('1e3')).toBe('A number, such as 0.12');
    expect(unitCostError('0.1234567')).toBe('At most 6 decimals');
    expect(unitCostError('1000000000000.01')).toBe('At most 1,000,000,000,000');
  });
});

describe('percentages', () => {
  it('are typed as percent (0 to 1000 %) and sent as exact fractions', () => {
    expect(percentError('30')).toBeNull();
    expect(percentError('1000')).toBeNull();
    expect(percentError('1000.01')).toBe('At most 1000 %');
    expect(percentError('12.34567')).toBe('At most 4 decimals');
    expect(percentToFraction('30')).toBe(0.3);
    // 33.3 / 100 in floats is 0.33299999999999996: the shift is done on the text.
    expect(percentToFraction('33.3')).toBe(0.333);
    expect(percentToFraction('0.5')).toBe(0.005);
    expect(percentToFraction('250%')).toBe(2.5);
  });
  it('show the API fractions as the percent to type', () => {
    expect(fractionToPercent(0.3)).toBe('30');
    expect(fractionToPercent(0.4166666666666667)).toBe('41.66666666666667');
    expect(fractionToPercent(1)).toBe('100');
    expect(fractionToPercent(0.00001)).toBe('0.001');
  });
  it('shift and compare decimal text exactly', () => {
    expect(shiftDecimal('0.036', 2)).toBe('3.6');
    expect(shiftDecimal('5', -3)).toBe('0.005');
    expect(compareDecimals('10', '9.99')).toBe(1);
    expect(compareDecimals('0.10', '0.1')).toBe(0);
    expect(compareDecimals('999999999999.9', '1000000000000')).toBe(-1);
  });
});

describe('match rates', () => {
  const entry = { id: 'a', name: '100%', percentage: 0.3, unitCost: 0.036 };
  it('edit the value of the price mode only, which is the only field the API accepts', () => {
    expect(rateInput('percentage', entry)).toBe('30');
    expect(rateInput('fixed', entry)).toBe('0.036');
    expect(rateBody('percentage', '25')).toEqual({ percentage: 0.25 });
    expect(rateBody('fixed', '0,05')).toEqual({ unitCost: 0.05 });
    expect(rateError('percentage', '2000')).toBe('At most 1000 %');
    expect(rateError('fixed', '0.1234567')).toBe('At most 6 decimals');
  });
  it('are summed up in one line for the row, the mode value first', () => {
    const matches = [entry, { id: 'b', name: '95–99%', percentage: 0.6, unitCost: 0.072 }];
    expect(ratesSummary('percentage', [], 'EUR')).toBe('No match rates');
    expect(ratesSummary('percentage', matches, 'EUR')).toBe('100%: 30% · 95–99%: 60%');
    expect(ratesSummary('fixed', matches, 'EUR')).toBe('100%: €0.036 · 95–99%: €0.072');
    const many = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ ...entry, id, name: id }));
    expect(ratesSummary('percentage', many, 'EUR')).toBe('a: 30% · b: 30% · c: 30% · 2 more');
    expect(formatRateEntry('percentage', entry, 'EUR')).toBe('30% (€0.036)');
    expect(formatRateEntry('fixed', entry, 'EUR')).toBe('€0.036 (30%)');
  });
});

describe('a new price', () => {
  it('requires service, unit, currency and unit cost, as the create schemas do', () => {
    expect(validateNewPrice(EMPTY_PRICE)).toEqual({ service: 'Required', quantityType: 'Required', currency: 'Required', unitCost: 'Required' });
    const valid = { ...EMPTY_PRICE, service: 's', quantityType: 'u', currency: 'EUR', unitCost: '0.12' };
    expect(validateNewPrice(valid)).toEqual({ service: null, quantityType: null, currency: null, unitCost: null });
  });
  it('checks each rate typed in the price mode, leaves empty ones alone, and sends them in the categories order', () => {
    const values = { ...EMPTY_PRICE, service: 's', quantityType: 'u', currency: 'EUR', unitCost: '0.12', rates: { a: '30', b: '', c: '1001' } };
    expect(validateNewPrice(values)).toMatchObject({ 'rates.a': null, 'rates.c': 'At most 1000 %' });
    expect(validateNewPrice(values)).not.toHaveProperty('rates.b');
    expect(validateNewPrice({ ...values, matchesType: 'fixed', rates: { a: '0.1234567' } })['rates.a']).toBe('At most 6 decimals');
    expect(newPriceBody({ ...values, rates: { c: '0', a: '33.3', b: ' ' } }, { client: false, hasPrice: false }, ['a', 'b', 'c']).matches).toEqual([
      { match: 'a', percentage: 0.333 },
      { match: 'c', percentage: 0 },
    ]);
    expect(newPriceBody({ ...values, matchesType: 'fixed', rates: { b: '0,05' } }, { client: false, hasPrice: false }, ['a', 'b']).matches).toEqual([
      { match: 'b', unitCost: 0.05 },
    ]);
  });
  it('sends optional references only when chosen, and client and hasPrice only to the owners that take them', () => {
    const values = { ...EMPTY_PRICE, service: 's', quantityType: 'u', currency: 'EUR', unitCost: '0,12', client: 'c', hasPrice: false };
    expect(newPriceBody(values, { client: false, hasPrice: false })).toEqual({
      service: 's',
      quantityType: 'u',
      currency: 'EUR',
      unitCost: 0.12,
      matchesType: 'percentage',
    });
    expect(newPriceBody({ ...values, languagePair: 'p', domain: 'd' }, { client: true, hasPrice: true })).toEqual({
      service: 's',
      quantityType: 'u',
      currency: 'EUR',
      unitCost: 0.12,
      matchesType: 'percentage',
      languagePair: 'p',
      domain: 'd',
      client: 'c',
      hasPrice: false,
    });
  });
});

describe('the look-up query', () => {
  const criteria = { client: null, supplier: null, service: 's', quantityType: 'u', languagePair: null, domain: null, currency: 'EUR' };
  it('is asked once service, unit and currency are chosen (and the supplier on the supplier side)', () => {
    expect(lookupQuery('client', { ...criteria, service: null })).toBeUndefined();
    expect(lookupQuery('client', criteria)).toEqual({ for: 'client', service: 's', quantityType: 'u', currency: 'EUR' });
    expect(lookupQuery('supplier', criteria)).toBeUndefined();
    expect(lookupQuery('supplier', { ...criteria, supplier: 'x', client: 'c', domain: 'd' })).toEqual({
      for: 'supplier',
      supplier: 'x',
      client: 'c',
      service: 's',
      quantityType: 'u',
      currency: 'EUR',
      domain: 'd',
    });
  });
});
