import type { Kysely, SelectQueryBuilder } from 'kysely';
import { forUpdate, type DialectName, type Executor } from '../../core/db/dialect.js';
import { preparedQuery } from '../../core/db/prepared.js';
import { qualifiedColumnsOf } from '../../core/db/columns.js';
import type { DB, PriceMatchesTable, PricesTable } from '../../core/db/schema.js';
import type { FamilyKey, PriceScope } from './families.js';
import type { PriceSearch } from './schemas.js';

/** SQL of the price families. Every query takes the account id and filters by it. */
export type PriceRow = PricesTable;
export type PriceMatchRow = PriceMatchesTable;

/** A price row with the names of what it references (joined in one query). */
export interface PriceRowWithNames extends PriceRow {
  service_name: string;
  unit_name: string;
  domain_name: string | null;
  client_name: string | null;
}

export interface MatchRowWithName extends PriceMatchRow {
  name: string;
}

/** Tables whose ids appear in price parameters and search parameters. */
export type ReferencedTable = 'services' | 'units' | 'domains' | 'clients' | 'suppliers' | 'language_pairs' | 'match_categories';

/** What price resolution compares of a price (resolution.ts). */
export type CandidateRow = Pick<
  PriceRow,
  | 'id'
  | 'family'
  | 'owner_client_id'
  | 'owner_supplier_id'
  | 'client_id'
  | 'service_id'
  | 'unit_id'
  | 'currency'
  | 'language_pair_id'
  | 'domain_id'
  | 'has_price'
  | 'updated_at'
  | 'unit_cost'
  | 'matches_type'
>;

// A type, not an interface: prepared parameters are a record of values.
type CandidateParams = {
  accountId: string;
  serviceId: string;
  currency: string;
  families: readonly string[];
  ownerClientId: string;
  ownerSupplierId: string;
};

/** What the candidates of docs/prices.md#which-price-applies are selected by, besides the unit. */
export interface CandidateCriteria {
  serviceId: string;
  currency: string;
  families: FamilyKey[];
  ownerClientId?: string | null;
  ownerSupplierId?: string | null;
}

const candidateParams = (accountId: string, criteria: CandidateCriteria): CandidateParams => ({
  accountId,
  serviceId: criteria.serviceId,
  currency: criteria.currency,
  families: criteria.families,
  ownerClientId: criteria.ownerClientId ?? '',
  ownerSupplierId: criteria.ownerSupplierId ?? '',
});

const candidatesOf = (db: Kysely<DB>, p: CandidateParams) =>
  db
    .selectFrom('prices')
    // With the unit cost and mode: the price a job takes is built from this row and its match entries alone.
    .select([
      'id',
      'family',
      'owner_client_id',
      'owner_supplier_id',
      'client_id',
      'service_id',
      'unit_id',
      'currency',
      'language_pair_id',
      'domain_id',
      'has_price',
      'updated_at',
      'unit_cost',
      'matches_type',
    ])
    .where('account_id', '=', p.accountId)
    .where('service_id', '=', p.serviceId)
    .where('currency', '=', p.currency)
    .where('family', 'in', p.families as FamilyKey[])
    .where((eb) =>
      eb.or([
        eb('family', 'in', ['client_default', 'supplier_default']),
        eb.and([eb('family', '=', 'client_price'), eb('owner_client_id', '=', p.ownerClientId)]),
        eb.and([eb('family', '=', 'supplier_service'), eb('owner_supplier_id', '=', p.ownerSupplierId)]),
      ]),
    );

const candidateRows = preparedQuery((db, p: CandidateParams & { unitId: string }) => candidatesOf(db, p).where('unit_id', '=', p.unitId));

/** The account's hours unit (docs/master-data.md#exclusive-flags: the unit flagged isHours; the first by id when several are). */
const hoursUnitOf = (db: Kysely<DB>, accountId: string) =>
  db.selectFrom('units').select('id').where('account_id', '=', accountId).where('is_hours', '=', 1).orderBy('id').limit(1);

