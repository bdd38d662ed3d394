import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_FORMAT_LENGTH, numberFormatError, parseNumberFormat, render, restartsYearly } from '../../src/modules/accounts/number-format.js';

describe('render', () => {
  it('renders the default formats', () => {
    expect(render('INV-{YYYY}-{SEQ:4}', { year: 2025, month: 3, seq: 7 })).toBe('INV-2025-0007');
    expect(render('Q{YY}{MM}/{SEQ}', { year: 2025, month: 3, seq: 42 })).toBe('Q2503/42');
    expect(render('{SEQ:1}', { year: 2025, month: 12, seq: 12345 })).toBe('12345');
    expect(render('PO {YYYY}.{MM}.{SEQ:6}', { year: 987, month: 11, seq: 1 })).toBe('PO 0987.11.000001');
    expect(render('{YY}-{SEQ:2}', { year: 2003, month: 1, seq: 9 })).toBe('03-09');
  });

  it('never cuts a sequence number longer than its width', () => {
    expect(render('{SEQ:3}', { year: 2025, month: 1, seq: 123456 })).toBe('123456');
  });

  it('throws on an invalid format or context', () => {
    expect(() => render('INV-{YYYY}', { year: 2025, month: 1, seq: 1 })).toThrow(/sequence token/);
    expect(() => render('{SEQ}', { year: 2025, month: 13, seq: 1 })).toThrow(RangeError);
    expect(() => render('{SEQ}', { year: 2025, month: 1, seq: -1 })).toThrow(RangeError);
    expect(() => render('{SEQ}', { year: 2025, month: 1, seq: 1.5 })).toThrow(RangeError);
  });
});

describe('validation messages', () => {
  const cases: Array<[string, RegExp]> = [
    ['', /must not be empty/],
    ['INV-{YYYY}', /must contain one sequence token/],
    ['{SEQ}-{SEQ:3}', /exactly one sequence token/],
    ['{SEQ:0}', /width of \{SEQ:0\} must be from 1 to 12/],
    ['{SEQ:13}', /width of \{SEQ:13\} must be from 1 to 12/],
    ['{SEQ:x}', /unknown token \{SEQ:x\}/],
    ['{YYY}-{SEQ}', /unknown token \{YYY\}/],
    ['{yyyy}-{SEQ}', /unknown token \{yyyy\}/],
    ['INV-{SEQ', /"\{" without a matching "\}"/],
    ['INV-{{SEQ}', /"\{" without a matching "\}"/],
    ['INV}-{SEQ}', /"\}" without a matching "\{"/],
    ['INV\n{SEQ}', /control characters/],
    [`${'X'.repeat(MAX_FORMAT_LENGTH)}{SEQ}`, /at most 64 characters/],
  ];
  it.each(cases)('%j is rejected', (format, message) => {
    expect(numberFormatError(format)).toMatch(message);
  });

  it('accepts valid formats, with any literal text', () => {
    for (const format of ['{SEQ}', 'INV-{YYYY}-{SEQ:4}', 'Facture n° {YY}{MM}-{SEQ:12}', `${'A'.repeat(MAX_FORMAT_LENGTH - 5)}{SEQ}`]) {
      expect(numberFormatError(format)).toBeUndefined();
    }
  });

  it('tells whether the sequence restarts every year', () => {
    expect(restartsYearly('INV-{YYYY}-{SEQ:4}')).toBe(true);
    expect(restartsYearly('{YY}{SEQ}')).toBe(true);
    expect(restartsYearly('INV-{SEQ:6}')).toBe(false);
  });
});

// Formats built from parts: literals without braces or control characters, and the tokens.
const literal = fc.string({ minLength: 1, maxLength: 6, unit: fc.constantFrom('A', 'b', '-', '/', '.', ' ', '0', '9', '#', 'é') });
const dateToken = fc.constantFrom('{YYYY}', '{YY}', '{MM}');
const seqToken = fc.oneof(
  fc.constant('{SEQ}'),
  fc.integer({ min: 1, max: 12 }).map((n) => `{SEQ:${n}}`),
);
const validFormat = fc
  .tuple(fc.array(fc.oneof(literal, dateToken), { maxLength: 3 }), seqToken, fc.array(fc.oneof(literal, dateToken), { maxLength: 3 }))
  .map(([before, seq, after]) => [...before, seq, ...after].join(''))
  .filter((format) => format.length <= MAX_FORMAT_LENGTH);
const year = fc.integer({ min: 0, max: 9999 });
const month = fc.integer({ min: 1, max: 12 });
const seq = fc.integer({ min: 0, max: 10 ** 13 });

describe('properties', () => {
  it('every format built from literals and exactly one sequence token is valid', () => {
    fc.assert(fc.property(validFormat, (format) => parseNumberFormat(format).ok));
  });

  it('render is injective in seq for a fixed year and month', () => {
    fc.assert(
      fc.property(validFormat, year, month, seq, seq, (format, y, m, a, b) => {
        fc.pre(a !== b);
        expect(render(format, { year: y, month: m, seq: a })).not.toBe(render(format, { year: y, month: m, seq: b }));
      }),
    );
  });

  it('{SEQ:n} pads to at least n digits, and only with zeros', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), seq, year, (width, n, y) => {
        const text = render(`N{SEQ:${width}}`, { year: y, month: 1, seq: n }).slice(1);
        expect(text.length).toBe(Math.max(width, String(n).length));
        expect(/^\d+$/.test(text)).toBe(true);
        expect(Number(text)).toBe(n);
      }),
    );
  });

  it('the rendered number keeps the literal text and the date fields in place', () => {
    fc.assert(
      fc.property(literal, literal, year, month, seq, (before, after, y, m, n) => {
        const text = render(`${before}{YYYY}{MM}${after}{SEQ:4}`, { year: y, month: m, seq: n });
        expect(text.startsWith(`${before}${String(y).padStart(4, '0')}${String(m).padStart(2, '0')}${after}`)).toBe(true);
      }),
    );
  });

  it('arbitrary strings never make the parser throw', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (format) => {
        const result = parseNumberFormat(format);
        if (!result.ok) expect(result.message.length).toBeGreaterThan(0);
      }),
    );
  });
});
