import { Type, type Static } from '@sinclair/typebox';
import { CurrencyCode, Id, Input, Nullable } from '../../core/schemas.js';
import { supplierDefaults } from './families.js';
import { recordSchema, type PriceRecord } from './schemas.js';

/** `GET /v2/account/prices/lookup` (docs/prices.md#price-look-up): the criteria of a job or an outsourcing. */
export const PriceLookupQuery = Input({
  for: Type.Union([Type.Literal('client'), Type.Literal('supplier')], {
    description: '`client`: the price a job would take; `supplier`: the price an outsourcing to `supplier` would take',
  }),
  client: Type.Optional(Nullable(Id("the job's client id; empty: none (only the account's prices apply on the client side)"))),
  supplier: Type.Optional(Id('supplier id; required with for=supplier, refused otherwise')),
  service: Id('service id'),
  quantityType: Id('unit (quantity type) id'),
  currency: CurrencyCode(),
  languagePair: Type.Optional(Nullable(Id('language pair id; empty: none'))),
  domain: Type.Optional(Nullable(Id('domain id; empty: none'))),
});
export type PriceLookupParams = Static<typeof PriceLookupQuery>;

const Match = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    { description },
  );

export const PriceLookup = Type.Object(
  {
    object: Type.Literal('price_lookup'),
    for: Type.Union([Type.Literal('client'), Type.Literal('supplier')]),
    prices: Type.Array(
      Type.Object({
        type: Match(
          ['client', 'supplier', 'account'] as const,
          "`client` (the client's own price), `supplier` (the supplier's service) or `account` (the account's price)",
        ),
        restrictedToClient: Type.Boolean({ description: 'the price is restricted to the client (supplier side)' }),
        specificity: Match(
          ['languagePairAndDomain', 'languagePair', 'domain', 'none'] as const,
          'which of language pair and domain the price sets (more specific prices come first within their tier)',
        ),
        languagePairMatch: Match(['exact', 'reversed', 'any'] as const, "the price's pair is the criteria's, its reverse (bidirectional), or unset (any pair)"),
        domainMatch: Match(['exact', 'any'] as const, "the price's domain is the criteria's, or unset (any domain)"),
        price: { ...recordSchema(supplierDefaults), title: 'price lookup record' },
      }),
      { description: 'the applicable prices, best first: the first is the one taken; empty when none applies' },
    ),
  },
  { title: 'price lookup' },
);
export type PriceLookupAnswer = {
  object: 'price_lookup';
  for: 'client' | 'supplier';
  prices: Array<{
    type: 'client' | 'supplier' | 'account';
    restrictedToClient: boolean;
    specificity: 'languagePairAndDomain' | 'languagePair' | 'domain' | 'none';
    languagePairMatch: 'exact' | 'reversed' | 'any';
    domainMatch: 'exact' | 'any';
    price: PriceRecord;
  }>;
};
