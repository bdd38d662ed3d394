import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../src/core/bounded-cache.js';
import { pageJson } from '../../src/core/pagination.js';

describe('BoundedCache (the job view cache)', () => {
  it('drops the least recently used entries first, by total size', () => {
    const cache = new BoundedCache<string>(10);
    cache.set('a', 'A', 4);
    cache.set('b', 'B', 4);
    expect(cache.get('a')).toBe('A'); // a is now the most recent
    cache.set('c', 'C', 4); // 12 > 10: b goes
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
    expect(cache.size).toBe(8);
    expect(cache.count).toBe(2);
  });

  it('replaces an entry in place, keeps nothing larger than the bound, and keeps nothing at 0', () => {
    const cache = new BoundedCache<string>(10);
    cache.set('a', 'A', 4);
    cache.set('a', 'A2', 6);
    expect(cache.size).toBe(6);
    expect(cache.get('a')).toBe('A2');
    cache.set('big', 'X', 11);
    expect(cache.get('big')).toBeUndefined();
    expect(cache.get('a')).toBe('A2');
    const none = new BoundedCache<string>(0);
    none.set('a', 'A', 1);
    expect(none.get('a')).toBeUndefined();
    expect(none.size).toBe(0);
  });

  it('property: never above its bound, its size is the sum of what it holds, and it holds the most recent fitting entries', () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key: fc.integer({ min: 0, max: 8 }), size: fc.integer({ min: 0, max: 12 }) }),
      fc.record({ kind: fc.constant('get' as const), key: fc.integer({ min: 0, max: 8 }) }),
      fc.record({ kind: fc.constant('delete' as const), key: fc.integer({ min: 0, max: 8 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.array(operation, { maxLength: 60 }), (bound, operations) => {
        const cache = new BoundedCache<number>(bound);
        // A model: entries in recency order, oldest first.
        let model: Array<{ key: string; size: number; value: number }> = [];
        operations.forEach((op, step) => {
          const key = String(op.key);
          if (op.kind === 'set') {
            cache.set(key, step, op.size);
            model = model.filter((e) => e.key !== key);
            if (op.size <= bound) model.push({ key, size: op.size, value: step });
            while (model.reduce((sum, e) => sum + e.size, 0) > bound) model.shift();
          } else if (op.kind === 'get') {
            const found = model.find((e) => e.key === key);
            expect(cache.get(key)).toBe(found?.value);
            if (found) model = [...model.filter((e) => e !== found), found];
          } else {
            cache.delete(key);
            model = model.filter((e) => e.key !== key);
          }
          const total = model.reduce((sum, e) => sum + e.size, 0);
          expect(cache.size).toBe(total);
          expect(cache.size).toBeLessThanOrEqual(bound);
          expect(cache.count).toBe(model.length);
        });
      }),
    );
  });
});

describe('pageJson (pages of ready JSON items)', () => {
  it('is the JSON of the page, in the order of the Paginated schema', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue(), { maxLength: 5 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        fc.boolean(),
        (items, pageSize, page, totalPages, totalItems, hasNextPage, hasPreviousPage) => {
          const meta = { pageSize, page, totalPages, totalItems, hasNextPage, hasPreviousPage };
          const text = pageJson({ items: items.map((item) => Buffer.from(JSON.stringify(item))), ...meta }).toString();
          expect(text).toBe(JSON.stringify({ items: JSON.parse(JSON.stringify(items)), ...meta }));
        },
      ),
    );
  });
});
