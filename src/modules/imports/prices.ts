import type { TSchema } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import { ApiError } from '../../core/errors.js';
import { parseLanguage } from '../../core/language.js';
import { domains, masterData, matchCategories, services, units } from '../master-data/index.js';
import { languagePairs } from '../language-pairs/index.js';
import {
  AddMatchBody,
  UpdateMatchBody,
  clientDefaults,
  clientPrices,
  createSchema,
  matchService,
  priceService,
  supplierDefaults,
  supplierServices,
  updateSchema,
  type PriceFamily,
  type PriceRecord,
} from '../prices/index.js';
import { partyNames, partyRef, type PartyNames } from './names.js';
import { CellError, validateInput, type Cells, type ImportResource } from './runner.js';

/**
 * Prices (docs/imports.md#prices): `side` and `owner` choose the family (docs/prices.md): the
 * account's default prices, a client's prices or a supplier's services. A row updates the price
 * of the same identity (owner × service × unit × language pair × domain × currency, without a
 * client restriction), else creates one; each `match:<category>` cell sets that match entry.
 */
export const MATCH_PREFIX = 'match:';

type NameIndex = (value: string, column: string) => Promise<string | undefined>;

interface State {
  clients: PartyNames;
  suppliers: PartyNames;
  service: NameIndex;
  unit: NameIndex;
  domain: NameIndex;
  match: NameIndex;
  pair(value: string): Promise<string>;
  /** The prices of each scope (family × owner) by identity, read once. */
  scopes: Map<string, Map<string, PriceRecord>>;
}

/** Names (case-insensitive) or ids of one kind of master data, read once. */
function namedIndex(ctx: Ctx, kind: typeof services, label: string): NameIndex {
  let index: Promise<Map<string, string[]>> | undefined;
  return async (value, column) => {
    index ??= masterData.list(ctx, kind).then((records) => {
      const map = new Map<string, string[]>();
      for (const record of records) {
        map.set(`id:${record.id}`, [record.id]);
        const key = record.name.trim().toLowerCase();
        map.set(key, [...(map.get(key) ?? []), record.id]);
      }
      return map;
    });
    const map = await index;
    const found = map.get(`id:${value.toLowerCase()}`) ?? map.get(value.trim().toLowerCase()) ?? [];
    if (found.length > 1) throw new CellError(column, `several ${label}s are named "${value}": give the id instead`);
    if (found.length === 0) throw new CellError(column, `no ${label} named "${value}"`);
    return found[0];
  };
}

/** `en>fr` (source > target), `>fr` or `fr` (no source): a language pair of the account, or its reverse when bidirectional. */
function pairIndex(ctx: Ctx): State['pair'] {
  let list: ReturnType<typeof languagePairs.list> | undefined;
  return async (value) => {
    const [source, target] = value.includes('>') ? value.split('>', 2).map((part) => part.trim()) : ['', value.trim()];
    const code = (text: string) => (text === '' ? '' : (parseLanguage(text)?.code ?? `?${text}`));
    const [from, to] = [code(source!), code(target!)];
    const pairs = await (list ??= languagePairs.list(ctx));
    const same = pairs.find((pair) => (pair.source?.code ?? '') === from && pair.target.code === to);
    const reversed = pairs.find((pair) => pair.bidirectional && (pair.source?.code ?? '') === to && pair.target.code === from);
    const found = same ?? reversed;
    if (!found) throw new CellError('languagePair', `no language pair "${value}" in the account (write it as source>target, e.g. en>fr)`);
    return found.id;
  };
}

const schemas = new Map<string, TSchema>();
const schemaOf = (kind: 'create' | 'update', family: PriceFamily) => {
  const key = `${kind}:${family.key}`;
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = kind === 'create' ? createSchema(family) : updateSchema(family)));
  return schema;
};

const identity = (service: string, unit: string, pair: string | undefined, domain: string | undefined, currency: string) =>
  [service, unit, pair ?? '-', domain ?? '-', currency.toUpperCase()].join(':');

const recordIdentity = (record: PriceRecord) =>
  record.client ? undefined : identity(record.service.id, record.quantityType.id, record.languagePair?.id, record.domain?.id, record.currency.code);

/** The family and owner of a row. */
async function scopeOf(state: State, cells: Cells): Promise<{ family: PriceFamily; ownerId: string | undefined }> {
  const side = (cells.side ?? '').toLowerCase();
  if (side !== 'client' && side !== 'supplier') throw new CellError('side', 'must be client or supplier');
  const owner = cells.owner ?? '';
  if (owner.toLowerCase() === 'account') return { family: side === 'client' ? clientDefaults : supplierDefaults, ownerId: undefined };
  const ownerId = await partyRef(side === 'client' ? state.clients : state.suppliers, owner, 'owner');
  return { family: side === 'client' ? clientPrices : supplierServices, ownerId };
}

