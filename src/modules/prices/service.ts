import type { Ctx } from '../../core/context.js';
import { bool, isTrue, isUniqueViolation } from '../../core/db/dialect.js';
import { nowIso } from '../../core/dates.js';
import { exists, invalid, notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { currency, roundRate } from '../../core/money.js';
import { paginateIds, withItems, type Page } from '../../core/pagination.js';
import { domains, masterData, services, units } from '../master-data/index.js';
import { languagePairs } from '../language-pairs/index.js';
import type { PriceFamily, PriceScope } from './families.js';
import { MatchConversionError, convertMatch, matchView, type MatchesType } from './matches.js';
import { assertIdsExist, type FilterTable } from '../../core/filter-ids.js';
import { insertEntries } from './entries.js';
import { priceOwners } from './owners.js';
import { priceRepository as repo, type MatchRowWithName, type PriceRow } from './repository.js';
import type { MatchEntryObject, PriceInput, PriceRecord, PriceSearch } from './schemas.js';

const num = (value: { toFixed(): string } | string) => Number(typeof value === 'string' ? value : value.toFixed());

/** A stored match entry of a price as in its record: the rate and the fraction, in the price's mode (docs/prices.md#match-entries). */
export function matchEntryOf(matchesType: MatchesType, unitCost: string | number, match: MatchRowWithName): MatchEntryObject {
  const view = matchView(matchesType, String(unitCost), { unitCost: match.unit_cost, percentage: match.percentage });
  return { id: match.match_category_id, name: match.name, percentage: num(view.percentage), unitCost: num(view.unitCost) };
}

/** The full records of some prices, by id (one query per related table, whatever the count). */
export async function recordsByIds(ctx: Ctx, family: PriceFamily, ids: readonly string[]): Promise<Map<string, PriceRecord>> {
  const rows = await repo.findWithNames(ctx.db, ctx.accountId, ids);
  const pairs = await languagePairs.referencesByIds(
    ctx,
    rows.flatMap((row) => (row.language_pair_id ? [row.language_pair_id] : [])),
  );
  const matches = new Map<string, MatchRowWithName[]>();
  for (const match of await repo.matchesOf(ctx.db, ctx.accountId, ids)) {
    const list = matches.get(match.price_id) ?? [];
    list.push(match);
    matches.set(match.price_id, list);
  }
  const result = new Map<string, PriceRecord>();
  for (const row of rows) {
    const record: PriceRecord = { id: row.id } as PriceRecord;
    if (family.acceptsClient && row.client_id !== null) record.client = { id: row.client_id, name: row.client_name ?? '' };
    record.currency = currency(row.currency);
    if (row.domain_id !== null) record.domain = { id: row.domain_id, name: row.domain_name ?? '' };
    const pair = row.language_pair_id === null ? undefined : pairs.get(row.language_pair_id);
    if (pair) record.languagePair = pair;
    record.matches = (matches.get(row.id) ?? []).map((match) => matchEntryOf(row.matches_type, row.unit_cost, match));
    record.matchesType = row.matches_type;
    record.quantityType = { id: row.unit_id, name: row.unit_name };
    record.service = { id: row.service_id, name: row.service_name };
    record.unitCost = num(row.unit_cost);
    if (family.hasPriceFlag) record.hasPrice = isTrue(row.has_price);
    record.createdAt = row.created_at;
    record.updatedAt = row.updated_at;
    result.set(row.id, record);
  }
  return result;
}

/** The scope of a request: for the owned families, the owner must be the caller's (else 404). */
export async function scopeOf(ctx: Ctx, family: PriceFamily, ownerId?: string): Promise<PriceScope> {
  if (!family.owner) return { family, ownerId: null };
  if (ownerId === undefined || !(await priceOwners.exists(ctx, family.owner.kind, ownerId))) throw notFound(family.owner.label, ownerId);
  return { family, ownerId };
}

/** One price of the scope (a price of another owner, family or account is missing: 404). */
export async function loadPrice(ctx: Ctx, scope: PriceScope, id: string, lock = false): Promise<PriceRow> {
  const row = await repo.find(ctx.db, ctx.dialect, ctx.accountId, scope, id, lock);
  if (!row) throw notFound(scope.family.label, id);
  return row;
}

export async function priceRecord(ctx: Ctx, scope: PriceScope, id: string): Promise<PriceRecord> {
  const record = (await recordsByIds(ctx, scope.family, [id])).get(id);
  if (!record) throw notFound(scope.family.label, id);
  return record;
}

/** Marks a price as changed after an operation on its matches; answers and records its new state. */
export async function touchAndRecord(ctx: Ctx, scope: PriceScope, id: string): Promise<PriceRecord> {
  await repo.update(ctx.db, ctx.accountId, id, { updated_at: nowIso() });
  const record = await priceRecord(ctx, scope, id);
  await recordEvent(ctx, 'price.updated', record);
  return record;
}

/** docs/prices.md#uniqueness: family scope, service, unit, currency, pair (or none), domain (or none), client (or none). */
function uniqueKey(scope: PriceScope, row: Pick<PriceRow, 'service_id' | 'unit_id' | 'currency' | 'language_pair_id' | 'domain_id' | 'client_id'>): string {
  return [
    scope.family.key,
    scope.ownerId ?? '-',
    row.service_id,
    row.unit_id,
    row.currency,
    row.language_pair_id ?? '-',
    row.domain_id ?? '-',
    row.client_id ?? '-',
  ].join(':');
}

function duplicate(scope: PriceScope): Error {
  const where = scope.family.owner ? `this ${scope.family.owner.label}` : 'the account';
  return exists(`A ${scope.family.label} of ${where} already exists with this service, unit, currency, language pair, domain and client`);
}

async function assertUnique(ctx: Ctx, scope: PriceScope, key: string, exceptId?: string): Promise<void> {
  const clash = await repo.findByUniqueKey(ctx.db, ctx.accountId, key);
  if (clash && clash.id !== exceptId) throw duplicate(scope);
}

async function guardUnique<T>(scope: PriceScope, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Two concurrent writes of one scope: the unique index decides, the loser gets 409.
    if (isUniqueViolation(error)) throw duplicate(scope);
    throw error;
  }
}