const hoursUnitRow = preparedQuery((db, p: { accountId: string }) => hoursUnitOf(db, p.accountId));

/** The candidates of one unit and of the hours unit, each row naming the hours unit (one statement, not two: a new job pays for each, docs/performance.md). */
const candidateRowsWithHours = preparedQuery((db, p: CandidateParams & { unitId: string }) => {
  const hoursUnit = hoursUnitOf(db, p.accountId);
  return candidatesOf(db, p)
    .select(hoursUnit.as('hours_unit_id'))
    .where((eb) => eb('unit_id', 'in', [eb.val(p.unitId), hoursUnit]));
});

const priceEpochOf = preparedQuery((db, p: { accountId: string }) => db.selectFrom('price_epochs').select('epoch').where('account_id', '=', p.accountId));

const pricesWithNames = preparedQuery((db, p: { accountId: string; ids: readonly string[] }) =>
  db
    .selectFrom('prices')
    .innerJoin('services', 'services.id', 'prices.service_id')
    .innerJoin('units', 'units.id', 'prices.unit_id')
    .leftJoin('domains', 'domains.id', 'prices.domain_id')
    .leftJoin('clients', 'clients.id', 'prices.client_id')
    .select(qualifiedColumnsOf('prices'))
    .select(['services.name as service_name', 'units.name as unit_name', 'domains.name as domain_name', 'clients.name as client_name'])
    .where('prices.account_id', '=', p.accountId)
    .where('prices.id', 'in', p.ids),
);

const matchesOfPrices = preparedQuery((db, p: { accountId: string; priceIds: readonly string[] }) =>
  db
    .selectFrom('price_matches')
    .innerJoin('match_categories', 'match_categories.id', 'price_matches.match_category_id')
    .select(qualifiedColumnsOf('price_matches'))
    .select('match_categories.name as name')
    .where('price_matches.account_id', '=', p.accountId)
    .where('price_matches.price_id', 'in', p.priceIds)
    .orderBy('price_matches.price_id')
    .orderBy('price_matches.position'),
);

function scoped(db: Executor, accountId: string, scope: PriceScope) {
  let query = db.selectFrom('prices').where('prices.account_id', '=', accountId).where('prices.family', '=', scope.family.key);
  if (scope.family.owner) query = query.where(`prices.${scope.family.owner.column}`, '=', scope.ownerId);
  return query;
}

