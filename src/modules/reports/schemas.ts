/** Query parameters and answers of the reports (docs/reports.md). */
import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import { CurrencyCode, CurrencyObject, FILE_FORMAT_MARK, Id, Nullable } from '../../core/schemas.js';

const Day = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: `${description} (YYYY-MM-DD)` });

export const FORMATS = ['json', 'csv', 'xlsx'] as const;
export type Format = (typeof FORMATS)[number];

/** The filters every report is asked with (a report rejects those that do not apply to it). */
export const FilterQuery = {
  from: Type.Optional(Day('the first day counted')),
  to: Type.Optional(Day('the last day counted')),
  client: Type.Optional(Id('only this client')),
  supplier: Type.Optional(Id('only this supplier')),
  manager: Type.Optional(Id("only this manager (a user: the job's manager)")),
  currency: Type.Optional(CurrencyCode()),
  format: Type.Optional(
    Type.Union(
      FORMATS.map((format) => Type.Literal(format)),
      { default: 'json', description: 'json (default), csv or xlsx (a workbook)', [FILE_FORMAT_MARK]: true },
    ),
  ),
} satisfies TProperties;

export type FilterName = 'from' | 'to' | 'client' | 'supplier' | 'manager' | 'currency';

export interface Filters {
  from?: string;
  to?: string;
  client?: string;
  supplier?: string;
  manager?: string;
  currency?: string;
}

/** The filters as an answer repeats them (null: not given). */
export const FiltersOut = Type.Object({
  from: Nullable(Type.String()),
  to: Nullable(Type.String()),
  client: Nullable(Type.String()),
  supplier: Nullable(Type.String()),
  manager: Nullable(Type.String()),
  currency: Nullable(Type.String()),
});

/** An amount that could not be converted to the account's currency (no rate for its day). */
export const Unconverted = Type.Object({
  kind: Type.String({ description: 'what the amount is: revenue, supplierCost, receivable or payable' }),
  currency: Type.String(),
  day: Type.String({ description: 'the day whose rate was looked for (YYYY-MM-DD)' }),
  count: Type.Integer({ description: 'jobs, outsourcings or documents' }),
  amount: Type.Number({ description: 'their amount in `currency`' }),
  rateMissing: Type.Boolean({ description: 'true: no rate of this currency on or before the day; false: left out with the rest of its jobs' }),
});
export type UnconvertedItem = Static<typeof Unconverted>;

/** The answer of a report: the same rows a CSV or a workbook holds, and what the rows leave out. */
export function reportAnswer(name: string, row: TSchema, totals: TSchema, description: string) {
  return Type.Object(
    {
      object: Type.Literal('report'),
      report: Type.Literal(name),
      currency: CurrencyObject,
      filters: FiltersOut,
      rows: Type.Array(row),
      totals,
      unconverted: Type.Array(Unconverted, { description: 'amounts left out of the rows and totals: no exchange rate for their day' }),
    },
    { description },
  );
}