/** A match cell: a number, or in percentage mode also `30%` (= 0.3). */
function matchValue(type: 'fixed' | 'percentage', value: string, column: string): Record<string, string> {
  const percent = /^(.*)%$/.exec(value);
  if (percent && type === 'fixed') throw new CellError(column, 'the price is fixed: give the rate (a number), not a percentage');
  const number = percent ? percent[1]!.trim() : value;
  if (!/^\d+(\.\d+)?$/.test(number)) throw new CellError(column, `"${value}" is not a number`);
  if (type === 'fixed') return { unitCost: number };
  return { percentage: percent ? String(Number(number) / 100) : number };
}

async function writeMatches(ctx: Ctx, state: State, scope: { family: PriceFamily; ownerId: string | undefined }, record: PriceRecord, cells: Cells) {
  let current = record;
  for (const [column, value] of Object.entries(cells)) {
    if (!column.toLowerCase().startsWith(MATCH_PREFIX)) continue;
    const category = (await state.match(column.slice(MATCH_PREFIX.length).trim(), column))!;
    const body = matchValue(current.matchesType, value, column);
    try {
      if (current.matches.some((entry) => entry.id === category)) {
        const input = validateInput<Record<string, number>>(UpdateMatchBody, body);
        current = await matchService.update(ctx, scope.family, scope.ownerId, current.id, category, input);
      } else {
        const input = validateInput<Record<string, number>>(AddMatchBody, { match: category, ...body });
        current = await matchService.add(ctx, scope.family, scope.ownerId, current.id, input);
      }
    } catch (error) {
      if (error instanceof ApiError) throw new CellError(column, error.details?.[0]?.message ?? error.message);
      throw error;
    }
  }
  return current;
}

export const pricesResource: ImportResource<State> = {
  name: 'prices',
  columns: [
    { name: 'side', required: true },
    { name: 'owner', required: true },
    { name: 'service', required: true },
    { name: 'unit', required: true, param: 'quantityType' },
    { name: 'languagePair' },
    { name: 'domain' },
    { name: 'currency', required: true },
    { name: 'unitCost', required: true },
    { name: 'matchesType' },
  ],
  columnPrefixes: [MATCH_PREFIX],
  start: (ctx) => ({
    clients: partyNames(ctx, 'clients'),
    suppliers: partyNames(ctx, 'suppliers'),
    service: namedIndex(ctx, services, 'service'),
    unit: namedIndex(ctx, units, 'unit'),
    domain: namedIndex(ctx, domains, 'domain'),
    match: namedIndex(ctx, matchCategories, 'match category'),
    pair: pairIndex(ctx),
    scopes: new Map(),
  }),
  keyOf: (cells) =>
    [cells.side, cells.owner, cells.service, cells.unit, cells.languagePair, cells.domain, cells.currency].map((cell) => (cell ?? '').toLowerCase()).join('|'),
  async write(ctx, state, cells) {
    const scope = await scopeOf(state, cells);
    const service = (await state.service(cells.service ?? '', 'service'))!;
    const unit = (await state.unit(cells.unit ?? '', 'unit'))!;
    const pair = cells.languagePair === undefined ? undefined : await state.pair(cells.languagePair);
    const domain = cells.domain === undefined ? undefined : await state.domain(cells.domain, 'domain');
    const scopeKey = `${scope.family.key}:${scope.ownerId ?? '-'}`;
    let prices = state.scopes.get(scopeKey);
    if (!prices) {
      prices = new Map();
      for (const record of await priceService.list(ctx, scope.family, scope.ownerId)) {
        const key = recordIdentity(record);
        if (key !== undefined) prices.set(key, record);
      }
      state.scopes.set(scopeKey, prices);
    }
    const key = identity(service, unit, pair, domain, cells.currency ?? '');
    const existing = prices.get(key);
    const raw: Record<string, unknown> = { service, quantityType: unit, currency: cells.currency, unitCost: cells.unitCost };
    if (pair !== undefined) raw.languagePair = pair;
    if (domain !== undefined) raw.domain = domain;
    if (cells.matchesType !== undefined) raw.matchesType = cells.matchesType;
    else if (!existing) raw.matchesType = 'percentage';
    let record: PriceRecord;
    if (existing) {
      const input = validateInput<Record<string, unknown>>(schemaOf('update', scope.family), raw);
      record = await priceService.update(ctx, scope.family, scope.ownerId, existing.id, input);
    } else {
      const input = validateInput<Record<string, unknown>>(schemaOf('create', scope.family), raw);
      record = await priceService.create(ctx, scope.family, scope.ownerId, input);
    }
    record = await writeMatches(ctx, state, scope, record, cells);
    prices.set(key, record);
    return { action: existing ? 'update' : 'create', id: record.id };
  },
};
