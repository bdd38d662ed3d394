import type { Ctx } from '../../core/context.js';
import { exists, invalid, missing, notFound } from '../../core/errors.js';
import { masterData, matchCategories } from '../master-data/index.js';
import type { PriceFamily } from './families.js';
import { moveItem, storedValue, type MatchesType } from './matches.js';
import { priceRepository as repo, type PriceMatchRow } from './repository.js';
import type { MatchInput, PriceRecord } from './schemas.js';
import { loadPrice, scopeOf, touchAndRecord } from './service.js';

/**
 * Match operations of docs/prices.md#match-entries: add, update, move, remove. Each locks the price row (PostgreSQL;
 * SQLite serialises write transactions) so that concurrent requests never lose or duplicate a
 * position, and answers the price record.
 */
function valueFor(type: MatchesType, input: MatchInput) {
  const own = type === 'fixed' ? 'unitCost' : 'percentage';
  const other = type === 'fixed' ? 'percentage' : 'unitCost';
  if (input[other] !== undefined) throw invalid(other, `is not used when the price's matchesType is ${type}; send ${own}`);
  if (input[own] === undefined) throw missing(own);
  return storedValue(type, input);
}

async function lockedPrice(ctx: Ctx, family: PriceFamily, ownerId: string | undefined, priceId: string) {
  const scope = await scopeOf(ctx, family, ownerId);
  const price = await loadPrice(ctx, scope, priceId, true);
  const matches = await repo.storedMatches(ctx.db, ctx.accountId, priceId);
  return { scope, price, matches };
}

function entryIndex(matches: PriceMatchRow[], matchId: string): number {
  const index = matches.findIndex((match) => match.match_category_id === matchId);
  if (index < 0) throw notFound(`match entry ${matchId} on this price`);
  return index;
}

/** Positions 0..n-1 in the given order; only changed rows are written. */
async function renumber(ctx: Ctx, priceId: string, ordered: PriceMatchRow[]): Promise<void> {
  for (const [position, match] of ordered.entries()) {
    if (match.position !== position) await repo.updateMatch(ctx.db, ctx.accountId, priceId, match.match_category_id, { position });
  }
}

export const matchService = {
  async add(ctx: Ctx, family: PriceFamily, ownerId: string | undefined, priceId: string, input: MatchInput): Promise<PriceRecord> {
    const { scope, price, matches } = await lockedPrice(ctx, family, ownerId, priceId);
    const category = await masterData.reference(ctx, matchCategories, input.match!, 'match');
    if (matches.some((match) => match.match_category_id === category.id)) {
      throw exists(`Match category "${category.name}" is already on this price; update it instead`);
    }
    const value = valueFor(price.matches_type, input);
    await repo.insertMatch(ctx.db, {
      price_id: priceId,
      match_category_id: category.id,
      account_id: ctx.accountId,
      position: matches.length,
      unit_cost: value.unitCost,
      percentage: value.percentage,
    });
    return touchAndRecord(ctx, scope, priceId);
  },

  async update(ctx: Ctx, family: PriceFamily, ownerId: string | undefined, priceId: string, matchId: string, input: MatchInput): Promise<PriceRecord> {
    const { scope, price, matches } = await lockedPrice(ctx, family, ownerId, priceId);
    entryIndex(matches, matchId);
    const value = valueFor(price.matches_type, input);
    await repo.updateMatch(ctx.db, ctx.accountId, priceId, matchId, { unit_cost: value.unitCost, percentage: value.percentage });
    return touchAndRecord(ctx, scope, priceId);
  },

  async move(ctx: Ctx, family: PriceFamily, ownerId: string | undefined, priceId: string, matchId: string, position: number): Promise<PriceRecord> {
    const { scope, matches } = await lockedPrice(ctx, family, ownerId, priceId);
    const from = entryIndex(matches, matchId);
    if (position >= matches.length) {
      throw invalid('position', `must be between 0 and ${matches.length - 1} (the price has ${matches.length} match entries)`);
    }
    await renumber(ctx, priceId, moveItem(matches, from, position));
    return touchAndRecord(ctx, scope, priceId);
  },

  async remove(ctx: Ctx, family: PriceFamily, ownerId: string | undefined, priceId: string, matchId: string): Promise<PriceRecord> {
    const { scope, matches } = await lockedPrice(ctx, family, ownerId, priceId);
    const index = entryIndex(matches, matchId);
    await repo.deleteMatch(ctx.db, ctx.accountId, priceId, matchId);
    await renumber(
      ctx,
      priceId,
      matches.filter((_, i) => i !== index),
    );
    return touchAndRecord(ctx, scope, priceId);
  },
};
