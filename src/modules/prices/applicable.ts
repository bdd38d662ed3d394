import type { Ctx } from '../../core/context.js';
import { isTrue } from '../../core/db/dialect.js';
import { BoundedCache } from '../../core/bounded-cache.js';
import { currency } from '../../core/money.js';
import { languagePairs, type LanguagePairReference } from '../language-pairs/index.js';
import { clientDefaults, type FamilyKey } from './families.js';
import { priceRepository as repo, type CandidateRow } from './repository.js';
import { priceType, resolveClientPrices, resolveSupplierPrices, type CandidateFamily, type PairCodes, type PriceCandidate } from './resolution.js';
import { matchEntryOf, recordsByIds } from './service.js';
import type { MatchEntryObject } from './schemas.js';

/**
 * The applicable prices of a job or an outsourcing (docs/prices.md#which-price-applies), loaded from the database
 * and ordered by the pure rules of resolution.ts. The first entry is the price to take.
 */
export interface ApplicablePrice {
  id: string;
  currency: { code: string; symbol: string };
  matches: MatchEntryObject[];
  matchesType: 'fixed' | 'percentage';
  /** `client` (a client price), `account` (a default price) or `supplier` (a supplier service). */
  type: 'client' | 'account' | 'supplier';
  unitCost: number;
}

/** The criteria of a job; the account is the context's. */
export interface PriceQuery {
  /** The job's client; null or absent: no client prices and no restricted supplier prices. */
  clientId?: string | null;
  serviceId: string;
  unitId: string;
  currency: string;
  languagePairId?: string | null;
  /** The reference of languagePairId when the caller has it (validated): not read again. */
  languagePair?: LanguagePairReference | null;
  domainId?: string | null;
}

export interface SupplierPriceQuery extends PriceQuery {
  supplierId: string;
}

const codes = (ref: LanguagePairReference): PairCodes => ({
  id: ref.id,
  source: ref.source?.code ?? null,
  target: ref.target.code,
  bidirectional: ref.bidirectional,
});

/** The account's candidate prices of the families that could apply, with their language pairs. */
function candidates(ctx: Ctx, query: PriceQuery, families: FamilyKey[], supplierId?: string): Promise<Candidates> {
  const criteria = {
    serviceId: query.serviceId,
    currency: query.currency,
    families,
    ownerClientId: query.clientId ?? null,
    ownerSupplierId: supplierId ?? null,
  };
  return repo.candidates(ctx.db, ctx.accountId, { ...criteria, unitId: query.unitId }).then((rows) => withPairs(ctx, query, rows));
}

interface Candidates {
  list: PriceCandidate[];
  criteria: Parameters<typeof resolveClientPrices>[1];
  rows: Map<string, CandidateRow>;
}

/** Resolution candidates of the rows, with the codes of their language pairs (the query's own, when given, is not read again). */
async function withPairs(ctx: Ctx, query: PriceQuery, rows: CandidateRow[]): Promise<Candidates> {
  const known = query.languagePair && query.languagePair.id === query.languagePairId ? query.languagePair : undefined;
  const pairIds = rows.flatMap((row) => (row.language_pair_id && row.language_pair_id !== known?.id ? [row.language_pair_id] : []));
  if (query.languagePairId && !known) pairIds.push(query.languagePairId);
  const pairs = pairIds.length > 0 ? await languagePairs.referencesByIds(ctx, pairIds) : new Map<string, LanguagePairReference>();
  if (known) pairs.set(known.id, known);
  const pairOf = (id: string | null): PairCodes | null => {
    if (id === null) return null;
    const ref = pairs.get(id);
    // A pair that is not the account's can only match by id (never happens for validated jobs).
    return ref ? codes(ref) : { id, source: null, target: '', bidirectional: false };
  };
  const list: PriceCandidate[] = rows.map((row) => ({
    id: row.id,
    family: row.family,
    ownerId: row.owner_client_id ?? row.owner_supplier_id,
    clientId: row.client_id,
    serviceId: row.service_id,
    unitId: row.unit_id,
    currency: row.currency,
    languagePair: pairOf(row.language_pair_id),
    domainId: row.domain_id,
    hasPrice: isTrue(row.has_price),
    updatedAt: row.updated_at,
  }));
  const criteria = {
    serviceId: query.serviceId,
    unitId: query.unitId,
    currency: query.currency,
    languagePair: pairOf(query.languagePairId ?? null),
    domainId: query.domainId ?? null,
    clientId: query.clientId ?? null,
  };
  return { list, criteria, rows: new Map(rows.map((row) => [row.id, row])) };
}

/**
 * Applicable prices from their candidate rows and their match entries, without the records'
 * names (a price a job takes: three statements fewer per new job, docs/performance.md). The same numbers as
 * the records of toApplicable (service.ts recordsByIds).
 */
async function fromCandidates(
  ctx: Ctx,
  chosen: ReadonlyArray<{ row: CandidateRow; family: CandidateFamily } | undefined>,
): Promise<Array<ApplicablePrice | undefined>> {
  const ids = [...new Set(chosen.flatMap((item) => (item ? [item.row.id] : [])))];
  const matches = new Map<string, MatchEntryObject[]>(ids.map((id) => [id, []]));
  const rowsById = new Map(chosen.flatMap((item) => (item ? [[item.row.id, item.row] as const] : [])));
  for (const match of await repo.matchesOf(ctx.db, ctx.accountId, ids)) {
    const row = rowsById.get(match.price_id)!;
    matches.get(match.price_id)!.push(matchEntryOf(row.matches_type, row.unit_cost, match));
  }
  return chosen.map((item) =>
    item
      ? {
          id: item.row.id,
          currency: currency(item.row.currency),
          matches: matches.get(item.row.id)!,
          matchesType: item.row.matches_type,
          type: priceType(item.family),
          unitCost: Number(item.row.unit_cost),
        }
      : undefined,
  );
}