export const priceRepository = {
  /** One price of the scope; `lock` takes the row lock on PostgreSQL (read-modify-write of its matches). */
  find(db: Executor, dialect: DialectName, accountId: string, scope: PriceScope, id: string, lock = false): Promise<PriceRow | undefined> {
    const query = scoped(db, accountId, scope).selectAll('prices').where('prices.id', '=', id);
    return (lock ? forUpdate(query, dialect) : query).executeTakeFirst();
  },

  /** Rows with names, in no particular order (the caller orders). */
  findWithNames(db: Executor, accountId: string, ids: readonly string[]): Promise<PriceRowWithNames[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return pricesWithNames(db, { accountId, ids });
  },

  /** The unit flagged isHours (docs/master-data.md#exclusive-flags: at most one). */
  async hoursUnit(db: Executor, accountId: string): Promise<string | null> {
    return (await hoursUnitRow.first(db, { accountId }))?.id ?? null;
  },

  /** SQLite: the token of the state of what price resolution reads (migration 0019); undefined without one. */
  async priceEpoch(db: Executor, accountId: string): Promise<string | undefined> {
    return (await priceEpochOf.first(db, { accountId }))?.epoch;
  },

  /** The match entries of several prices, in their stored order. */
  matchesOf(db: Executor, accountId: string, priceIds: readonly string[]): Promise<MatchRowWithName[]> {
    if (priceIds.length === 0) return Promise.resolve([]);
    return matchesOfPrices(db, { accountId, priceIds });
  },

  /** Ids of one scope in creation order (the bare-array listings). */
  async listIds(db: Executor, accountId: string, scope: PriceScope): Promise<string[]> {
    const rows = await scoped(db, accountId, scope).select('prices.id').orderBy('prices.created_at').orderBy('prices.id').execute();
    return rows.map((row) => row.id);
  },

  /** The search of docs/prices.md#search-of-the-account-families as a filtered query (OR within a parameter, AND across). */
  searchQuery(db: Executor, accountId: string, scope: PriceScope, search: PriceSearch): SelectQueryBuilder<DB, 'prices', object> {
    let query = scoped(db, accountId, scope);
    const filters: Array<[keyof PriceSearch, 'client_id' | 'service_id' | 'unit_id' | 'domain_id' | 'language_pair_id' | 'currency']> = [
      ['client.id', 'client_id'],
      ['service.id', 'service_id'],
      ['quantityType.id', 'unit_id'],
      ['domain.id', 'domain_id'],
      ['languagePair.id', 'language_pair_id'],
      ['currency', 'currency'],
    ];
    for (const [param, column] of filters) {
      const values = search[param] as string[] | undefined;
      if (values && values.length > 0) query = query.where(`prices.${column}`, 'in', [...new Set(values)]);
    }
    return query;
  },

  findByUniqueKey(db: Executor, accountId: string, uniqueKey: string) {
    return db.selectFrom('prices').select('id').where('account_id', '=', accountId).where('unique_key', '=', uniqueKey).executeTakeFirst();
  },

  insert(db: Executor, row: PriceRow) {
    return db.insertInto('prices').values(row).execute();
  },

  update(db: Executor, accountId: string, id: string, changes: Partial<PriceRow>) {
    return db.updateTable('prices').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  delete(db: Executor, accountId: string, id: string) {
    return db.deleteFrom('prices').where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  /** The stored match entries of one price, in order. */
  storedMatches(db: Executor, accountId: string, priceId: string): Promise<PriceMatchRow[]> {
    return db.selectFrom('price_matches').selectAll().where('account_id', '=', accountId).where('price_id', '=', priceId).orderBy('position').execute();
  },

  insertMatch(db: Executor, row: PriceMatchRow) {
    return db.insertInto('price_matches').values(row).execute();
  },

  updateMatch(db: Executor, accountId: string, priceId: string, matchId: string, changes: Partial<PriceMatchRow>) {
    return db
      .updateTable('price_matches')
      .set(changes)
      .where('account_id', '=', accountId)
      .where('price_id', '=', priceId)
      .where('match_category_id', '=', matchId)
      .execute();
  },

  deleteMatch(db: Executor, accountId: string, priceId: string, matchId: string) {
    return db
      .deleteFrom('price_matches')
      .where('account_id', '=', accountId)
      .where('price_id', '=', priceId)
      .where('match_category_id', '=', matchId)
      .execute();
  },

  /**
   * The columns resolution compares (resolution.ts) of the prices of the given families with the
   * service, the unit and the currency (candidates of docs/prices.md#which-price-applies): one query by the candidate index.
   */
  candidates(db: Executor, accountId: string, criteria: CandidateCriteria & { unitId: string }): Promise<CandidateRow[]> {
    return candidateRows(db, { ...candidateParams(accountId, criteria), unitId: criteria.unitId });
  },

  /**
   * The candidates of one unit and of the account's hours unit (time-based invoicing, docs/jobs.md#creation), and
   * which unit that is: known only when there are candidates (with none, no price applies to either).
   */
  async candidatesWithHoursUnit(
    db: Executor,
    accountId: string,
    criteria: CandidateCriteria & { unitId: string },
  ): Promise<{ rows: CandidateRow[]; hoursUnitId: string | null }> {
    const rows = await candidateRowsWithHours(db, { ...candidateParams(accountId, criteria), unitId: criteria.unitId });
    return { rows, hoursUnitId: rows[0]?.hours_unit_id ?? null };
  },
};
