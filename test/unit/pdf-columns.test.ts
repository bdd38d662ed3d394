import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tableColumns } from '../../src/modules/document-rendering/pdf-columns.js';

const layout = { left: 50, width: 500, gap: 10, minFirst: 150 };

describe('tableColumns', () => {
  it('gives each figure column its natural width and the description the rest', () => {
    expect(tableColumns([40, 30, 60, 80], layout)).toEqual([
      { x: 50, width: 250 },
      { x: 310, width: 40 },
      { x: 360, width: 30 },
      { x: 400, width: 60 },
      { x: 470, width: 80 },
    ]);
  });

  it('shrinks the figure columns in proportion when the description would get less than its minimum', () => {
    // 500 - 4 gaps - 150 = 310 for the figures, which want 620: half each.
    expect(tableColumns([100, 120, 200, 200], layout)).toEqual([
      { x: 50, width: 150 },
      { x: 210, width: 50 },
      { x: 270, width: 60 },
      { x: 340, width: 100 },
      { x: 450, width: 100 },
    ]);
  });

  it('never overlaps and never leaves the table, whatever the widths', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 2000, noNaN: true }), { minLength: 1, maxLength: 6 }),
        fc.double({ min: 100, max: 800, noNaN: true }),
        (natural, width) => {
          const columns = tableColumns(natural, { left: 50, width, gap: 8, minFirst: width * 0.3 });
          expect(columns).toHaveLength(natural.length + 1);
          expect(columns[0]!.x).toBe(50);
          expect(columns[0]!.width).toBeGreaterThanOrEqual(width * 0.3 - 1e-6);
          for (let i = 1; i < columns.length; i++) {
            expect(columns[i]!.width).toBeGreaterThanOrEqual(0);
            expect(columns[i]!.width).toBeLessThanOrEqual(natural[i - 1]! + 1e-6);
            expect(columns[i - 1]!.x + columns[i - 1]!.width + 8).toBeCloseTo(columns[i]!.x, 6);
          }
          const last = columns.at(-1)!;
          expect(last.x + last.width).toBeCloseTo(50 + width, 6);
        },
      ),
    );
  });
});