export interface FirstPrices {
  first?: ApplicablePrice;
  hourly?: ApplicablePrice;
}

/**
 * The prices of firstForClient: the candidates of the job's unit and of the hours unit, and which
 * unit is the hours unit, read in one query.
 */
async function resolveFirst(ctx: Ctx, query: PriceQuery): Promise<FirstPrices> {
  const criteria = {
    serviceId: query.serviceId,
    currency: query.currency,
    families: ['client_price', 'client_default'] as FamilyKey[],
    ownerClientId: query.clientId ?? null,
  };
  const { rows: candidateRows, hoursUnitId } = await repo.candidatesWithHoursUnit(ctx.db, ctx.accountId, { ...criteria, unitId: query.unitId });
  const { list, criteria: resolved, rows } = await withPairs(ctx, query, candidateRows);
  const pick = (unitId: string) => {
    const [best] = resolveClientPrices(list, { ...resolved, unitId });
    return best && { row: rows.get(best.id)!, family: best.family };
  };
  const first = pick(query.unitId);
  const hourly = hoursUnitId === null ? undefined : hoursUnitId === query.unitId ? first : pick(hoursUnitId);
  const [firstPrice, hourlyPrice] = await fromCandidates(ctx, [first, hourly]);
  return { first: firstPrice, hourly: hourlyPrice };
}

/**
 * SQLite: the prices new jobs took, by account, price epoch and criteria. The epoch (migration
 * 0019) is a token that triggers replace whenever prices, their matches, match categories, units
 * or language pairs change, by any writer; it is read in the job's own transaction, so a kept
 * entry is used only while nothing that resolution reads has changed since it was resolved. Issue
 * 9: the candidates, their pairs and the taken prices' entries were three statements and about a
 * fifth of a new job's time. Entries are frozen: every job takes copies (takePrice).
 */
const TAKEN_PRICES_KEPT = 2000;
const takenPrices = new BoundedCache<FirstPrices>(TAKEN_PRICES_KEPT);

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

async function toApplicable(ctx: Ctx, ordered: PriceCandidate[]): Promise<ApplicablePrice[]> {
  const records = await recordsByIds(
    ctx,
    clientDefaults,
    ordered.map((candidate) => candidate.id),
  );
  return ordered.flatMap((candidate) => {
    const record = records.get(candidate.id);
    if (!record) return [];
    return [
      {
        id: record.id,
        currency: record.currency,
        matches: record.matches,
        matchesType: record.matchesType,
        type: priceType(candidate.family),
        unitCost: record.unitCost,
      },
    ];
  });
}

export const applicablePrices = {
  /** docs/prices.md#which-price-applies: client prices of the job's client, then default client prices. */
  async forClient(ctx: Ctx, query: PriceQuery): Promise<ApplicablePrice[]> {
    return toApplicable(ctx, (await applicablePrices.orderedCandidates(ctx, query)).ordered);
  },

  /** forClient in the unit flagged isHours instead of the query's (none without one): `isTimeBased=true`. */
  async forClientInHours(ctx: Ctx, query: PriceQuery): Promise<ApplicablePrice[]> {
    const unitId = await repo.hoursUnit(ctx.db, ctx.accountId);
    return unitId === null ? [] : applicablePrices.forClient(ctx, { ...query, unitId });
  },

  /**
   * The price a job takes (the first of forClient) and the one it would take in the account's
   * hours unit (time-based invoicing, docs/jobs.md#creation; none without an hours unit). On SQLite they are kept
   * per price epoch (below).
   */
  async firstForClient(ctx: Ctx, query: PriceQuery): Promise<FirstPrices> {
    const epoch = ctx.dialect === 'sqlite' ? await repo.priceEpoch(ctx.db, ctx.accountId) : undefined;
    if (epoch === undefined) return resolveFirst(ctx, query);
    const key = `${ctx.accountId} ${epoch} ${query.clientId ?? ''} ${query.serviceId} ${query.unitId} ${query.currency} ${query.languagePairId ?? ''} ${query.domainId ?? ''}`;
    const kept = takenPrices.get(key);
    if (kept !== undefined) return kept;
    const resolved = deepFreeze(await resolveFirst(ctx, query));
    takenPrices.set(key, resolved, 1);
    return resolved;
  },

  /**
   * The applicable candidates in order (best first) with the criteria they were resolved against:
   * a client's (without supplierId) or a supplier's. forClient and forSupplier take them as
   * prices; the price look-up (lookup.ts) explains them.
   */
  async orderedCandidates(ctx: Ctx, query: PriceQuery & { supplierId?: string }): Promise<{ ordered: PriceCandidate[]; criteria: Candidates['criteria'] }> {
    if (query.supplierId === undefined) {
      const { list, criteria } = await candidates(ctx, query, ['client_price', 'client_default']);
      return { ordered: resolveClientPrices(list, criteria), criteria };
    }
    const { list, criteria } = await candidates(ctx, query, ['supplier_service', 'supplier_default'], query.supplierId);
    return { ordered: resolveSupplierPrices(list, { ...criteria, supplierId: query.supplierId }), criteria };
  },

  /** docs/prices.md#which-price-applies: the supplier's services, then default supplier prices (restricted to the client first). */
  async forSupplier(ctx: Ctx, query: SupplierPriceQuery): Promise<ApplicablePrice[]> {
    return toApplicable(ctx, (await applicablePrices.orderedCandidates(ctx, query)).ordered);
  },
};