/** Validates the referenced ids of an input; `current` ids stay valid when disabled since (docs/master-data.md#disabled-records). */
async function referencedColumns(ctx: Ctx, family: PriceFamily, input: PriceInput, current?: PriceRow): Promise<Partial<PriceRow>> {
  const columns: Partial<PriceRow> = {};
  if (input.service !== undefined) columns.service_id = (await masterData.reference(ctx, services, input.service, 'service', current?.service_id)).id;
  if (input.quantityType !== undefined) {
    columns.unit_id = (await masterData.reference(ctx, units, input.quantityType, 'quantityType', current?.unit_id)).id;
  }
  if (input.domain !== undefined) {
    columns.domain_id = input.domain === null ? null : (await masterData.reference(ctx, domains, input.domain, 'domain', current?.domain_id)).id;
  }
  if (input.languagePair !== undefined) {
    columns.language_pair_id =
      input.languagePair === null ? null : (await languagePairs.reference(ctx, input.languagePair, 'languagePair', current?.language_pair_id)).id;
  }
  if (family.acceptsClient && input.client !== undefined) {
    if (input.client === null) columns.client_id = null;
    else {
      if (!(await priceOwners.exists(ctx, 'client', input.client))) throw invalid('client', `no client with id ${input.client}`);
      columns.client_id = input.client;
    }
  }
  if (input.currency !== undefined) columns.currency = input.currency;
  if (input.unitCost !== undefined) columns.unit_cost = roundRate(input.unitCost).toFixed();
  if (family.hasPriceFlag && input.hasPrice !== undefined) columns.has_price = bool(input.hasPrice);
  return columns;
}

const SEARCH_TABLES: Array<[keyof PriceSearch, FilterTable, string]> = [
  ['client.id', 'clients', 'client'],
  ['service.id', 'services', 'service'],
  ['quantityType.id', 'units', 'unit'],
  ['domain.id', 'domains', 'domain'],
  ['languagePair.id', 'language_pairs', 'language pair'],
];

/** Ids in search parameters must be the account's (docs/reference.md#accounts-and-tenancy: 400, not an empty result). */
async function validateSearch(ctx: Ctx, search: PriceSearch): Promise<void> {
  for (const [param, table, label] of SEARCH_TABLES) {
    await assertIdsExist(ctx, table, search[param] as string[] | undefined, param, label);
  }
}

