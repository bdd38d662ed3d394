import { Type, type Static } from '@sinclair/typebox';
import { CurrencyCode, DateOut, Input, Paginated, pageQuery } from '../../core/schemas.js';

/** An account's exchange rates (docs/exchange-rates.md). */

const Day = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });
/** A rate is answered and read as a JSON number, like unit costs, and stored as its decimal text (docs/reference.md#money-and-rounding). */
const Rate = (description = 'units of `currency` one unit of the account currency buys (1 EUR = 1.0856 USD: 1.0856); > 0, at most 15 significant digits') =>
  Type.Number({ exclusiveMinimum: 0, maximum: 1e12, description });

export const RateSource = Type.Union([Type.Literal('manual'), Type.Literal('ecb')], {
  description: '`manual` (entered through the API) or `ecb` (the import of the European Central Bank reference rates)',
});

export const ExchangeRate = Type.Object(
  {
    id: Type.String(),
    date: Type.String({ description: 'the day it holds from (`YYYY-MM-DD`): the rate of a day is the latest on or before it' }),
    currency: Type.String({ description: 'ISO 4217 code; never the account currency' }),
    rate: Type.Number({ description: 'units of `currency` one unit of the account currency buys' }),
    source: RateSource,
    createdAt: DateOut(),
    updatedAt: DateOut(),
  },
  { title: 'Exchange rate' },
);
export type ExchangeRateObject = Static<typeof ExchangeRate>;

export const ExchangeRatePage = Paginated(ExchangeRate);

export const CreateExchangeRate = Input({
  date: Day('the day it holds from, `YYYY-MM-DD`'),
  currency: CurrencyCode(),
  rate: Rate(),
});
export type CreateExchangeRateInput = Static<typeof CreateExchangeRate>;

export const UpdateExchangeRate = Input({
  date: Type.Optional(Day('the day it holds from, `YYYY-MM-DD`')),
  currency: Type.Optional(CurrencyCode()),
  rate: Type.Optional(Rate()),
});
export type UpdateExchangeRateInput = Static<typeof UpdateExchangeRate>;

export const EXCHANGE_RATE_SORTS = ['date', 'createdAt', 'updatedAt'] as const;
const paging = pageQuery(EXCHANGE_RATE_SORTS);
export const ExchangeRateQuery = Input({
  ...paging,
  sort: Type.Optional(
    Type.Union(
      EXCHANGE_RATE_SORTS.map((s) => Type.Literal(s)),
      { default: 'date', description: 'default `date` (newest first)' },
    ),
  ),
  currency: Type.Optional(CurrencyCode()),
  source: Type.Optional(RateSource),
  dateFrom: Type.Optional(Day('rates of this day and later (`YYYY-MM-DD`)')),
  dateTo: Type.Optional(Day('rates of this day and earlier (`YYYY-MM-DD`)')),
});
export type ExchangeRateListQuery = Static<typeof ExchangeRateQuery>;

/** What an import stored (docs/exchange-rates.md#the-ecb-import). */
export const ImportResult = Type.Object(
  {
    source: Type.Literal('ecb'),
    days: Type.Integer({ description: 'days the file held' }),
    dateFrom: Type.Union([Type.String(), Type.Null()], { description: 'first day of the file' }),
    dateTo: Type.Union([Type.String(), Type.Null()], { description: 'last day of the file' }),
    currencies: Type.Array(Type.String(), { description: 'the currencies rates were found for, against the account currency' }),
    created: Type.Integer({ description: 'rates added' }),
    updated: Type.Integer({ description: 'imported rates changed by a correction of the source' }),
    unchanged: Type.Integer({ description: 'imported rates already stored with the same value' }),
    keptManual: Type.Integer({ description: 'rates not imported because a manual rate holds that currency and day' }),
  },
  { title: 'Exchange rate import' },
);
export type ImportResultObject = Static<typeof ImportResult>;
