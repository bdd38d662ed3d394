import { describe, expect, it } from 'vitest';
import { NumberWriter } from '../../src/core/number-writer.js';

/** The one writer of numbers of the documents and the console (src/core/number-writer.ts). */
describe('NumberWriter', () => {
  const en = new NumberWriter('en-GB');
  const de = new NumberWriter('de-DE');
  const fr = new NumberWriter('fr-FR');

  it("writes an amount with its currency's decimals, or up to more", () => {
    expect(en.money(1234.5, 'EUR')).toBe('€1,234.50');
    expect(de.money('1234.565', 'EUR')).toBe('1.234,57\u00a0€');
    expect(fr.money('-1234.5', 'EUR')).toBe('-1\u202f234,50\u00a0€');
    expect(en.money(1234, 'JPY')).toBe('JP¥1,234');
    expect(en.money('1.2345', 'KWD')).toBe('KWD\u00a01.235');
    expect(en.money(0.085, 'EUR', { maxDecimals: 6 })).toBe('€0.085');
    expect(en.money(45, 'EUR', { maxDecimals: 6 })).toBe('€45.00');
    expect(() => en.money(1, 'EU')).toThrow(RangeError);
  });

  it('reads a decimal string exactly, past what a number holds', () => {
    expect(en.money('1.005', 'EUR')).toBe('€1.01');
    expect(en.number('0.30000000000000000001', 20)).toBe('0.30000000000000000001');
  });

  it('writes a minus on a value that rounds to zero only when asked to', () => {
    expect(en.money('-0.001', 'EUR')).toBe('-€0.00');
    expect(en.money('-0.001', 'EUR', { sign: 'negative' })).toBe('€0.00');
    expect(en.number(-0, 2)).toBe('-0');
    expect(en.number(-0, 2, 'negative')).toBe('0');
  });

  it('writes numbers and percentages with at most the decimals asked', () => {
    expect(en.number(12500.456, 2)).toBe('12,500.46');
    expect(de.number('12500.5', 6)).toBe('12.500,5');
    expect(en.number('1.08561234567', 10)).toBe('1.0856123457');
    expect(en.percent(0.125, 1)).toBe('12.5%');
    expect(fr.percent('0.075', 4)).toBe('7,5\u00a0%');
    expect(en.percent('0.21', 4, 'negative')).toBe('21%');
  });
});