export const priceService = {
  async list(ctx: Ctx, family: PriceFamily, ownerId?: string): Promise<PriceRecord[]> {
    const scope = await scopeOf(ctx, family, ownerId);
    const ids = await repo.listIds(ctx.db, ctx.accountId, scope);
    const records = await recordsByIds(ctx, family, ids);
    return ids.map((id) => records.get(id)).filter((record): record is PriceRecord => record !== undefined);
  },

  async search(ctx: Ctx, family: PriceFamily, search: PriceSearch): Promise<Page<PriceRecord>> {
    const scope = await scopeOf(ctx, family);
    await validateSearch(ctx, search);
    const page = await paginateIds(repo.searchQuery(ctx.db, ctx.accountId, scope, search), 'prices', search, {
      createdAt: 'created_at',
      updatedAt: 'updated_at',
    });
    return withItems(page, (ids) => recordsByIds(ctx, family, ids));
  },

  async get(ctx: Ctx, family: PriceFamily, ownerId: string | undefined, id: string): Promise<PriceRecord> {
    const scope = await scopeOf(ctx, family, ownerId);
    await loadPrice(ctx, scope, id);
    return priceRecord(ctx, scope, id);
  },

  async create(ctx: Ctx, family: PriceFamily, ownerId: string | undefined, input: PriceInput): Promise<PriceRecord> {
    const scope = await scopeOf(ctx, family, ownerId);
    const columns = await referencedColumns(ctx, family, input);
    const now = nowIso();
    const base = {
      service_id: columns.service_id!,
      unit_id: columns.unit_id!,
      currency: columns.currency!,
      language_pair_id: columns.language_pair_id ?? null,
      domain_id: columns.domain_id ?? null,
      client_id: columns.client_id ?? null,
    };
    const row: PriceRow = {
      id: newId(),
      account_id: ctx.accountId,
      family: family.key,
      owner_client_id: family.owner?.kind === 'client' ? scope.ownerId : null,
      owner_supplier_id: family.owner?.kind === 'supplier' ? scope.ownerId : null,
      ...base,
      unit_cost: columns.unit_cost!,
      matches_type: input.matchesType!,
      has_price: columns.has_price ?? 1,
      unique_key: uniqueKey(scope, base),
      created_at: now,
      updated_at: now,
    };
    await assertUnique(ctx, scope, row.unique_key);
    await guardUnique(scope, () => repo.insert(ctx.db, row));
    // A bad entry throws before any entry is written; the route's transaction drops the price with it.
    if (input.matches !== undefined) await insertEntries(ctx, row.id, row.matches_type, input.matches);
    const record = await priceRecord(ctx, scope, row.id);
    await recordEvent(ctx, 'price.created', record);
    return record;
  },

  async update(ctx: Ctx, family: PriceFamily, ownerId: string | undefined, id: string, input: PriceInput): Promise<PriceRecord> {
    const scope = await scopeOf(ctx, family, ownerId);
    const current = await loadPrice(ctx, scope, id, true);
    const changes: Partial<PriceRow> = await referencedColumns(ctx, family, input, current);
    const next = { ...current, ...changes };
    changes.unique_key = uniqueKey(scope, next);
    if (changes.unique_key !== current.unique_key) await assertUnique(ctx, scope, changes.unique_key, id);
    const from: MatchesType = current.matches_type;
    const to: MatchesType = input.matchesType ?? from;
    if (to !== from) {
      // Every entry keeps its rate (docs/prices.md#match-entries); a new unit cost of the same update applies first.
      for (const match of await repo.storedMatches(ctx.db, ctx.accountId, id)) {
        let converted;
        try {
          converted = convertMatch(from, to, next.unit_cost, { unitCost: match.unit_cost, percentage: match.percentage });
        } catch (error) {
          if (error instanceof MatchConversionError) throw invalid('matchesType', `${error.message}; set a unit cost first`);
          throw error;
        }
        await repo.updateMatch(ctx.db, ctx.accountId, id, match.match_category_id, { unit_cost: converted.unitCost, percentage: converted.percentage });
      }
      changes.matches_type = to;
    }
    changes.updated_at = nowIso();
    await guardUnique(scope, () => repo.update(ctx.db, ctx.accountId, id, changes));
    const record = await priceRecord(ctx, scope, id);
    await recordEvent(ctx, 'price.updated', record);
    return record;
  },

  async remove(ctx: Ctx, family: PriceFamily, ownerId: string | undefined, id: string): Promise<void> {
    const scope = await scopeOf(ctx, family, ownerId);
    await loadPrice(ctx, scope, id, true);
    const record = await priceRecord(ctx, scope, id);
    await repo.delete(ctx.db, ctx.accountId, id);
    await recordEvent(ctx, 'price.deleted', record);
  },
};
