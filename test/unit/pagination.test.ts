import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageRange } from '../../src/core/pagination.js';

/** The rows a page holds when read as pageRange says, from a sorted list of `total` rows. */
function readPage(page: number, pageSize: number, total: number): number[] {
  const sorted = Array.from({ length: total }, (_, i) => i);
  const range = pageRange(page, pageSize, total);
  const source = range.reversed ? [...sorted].reverse() : sorted;
  const rows = source.slice(range.offset, range.offset + range.limit);
  return range.reversed ? rows.reverse() : rows;
}

describe('pageRange (pages past the middle are read from the other end)', () => {
  it('first, middle and last pages of 100 000 rows', () => {
    expect(pageRange(1, 20, 100_000)).toEqual({ offset: 0, limit: 20, reversed: false });
    expect(pageRange(5000, 20, 100_000)).toEqual({ offset: 0, limit: 20, reversed: true });
    expect(pageRange(4999, 20, 100_000)).toEqual({ offset: 20, limit: 20, reversed: true });
    expect(pageRange(2500, 20, 100_000)).toEqual({ offset: 49_980, limit: 20, reversed: false });
    expect(pageRange(2501, 20, 100_000)).toEqual({ offset: 49_980, limit: 20, reversed: true });
  });

  it('a short last page, and pages past the end', () => {
    expect(pageRange(3, 20, 45)).toEqual({ offset: 0, limit: 5, reversed: true });
    expect(readPage(3, 20, 45)).toEqual([40, 41, 42, 43, 44]);
    expect(pageRange(4, 20, 45).limit).toBe(0);
    expect(pageRange(1, 20, 0).limit).toBe(0);
  });

  it('every page holds exactly the rows of plain offset paging (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 60 }), (total, pageSize, page) => {
        const sorted = Array.from({ length: total }, (_, i) => i);
        expect(readPage(page, pageSize, total)).toEqual(sorted.slice((page - 1) * pageSize, page * pageSize));
        const range = pageRange(page, pageSize, total);
        // The offset read is never more than half the rows.
        expect(range.offset).toBeLessThanOrEqual(Math.max(Math.ceil(total / 2), range.limit === 0 ? range.offset : 0));
      }),
    );
  });
});
