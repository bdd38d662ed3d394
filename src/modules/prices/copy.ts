import { Type, type Static } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import { isTrue } from '../../core/db/dialect.js';
import { ApiError, invalid, missing } from '../../core/errors.js';
import { CurrencyCode, Id, Input } from '../../core/schemas.js';
import { masterData, matchCategories } from '../master-data/index.js';
import { clientDefaults, clientPrices, supplierDefaults, supplierServices, type PriceFamily } from './families.js';
import { priceRepository as repo } from './repository.js';
import type { PriceInput, PriceRecord } from './schemas.js';
import { priceOwners } from './owners.js';
import { matchEntryOf, priceService, scopeOf } from './service.js';

/**
 * Copying a price grid into another (docs/prices.md#copying-a-grid): every price of the source
 * scope becomes a new price of the target scope, with its match entries, as if created through
 * `POST {base}` with `matches`. A price the target already has (same service, unit, currency,
 * pair, domain, client) or that names a record disabled since is skipped and said so; the others
 * are created.
 */
const SOURCES: Record<string, PriceFamily> = {
  clientDefaults,
  supplierDefaults,
  client: clientPrices,
  supplier: supplierServices,
};

export const CopyBody = Input({
  source: Type.Union(
    Object.keys(SOURCES).map((key) => Type.Literal(key)),
    {
      description:
        "the grid to copy: `clientDefaults` or `supplierDefaults` (the account's default prices), `client` (a client's prices) or `supplier` (a supplier's services)",
    },
  ),
  sourceId: Type.Optional(Id('the client or supplier whose prices are copied (with `client` and `supplier` only)')),
  currency: Type.Optional(CurrencyCode()),
});
export type CopyInput = Static<typeof CopyBody>;

export const CopySkipped = Type.Object({
  id: Type.String({ description: 'the source price id' }),
  code: Type.String({ description: '`resource_exists` (the target has such a price) or `parameter_invalid` (it names a disabled record)' }),
  message: Type.String(),
});

export interface CopyResult {
  created: PriceRecord[];
  skipped: Array<Static<typeof CopySkipped>>;
}

export async function copyPrices(ctx: Ctx, family: PriceFamily, ownerId: string | undefined, input: CopyInput): Promise<CopyResult> {
  const target = await scopeOf(ctx, family, ownerId);
  const sourceFamily = SOURCES[input.source]!;
  let sourceOwner: string | undefined;
  if (sourceFamily.owner) {
    if (input.sourceId === undefined) throw missing('sourceId');
    if (!(await priceOwners.exists(ctx, sourceFamily.owner.kind, input.sourceId)))
      throw invalid('sourceId', `no ${sourceFamily.owner.label} with id ${input.sourceId}`);
    sourceOwner = input.sourceId;
  } else if (input.sourceId !== undefined) {
    throw invalid('sourceId', `is only taken with source client or supplier`);
  }
  const source = await scopeOf(ctx, sourceFamily, sourceOwner);
  if (source.family === target.family && source.ownerId === target.ownerId) throw invalid('source', 'is the grid the prices would be copied into');

  const result: CopyResult = { created: [], skipped: [] };
  for (const id of await repo.listIds(ctx.db, ctx.accountId, source)) {
    const row = (await repo.find(ctx.db, ctx.dialect, ctx.accountId, source, id))!;
    if (input.currency !== undefined && row.currency !== input.currency) continue;
    const matches = await repo.matchesOf(ctx.db, ctx.accountId, [id]);
    const price: PriceInput = {
      currency: row.currency,
      matchesType: row.matches_type,
      quantityType: row.unit_id,
      service: row.service_id,
      unitCost: Number(row.unit_cost),
      domain: row.domain_id,
      languagePair: row.language_pair_id,
      matches: matches.map((match) => {
        const entry = matchEntryOf(row.matches_type, row.unit_cost, match);
        return row.matches_type === 'fixed' ? { match: entry.id, unitCost: entry.unitCost } : { match: entry.id, percentage: entry.percentage };
      }),
    };
    // The client restriction and the "has a price" flag exist in some families only.
    if (family.acceptsClient && sourceFamily.acceptsClient && row.client_id !== null) price.client = row.client_id;
    if (family.hasPriceFlag) price.hasPrice = sourceFamily.hasPriceFlag ? isTrue(row.has_price) : true;
    try {
      // Checked before the price is written, so that a skipped price leaves nothing behind.
      for (const match of matches) await masterData.reference(ctx, matchCategories, match.match_category_id, 'match');
      result.created.push(await priceService.create(ctx, family, target.ownerId ?? undefined, price));
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'resource_exists' || error.code === 'parameter_invalid')) {
        result.skipped.push({ id, code: error.code, message: error.message });
      } else throw error;
    }
  }
  return result;
}
