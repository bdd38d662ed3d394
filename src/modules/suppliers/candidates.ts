import { sql } from 'kysely';
import type { Ctx } from '../../core/context.js';
import { bool, isTrue } from '../../core/db/dialect.js';

/**
 * The suppliers who may take a part of a job (docs/jobs.md#supplier-candidates): those of the
 * account, not archived, who work in the job's language pair (in their own list, or through a
 * supplier service of that pair) or have a supplier service of the job's service. At most `limit`,
 * the best first by what they match (both, then one), their rating, then their name; with the
 * unavailabilities of each that overlap the period `from`–`to`.
 */
export interface CandidateRow {
  id: string;
  name: string;
  rating: number | null;
  /** null: the job has no language pair. */
  hasLanguagePair: boolean | null;
  hasService: boolean;
  unavailabilities: Array<{ from: string; to: string; reason: string }>;
}

export async function supplierCandidates(
  ctx: Ctx,
  criteria: { languagePairId: string | null; serviceId: string; from: string; to: string; limit: number },
): Promise<CandidateRow[]> {
  const { accountId } = ctx;
  const pairId = criteria.languagePairId;
  const inner = ctx.db
    .selectFrom('suppliers as s')
    .select(['s.id', 's.name', 's.name_key', 's.rating'])
    .select((eb) => {
      const inList = eb
        .selectFrom('supplier_language_pairs as slp')
        .select('slp.supplier_id')
        .whereRef('slp.supplier_id', '=', 's.id')
        .where('slp.language_pair_id', '=', pairId ?? '');
      const servicePrices = eb
        .selectFrom('prices as p')
        .select('p.id')
        .where('p.account_id', '=', accountId)
        .where('p.family', '=', 'supplier_service')
        .whereRef('p.owner_supplier_id', '=', 's.id');
      const pair =
        pairId === null
          ? sql<number>`0`
          : sql<number>`case when exists ${inList} or exists ${servicePrices.where('p.language_pair_id', '=', pairId)} then 1 else 0 end`;
      return [
        pair.as('has_pair'),
        sql<number>`case when exists ${servicePrices.where('p.service_id', '=', criteria.serviceId)} then 1 else 0 end`.as('has_service'),
      ];
    })
    .where('s.account_id', '=', accountId)
    .where('s.archived', '=', bool(false));
  const rows = await ctx.db
    .selectFrom(inner.as('c'))
    .selectAll()
    .where(sql<boolean>`c.has_pair + c.has_service > 0`)
    .orderBy(sql`c.has_pair + c.has_service`, 'desc')
    // A supplier without a rating after every rated one, on both databases.
    .orderBy(sql`case when c.rating is null then 1 else 0 end`)
    .orderBy('c.rating', 'desc')
    .orderBy('c.name_key')
    .orderBy('c.id')
    .limit(criteria.limit)
    .execute();
  const busy = new Map<string, CandidateRow['unavailabilities']>();
  if (rows.length > 0) {
    const periods = await ctx.db
      .selectFrom('supplier_unavailabilities')
      .select(['supplier_id', 'from_at', 'to_at', 'reason'])
      .where('account_id', '=', accountId)
      .where(
        'supplier_id',
        'in',
        rows.map((row) => row.id),
      )
      .where('from_at', '<=', criteria.to)
      .where('to_at', '>=', criteria.from)
      .orderBy('from_at')
      .execute();
    for (const period of periods) {
      const list = busy.get(period.supplier_id) ?? [];
      list.push({ from: period.from_at, to: period.to_at, reason: period.reason });
      busy.set(period.supplier_id, list);
    }
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    rating: row.rating === null ? null : Number(row.rating),
    hasLanguagePair: pairId === null ? null : isTrue(row.has_pair),
    hasService: isTrue(row.has_service),
    unavailabilities: busy.get(row.id) ?? [],
  }));
}
