import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/core/money.js';
import { jobDay, RateBook } from '../../src/modules/exchange-rates/index.js';

const book = new RateBook('EUR', [
  { currency: 'USD', date: '2026-11-20', rate: '1.0856' },
  { currency: 'USD', date: '2026-11-02', rate: '1.1' },
  { currency: 'GBP', date: '2026-11-02', rate: '0.8' },
  { currency: 'JPY', date: '2026-11-25', rate: '160.5' },
]);

describe('the rate book', () => {
  it('answers the latest rate on or before the day', () => {
    expect(book.rateOn('USD', '2026-11-01')).toBeNull();
    expect(book.rateOn('USD', '2026-11-02')).toEqual({ currency: 'USD', date: '2026-11-02', rate: '1.1' });
    expect(book.rateOn('USD', '2026-11-19')).toEqual({ currency: 'USD', date: '2026-11-02', rate: '1.1' });
    expect(book.rateOn('USD', '2026-11-20')?.rate).toBe('1.0856');
    expect(book.rateOn('USD', '2030-01-01')?.rate).toBe('1.0856');
    expect(book.rateOn('CHF', '2026-11-20')).toBeNull();
  });

  it('converts amount ÷ rate, rounded half up to the account currency', () => {
    expect(book.toAccount('100', 'USD', '2026-11-21')?.value.toFixed()).toBe('92.11'); // 92.1149…
    expect(book.toAccount('1', 'GBP', '2026-11-21')?.value.toFixed()).toBe('1.25');
    expect(book.toAccount('1000', 'JPY', '2026-11-25')?.value.toFixed()).toBe('6.23'); // 6.2305…
    expect(book.toAccount('0.005', 'EUR', '2020-01-01')).toEqual({ value: new Dec('0.01'), rate: null });
    expect(book.toAccount('10', 'USD', '2026-11-01')).toBeNull();
  });

  it('finds what a linear scan finds', () => {
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, '0')}`);
    fc.assert(
      fc.property(fc.uniqueArray(day, { maxLength: 12 }), day, (days, asked) => {
        const entries = days.map((date, i) => ({ currency: 'USD', date, rate: String(i + 1) }));
        const expected = entries.filter((e) => e.date <= asked).sort((a, b) => (a.date < b.date ? 1 : -1))[0];
        expect(new RateBook('EUR', entries).rateOn('USD', asked)?.rate ?? null).toBe(expected?.rate ?? null);
      }),
    );
  });

  it('dates a job by its due date, else the day it was created (UTC)', () => {
    expect(jobDay({ due_date: '2026-12-01T23:30:00.000Z', created_at: '2026-11-01T10:00:00.000Z' })).toBe('2026-12-01');
    expect(jobDay({ due_date: null, created_at: '2026-11-01T10:00:00.000Z' })).toBe('2026-11-01');
  });
});
