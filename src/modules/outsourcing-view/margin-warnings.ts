import { Type, type Static } from '@sinclair/typebox';
import { parseEntries, type FrozenEntry, type NamedLine } from '../price-lines/index.js';
import type { OutsourcingRow } from './repository.js';

/**
 * Warnings about an outsourcing's margin (docs/estimation.md#margin-warnings), pure.
 *
 * `supplierPriceLacksMatch`: the job's client price has an entry for a match category that the
 * outsourcing's supplier price lacks. The client is then billed that band at its own (often
 * reduced) rate while the supplier is paid the full rate for it: a context-match band at 0 for the
 * client cost the supplier side 41.78 and left a 7.2 % margin unnoticed. Said whether or not the
 * band has words yet, so that it shows before a CAT import fills it.
 */
export const MarginWarning = Type.Object(
  {
    code: Type.Literal('supplierPriceLacksMatch'),
    match: Type.Object({ id: Type.String(), name: Type.String() }),
    clientRate: Type.Number({ description: "the client price's rate for the band (job currency)" }),
    supplierRate: Type.Number({ description: 'the rate the supplier is paid for it: the full rate of the supplier price (outsourcing currency)' }),
    quantity: Type.Number({ description: "the outsourcing's quantity in the band (0 until it has one)" }),
  },
  { title: 'marginWarning' },
);
export type MarginWarningObject = Static<typeof MarginWarning>;

type Priced = Pick<OutsourcingRow, 'fixed_price' | 'unit_cost' | 'unit_cost_price_id' | 'price_matches' | 'status'>;

export function marginWarnings(
  row: Priced,
  jobEntries: readonly FrozenEntry[],
  lines: readonly NamedLine[],
  names: ReadonlyMap<string, string>,
): MarginWarningObject[] {
  // A fixed price or no supplier price at all (unpriced, said by the profitability) has no band rates; a cancelled one costs nothing.
  if (row.fixed_price !== null || row.unit_cost_price_id === null || row.status === 5) return [];
  const supplier = new Set(parseEntries(row.price_matches).map((entry) => entry.id));
  const warnings: MarginWarningObject[] = [];
  for (const entry of jobEntries) {
    if (supplier.has(entry.id)) continue;
    const line = lines.find((candidate) => candidate.id === entry.id);
    warnings.push({
      code: 'supplierPriceLacksMatch',
      match: { id: entry.id, name: line?.name ?? names.get(entry.id) ?? '' },
      clientRate: Number(entry.unitCost),
      supplierRate: Number(row.unit_cost),
      quantity: Number(line?.value ?? 0),
    });
  }
  return warnings;
}
