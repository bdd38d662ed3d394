import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Amount, ArrayParam, CurrencyCode, CurrencyObject, DateOut, Id, Input, Nullable, Reference, pageQuery } from '../../core/schemas.js';
import { LanguagePairRef } from '../language-pairs/index.js';
import type { PriceFamily } from './families.js';
import { MAX_PERCENTAGE } from './matches.js';

/** Request and response schemas of the price families, built from each family's configuration. */
export const MatchesTypeInput = Type.Union([Type.Literal('fixed'), Type.Literal('percentage')], {
  description: 'how match rates are computed: `fixed` (each entry has its own unit cost) or `percentage` (of the price unit cost)',
});
const UnitCost = (description = 'cost per unit (up to 6 decimals kept)') => Amount({ minimum: 0, description });
const Percentage = () => Type.Number({ minimum: 0, maximum: MAX_PERCENTAGE, description: 'fraction of the price unit cost, 0 to 10 (1 = 100 %)' });

/** One entry of `matches` on create: the fields of the add-a-match operation. */
const MatchEntryInput = Input({
  match: Id('match category id'),
  unitCost: Type.Optional(UnitCost('rate of the match category (when matchesType is fixed)')),
  percentage: Type.Optional(Percentage()),
});

export const MatchEntry = Type.Object({
  id: Type.String({ description: 'match category id' }),
  name: Type.String(),
  percentage: Type.Number(),
  unitCost: Type.Number(),
});
export type MatchEntryObject = Static<typeof MatchEntry>;

/** The record of the specification's table, the same for every family but `client` and `hasPrice`. */
export function recordSchema(family: PriceFamily) {
  const properties: Record<string, TSchema> = { id: Type.String() };
  if (family.acceptsClient) properties.client = Type.Optional(Reference);
  Object.assign(properties, {
    currency: CurrencyObject,
    domain: Type.Optional(Reference),
    languagePair: Type.Optional(LanguagePairRef),
    matches: Type.Array(MatchEntry),
    matchesType: MatchesTypeInput,
    quantityType: Reference,
    service: Reference,
    unitCost: Type.Number(),
  });
  if (family.hasPriceFlag) properties.hasPrice = Type.Boolean();
  Object.assign(properties, { createdAt: DateOut(), updatedAt: DateOut() });
  return Type.Object(properties, { title: family.key });
}

/** Every field a record can have; the family decides which keys are present. */
export type PriceRecord = {
  id: string;
  client?: { id: string; name: string };
  currency: { code: string; symbol: string };
  domain?: { id: string; name: string };
  languagePair?: Static<typeof LanguagePairRef>;
  matches: MatchEntryObject[];
  matchesType: 'fixed' | 'percentage';
  quantityType: { id: string; name: string };
  service: { id: string; name: string };
  unitCost: number;
  hasPrice?: boolean;
  createdAt: string;
  updatedAt: string;
};

export function createSchema(family: PriceFamily) {
  const properties: Record<string, TSchema> = {
    currency: CurrencyCode(),
    matchesType: MatchesTypeInput,
    quantityType: Id('unit (quantity type) id'),
    service: Id('service id'),
    unitCost: UnitCost(),
    domain: Type.Optional(Nullable(Id('domain id'))),
    languagePair: Type.Optional(Nullable(Id('language pair id'))),
  };
  if (family.acceptsClient) properties.client = Type.Optional(Nullable(Id('client id: the price applies to this client only')));
  if (family.hasPriceFlag) properties.hasPrice = Type.Optional(Type.Boolean({ description: 'true when the service has a price (default true)' }));
  properties.matches = Type.Optional(
    Type.Array(MatchEntryInput, {
      maxItems: 200,
      description: 'the match entries, in order, each as the add-a-match operation takes it (docs/prices.md#match-entries)',
    }),
  );
  return Input(properties);
}

export function updateSchema(family: PriceFamily) {
  const properties: Record<string, TSchema> = {
    matchesType: Type.Optional(MatchesTypeInput),
    unitCost: family.unitCostRequiredOnUpdate ? UnitCost() : Type.Optional(UnitCost()),
    currency: Type.Optional(CurrencyCode()),
    quantityType: Type.Optional(Id('unit (quantity type) id')),
    service: Type.Optional(Id('service id')),
    domain: Type.Optional(Nullable(Id('domain id; null to clear'))),
    languagePair: Type.Optional(Nullable(Id('language pair id; null to clear'))),
  };
  if (family.acceptsClient) properties.client = Type.Optional(Nullable(Id('client id; null to clear the restriction')));
  if (family.hasPriceFlag) properties.hasPrice = Type.Optional(Type.Boolean());
  return Input(properties);
}

/** Search of the account families (specification "Search of default prices", docs/prices.md#search-of-the-account-families). */
export function searchSchema(family: PriceFamily) {
  const properties: Record<string, TSchema> = {};
  if (family.acceptsClient) properties['client.id'] = ArrayParam(Id('client id'));
  Object.assign(properties, {
    'service.id': ArrayParam(Id('service id')),
    'quantityType.id': ArrayParam(Id('unit id')),
    'domain.id': ArrayParam(Id('domain id')),
    'languagePair.id': ArrayParam(Id('language pair id')),
    currency: ArrayParam(CurrencyCode()),
    ...pageQuery(['createdAt', 'updatedAt'] as const),
  });
  return Input(properties);
}

export interface PriceSearch {
  'client.id'?: string[];
  'service.id'?: string[];
  'quantityType.id'?: string[];
  'domain.id'?: string[];
  'languagePair.id'?: string[];
  currency?: string[];
  page?: number;
  pageSize?: number;
  sort?: 'createdAt' | 'updatedAt';
  direction?: 'asc' | 'desc';
}

export const AddMatchBody = Input({
  match: Id('match category id'),
  unitCost: Type.Optional(UnitCost('rate of the match category (when matchesType is fixed)')),
  percentage: Type.Optional(Percentage()),
});

export const UpdateMatchBody = Input({
  unitCost: Type.Optional(UnitCost('rate of the match category (when matchesType is fixed)')),
  percentage: Type.Optional(Percentage()),
});

export interface PriceInput {
  currency?: string;
  matchesType?: 'fixed' | 'percentage';
  quantityType?: string;
  service?: string;
  unitCost?: number;
  client?: string | null;
  domain?: string | null;
  languagePair?: string | null;
  hasPrice?: boolean;
  /** Create only. */
  matches?: MatchInput[];
}

export interface MatchInput {
  match?: string;
  unitCost?: number;
  percentage?: number;
}

/** Path parameters: the owner `id` for the owned families, then the record id token. */
export function recordParams(family: PriceFamily, extra: Record<string, TSchema> = {}) {
  const properties: Record<string, TSchema> = {};
  if (family.owner) properties.id = Id(`${family.owner.label} id`);
  properties[family.recordParam] = Id('price record id');
  return Type.Object({ ...properties, ...extra }, { additionalProperties: false });
}

export function ownerParams(family: PriceFamily) {
  return family.owner ? Type.Object({ id: Id(`${family.owner.label} id`) }, { additionalProperties: false }) : undefined;
}
