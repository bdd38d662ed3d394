import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ID_PATTERN, idTimestamp, isId, newId } from '../../src/core/ids.js';

const HEX24 = /^[0-9a-f]{24}$/;
// 1970 … 2106: the 4 bytes of seconds.
const instant = fc.integer({ min: 0, max: 0xffffffff * 1000 + 999 });

describe('ids (docs/reference.md#identifiers)', () => {
  it('are 24 lowercase hexadecimal characters', () => {
    for (let i = 0; i < 1000; i++) expect(newId()).toMatch(HEX24);
    expect(new RegExp(ID_PATTERN).test(newId())).toBe(true);
    fc.assert(fc.property(instant, (now) => HEX24.test(newId(now))));
  });

  it('start with the seconds of their creation, readable back with idTimestamp', () => {
    const now = Date.UTC(2025, 5, 1, 12, 30, 45, 678);
    const id = newId(now);
    expect(id.slice(0, 8)).toBe(
      Math.floor(now / 1000)
        .toString(16)
        .padStart(8, '0'),
    );
    expect(idTimestamp(id).toISOString()).toBe('2025-06-01T12:30:45.000Z');
    expect(idTimestamp(newId(0)).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    const before = Math.floor(Date.now() / 1000) * 1000;
    const current = idTimestamp(newId()).getTime();
    expect(current).toBeGreaterThanOrEqual(before);
    expect(current).toBeLessThanOrEqual(Date.now());
    fc.assert(fc.property(instant, (t) => idTimestamp(newId(t)).getTime() === Math.floor(t / 1000) * 1000));
  });

  it('sort by creation time across seconds', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 10_000_000 }), (t, laterBy) => {
        const later = Math.min(t + laterBy * 1000, 0xffffffff * 1000);
        fc.pre(Math.floor(later / 1000) > Math.floor(t / 1000));
        const first = newId(t);
        const second = newId(later);
        return first < second && [second, first].sort()[0] === first;
      }),
    );
    const ids = [newId(Date.UTC(2024, 0, 1)), newId(Date.UTC(2024, 0, 1, 0, 0, 1)), newId(Date.UTC(2030, 0, 1))];
    expect([...ids].reverse().sort()).toEqual(ids);
  });

  it('are unique over 100 000 ids made in the same second', () => {
    const now = Date.now();
    const seen = new Set<string>();
    for (let i = 0; i < 100_000; i++) seen.add(newId(now));
    expect(seen.size).toBe(100_000);
  });

  it('isId accepts exactly the id form', () => {
    expect(isId(newId())).toBe(true);
    expect(isId('ffffffffffffffffffffffff')).toBe(true);
    for (const bad of [
      '',
      'FFFFFFFFFFFFFFFFFFFFFFFF',
      'fffffffffffffffffffffff',
      'fffffffffffffffffffffffff',
      'gggggggggggggggggggggggg',
      ' ffffffffffffffffffffffff',
      'ffffffffffffffffffffffff\n',
    ]) {
      expect(isId(bad), bad).toBe(false);
    }
    expect(isId(123)).toBe(false);
    expect(isId(null)).toBe(false);
  });
});
