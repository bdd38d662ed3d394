import type { Ctx } from '../../core/context.js';
import { invalid, missing } from '../../core/errors.js';
import { masterData, matchCategories } from '../master-data/index.js';
import { storedValue, type MatchesType } from './matches.js';
import { priceRepository as repo } from './repository.js';
import type { MatchInput } from './schemas.js';

/**
 * The match entries given with a new price (`matches` on create, docs/prices.md#match-entries): the
 * same rules as adding them one by one, checked all before any is written, each error naming its
 * place (`matches[2][percentage]`). A category listed twice is refused (which rate would hold?).
 */
export async function insertEntries(ctx: Ctx, priceId: string, type: MatchesType, entries: readonly MatchInput[]): Promise<void> {
  const own = type === 'fixed' ? 'unitCost' : 'percentage';
  const other = type === 'fixed' ? 'percentage' : 'unitCost';
  const rows = [];
  const seen = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    const param = (field: string) => `matches[${index}][${field}]`;
    if (entry.match === undefined) throw missing(param('match'));
    const category = await masterData.reference(ctx, matchCategories, entry.match, param('match'));
    if (seen.has(category.id)) throw invalid(param('match'), `match category "${category.name}" is listed twice`);
    seen.add(category.id);
    if (entry[other] !== undefined) throw invalid(param(other), `is not used when matchesType is ${type}; send ${own}`);
    if (entry[own] === undefined) throw missing(param(own));
    rows.push({ category: category.id, value: storedValue(type, entry) });
  }
  for (const [position, row] of rows.entries()) {
    await repo.insertMatch(ctx.db, {
      price_id: priceId,
      match_category_id: row.category,
      account_id: ctx.accountId,
      position,
      unit_cost: row.value.unitCost,
      percentage: row.value.percentage,
    });
  }
}
