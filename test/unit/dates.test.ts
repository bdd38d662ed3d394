import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidDateInput, nowIso, toIsoDate } from '../../src/core/dates.js';

const OUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('date input (docs/reference.md#dates-and-time-zones)', () => {
  it('reads a date without time as midnight UTC', () => {
    expect(toIsoDate('2025-03-14')).toBe('2025-03-14T00:00:00.000Z');
    expect(toIsoDate('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
    expect(toIsoDate('0001-01-01')).toBe('0001-01-01T00:00:00.000Z');
    expect(toIsoDate('9999-12-31')).toBe('9999-12-31T00:00:00.000Z');
  });

  it('converts offsets to UTC', () => {
    expect(toIsoDate('2025-01-01T10:00:00+02:00')).toBe('2025-01-01T08:00:00.000Z');
    expect(toIsoDate('2025-01-01T10:00:00-0530')).toBe('2025-01-01T15:30:00.000Z');
    expect(toIsoDate('2025-01-01T01:00:00+03:00')).toBe('2024-12-31T22:00:00.000Z');
    expect(toIsoDate('2025-01-01T10:00:00.5+01:00')).toBe('2025-01-01T09:00:00.500Z');
    expect(toIsoDate('2025-06-30T23:30:00-01:00')).toBe('2025-07-01T00:30:00.000Z');
  });

  it('reads a time without offset as UTC, never as server local time', () => {
    expect(toIsoDate('2025-01-01T10:00:00')).toBe('2025-01-01T10:00:00.000Z');
    expect(toIsoDate('2025-01-01T10:00')).toBe('2025-01-01T10:00:00.000Z');
    expect(toIsoDate('2025-01-01 10:00:00')).toBe('2025-01-01T10:00:00.000Z');
    expect(toIsoDate('2025-01-01T10:00:00Z')).toBe('2025-01-01T10:00:00.000Z');
    expect(toIsoDate('2025-01-01t10:00:00z')).toBe('2025-01-01T10:00:00.000Z');
    expect(toIsoDate('2025-01-01T10:00:00.123456789Z')).toBe('2025-01-01T10:00:00.123Z');
  });

  it('rejects days that do not exist, also with a time', () => {
    for (const text of [
      '2025-02-30',
      '2025-02-29',
      '2025-04-31',
      '2025-13-01',
      '2025-00-10',
      '2025-01-00',
      '2025-02-30T10:00:00Z',
      '2025-02-29T00:00',
      '2025-04-31T12:00:00+02:00',
    ]) {
      expect(isValidDateInput(text), text).toBe(false);
    }
  });

  it('rejects garbage, other notations, bad times and years outside 1–9999', () => {
    for (const text of [
      'garbage',
      '',
      ' ',
      '2025',
      '2025-01',
      '2025-1-1',
      '01/02/2025',
      '2025/01/02',
      '20250102',
      'Tue Jan 01 2025',
      '1735689600000',
      '2025-01-01T',
      '2025-01-01T10',
      '2025-01-01T25:00:00Z',
      '2025-01-01T23:60:00Z',
      '2025-01-01T10:00:60Z',
      '2025-01-01T10:00:00+24:00',
      '2025-01-01T10:00:00+99:99',
      '2025-01-01T10:00:00 +01:00',
      '2025-01-01T10:00:00ZZ',
      '+012025-01-01',
      '0000-01-01',
      '0000-01-01T10:00:00Z',
      '0001-01-01T00:30:00+01:00',
      '9999-12-31T23:00:00-02:00',
    ]) {
      expect(isValidDateInput(text), JSON.stringify(text)).toBe(false);
    }
    expect(() => toIsoDate('garbage')).toThrow();
  });

  it('property: every accepted instant comes back in the one output form, at the same instant', () => {
    const instant = fc.date({ min: new Date('0001-01-02T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true });
    const offset = fc.integer({ min: -14 * 60, max: 14 * 60 });
    fc.assert(
      fc.property(instant, offset, (date, minutes) => {
        // The same instant written in local time at `minutes` from UTC.
        const local = new Date(date.getTime() + minutes * 60_000).toISOString().slice(0, 23);
        const sign = minutes < 0 ? '-' : '+';
        const abs = Math.abs(minutes);
        const zone = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
        const out = toIsoDate(`${local}${zone}`);
        return OUT.test(out) && out === date.toISOString() && toIsoDate(out) === out;
      }),
    );
  });

  it('property: dates alone are midnight UTC of that day', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }), (date) => {
        const day = date.toISOString().slice(0, 10);
        return toIsoDate(day) === `${day}T00:00:00.000Z`;
      }),
    );
  });

  it('ignores surrounding blanks (the stored value is the normalised form)', () => {
    expect(toIsoDate(' 2025-01-01\n')).toBe('2025-01-01T00:00:00.000Z');
  });

  it('nowIso is the output form', () => {
    expect(nowIso()).toMatch(OUT);
  });
});
