import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Dec } from '../../src/core/money.js';
import type { ApiError } from '../../src/core/errors.js';
import {
  lineRate,
  lineView,
  linesFromParams,
  linesOfPrice,
  nameLines,
  repriceLines,
  sumOfLines,
  takePrice,
  type FrozenEntry,
} from '../../src/modules/price-lines/index.js';

/** Match lines of jobs and outsourcing (docs/prices.md#match-entries, docs/jobs.md#the-price-endpoint), pure. */
const frozen: FrozenEntry[] = [
  { id: 'a', unitCost: '0.03', percentage: '0.3' },
  { id: 'b', unitCost: '0.05', percentage: '0.5' },
];
const named = (line: { id: string; value: string; entry: { unitCost: string; percentage: string } | null }) => ({ ...line, name: line.id.toUpperCase() });

describe('taking a price', () => {
  it('freezes the unit cost, mode, reference and entries; nothing applies: 0, fixed, no reference', () => {
    expect(takePrice(undefined)).toEqual({ unitCost: '0', priceId: null, priceType: null, matchesType: 'fixed', entries: [], names: new Map() });
    const taken = takePrice({
      id: 'p',
      currency: { code: 'EUR', symbol: '€' },
      matches: [{ id: 'a', name: 'A', percentage: 0.3, unitCost: 0.03 }],
      matchesType: 'percentage',
      type: 'client',
      unitCost: 0.1,
    });
    expect(taken).toEqual({
      unitCost: '0.1',
      priceId: 'p',
      priceType: 'client',
      matchesType: 'percentage',
      entries: [{ id: 'a', unitCost: '0.03', percentage: '0.3' }],
      names: new Map([['a', 'A']]),
    });
    expect(linesOfPrice(taken.entries)).toEqual([{ id: 'a', value: '0', entry: { unitCost: '0.03', percentage: '0.3' } }]);
    // The names stay out of the stored entries (price_matches).
    expect(JSON.parse(JSON.stringify(taken.entries))).toEqual([{ id: 'a', unitCost: '0.03', percentage: '0.3' }]);
  });

  it('names lines by their categories, in order; undefined when one name is missing', () => {
    const lines = [
      { id: 'b', value: '5', entry: null },
      { id: 'a', value: '100', entry: { unitCost: '0.03', percentage: '0.3' } },
    ];
    const names = new Map([
      ['a', 'A'],
      ['b', 'B'],
    ]);
    expect(nameLines(lines, names)).toEqual([
      { id: 'b', value: '5', entry: null, name: 'B' },
      { id: 'a', value: '100', entry: { unitCost: '0.03', percentage: '0.3' }, name: 'A' },
    ]);
    expect(nameLines(lines, new Map([['a', 'A']]))).toBeUndefined();
    expect(nameLines([], new Map())).toEqual([]);
  });
});

describe('lines from the matches parameter', () => {
  it('takes the rate sent, else the price entry, else the full rate', () => {
    const lines = linesFromParams(
      [
        { id: 'a', value: 100 },
        { id: 'c', value: 10 },
        { id: 'b', value: 5, unitCost: 0.08 },
      ],
      'fixed',
      '0.1',
      frozen,
    );
    expect(lines).toEqual([
      { id: 'a', value: '100', entry: { unitCost: '0.03', percentage: '0.3' } },
      { id: 'c', value: '10', entry: null },
      { id: 'b', value: '5', entry: { unitCost: '0.08', percentage: '0.8' } },
    ]);
    expect(lines.map((line) => lineRate('fixed', '0.1', line))).toEqual(['0.03', '0.1', '0.08']);
    expect(lineView('fixed', '0.1', named(lines[1]!))).toEqual({ id: 'c', name: 'C', percentage: 1, unitCost: 0.1, value: 10 });
    const percent = linesFromParams([{ id: 'a', value: 1, percentage: 0.25 }], 'percentage', '0.085', frozen);
    expect(percent[0]!.entry).toEqual({ unitCost: '0.02125', percentage: '0.25' });
    expect(lineRate('percentage', '0.085', percent[0]!)).toBe('0.02125');
  });

  it('refuses a category twice and the field of the other mode', () => {
    const code = (work: () => unknown) => {
      try {
        work();
      } catch (error) {
        return [(error as ApiError).code, (error as ApiError).details?.[0]?.param];
      }
      return null;
    };
    expect(
      code(() =>
        linesFromParams(
          [
            { id: 'a', value: 1 },
            { id: 'a', value: 2 },
          ],
          'fixed',
          '0.1',
          frozen,
        ),
      ),
    ).toEqual(['parameter_invalid', 'matches[1][id]']);
    expect(code(() => linesFromParams([{ id: 'a', value: 1, percentage: 0.5 }], 'fixed', '0.1', frozen))).toEqual([
      'parameter_invalid',
      'matches[0][percentage]',
    ]);
    expect(code(() => linesFromParams([{ id: 'a', value: 1, unitCost: 0.5 }], 'percentage', '0.1', frozen))).toEqual([
      'parameter_invalid',
      'matches[0][unitCost]',
    ]);
  });

  it('sums the quantities exactly (no binary floating point)', () => {
    expect(
      sumOfLines(
        linesFromParams(
          [
            { id: 'a', value: 0.1 },
            { id: 'b', value: 0.2 },
          ],
          'fixed',
          '0.1',
          frozen,
        ),
      ),
    ).toBe('0.3');
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 8 }), (cents) => {
        const params = cents.map((c, i) => ({ id: `m${i}`, value: c / 100 }));
        const expected = cents.reduce((sum, c) => sum.plus(new Dec(c).div(100)), new Dec(0));
        expect(sumOfLines(linesFromParams(params, 'fixed', '0.1', []))).toBe(expected.toFixed());
      }),
    );
  });

  it('a rate given in fixed mode survives a switch to percentage mode (same unit cost)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (rateMicros, unitMicros) => {
        const rate = new Dec(rateMicros).div(1_000_000).toNumber();
        const unitCost = new Dec(unitMicros).div(1_000_000).toFixed();
        const [line] = linesFromParams([{ id: 'a', value: 1, unitCost: rate }], 'fixed', unitCost, []);
        expect(lineRate('percentage', unitCost, line!)).toBe(lineRate('fixed', unitCost, line!));
      }),
    );
  });
});

describe('re-pricing lines', () => {
  it('keeps the categories and quantities with the new rates when the job has matches, else takes the price entries', () => {
    const lines = [
      { id: 'a', value: '10', entry: { unitCost: '1', percentage: '1' } },
      { id: 'z', value: '5', entry: null },
    ];
    expect(repriceLines(lines, frozen, true)).toEqual([
      { id: 'a', value: '10', entry: { unitCost: '0.03', percentage: '0.3' } },
      { id: 'z', value: '5', entry: null },
    ]);
    expect(repriceLines(lines, frozen, false)).toEqual(linesOfPrice(frozen));
  });
});
