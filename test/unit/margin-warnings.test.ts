import { describe, expect, it } from 'vitest';
import { marginWarnings } from '../../src/modules/outsourcing-view/margin-warnings.js';

/** docs/estimation.md#margin-warnings: the supplier price lacks a band the client price has. */
const row = (extra: Partial<Parameters<typeof marginWarnings>[0]> = {}) => ({
  fixed_price: null,
  unit_cost: '41.78',
  unit_cost_price_id: 'p1',
  price_matches: JSON.stringify([{ id: 'exact', unitCost: '12.534', percentage: '0.3' }]),
  status: 1,
  ...extra,
});
const job = [
  { id: 'context', unitCost: '0', percentage: '0' },
  { id: 'exact', unitCost: '0.03', percentage: '0.3' },
  { id: 'reps', unitCost: '0.02', percentage: '0.2' },
];
const lines = [{ id: 'context', value: '1', entry: null, name: 'Context match' }];
const names = new Map([['reps', 'Repetitions']]);

describe('marginWarnings', () => {
  it('names each client band the supplier price lacks, in the client price order, with both rates and the quantity', () => {
    expect(marginWarnings(row(), job, lines, names)).toEqual([
      { code: 'supplierPriceLacksMatch', match: { id: 'context', name: 'Context match' }, clientRate: 0, supplierRate: 41.78, quantity: 1 },
      { code: 'supplierPriceLacksMatch', match: { id: 'reps', name: 'Repetitions' }, clientRate: 0.02, supplierRate: 41.78, quantity: 0 },
    ]);
  });

  it('is silent for a fixed price, no supplier price, a cancelled outsourcing, or a client price without entries', () => {
    expect(marginWarnings(row({ fixed_price: '10' }), job, lines, names)).toEqual([]);
    expect(marginWarnings(row({ unit_cost_price_id: null }), job, lines, names)).toEqual([]);
    expect(marginWarnings(row({ status: 5 }), job, lines, names)).toEqual([]);
    expect(marginWarnings(row(), [], lines, names)).toEqual([]);
  });
});
