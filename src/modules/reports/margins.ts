/**
 * Revenue, supplier cost and margin by month × client, service, language pair or manager, in the
 * account's currency (docs/reports.md#margins). SQL groups jobs and their outsourcing by day,
 * dimension and currencies; each group is converted here with the rate of its day. A group with a
 * currency that has no rate for the day is left out whole (its jobs' revenue and costs) and listed
 * in `unconverted`, so that no row shows a revenue without its costs or the reverse.
 */
import { Type } from '@sinclair/typebox';
import { Dec } from '../../core/money.js';
import type { RateBook } from '../exchange-rates/index.js';
import { report } from './report.js';
import { MARGIN_DIMENSIONS, reportsRepository as repo, type MarginDimension } from './repository.js';
import type { UnconvertedItem } from './schemas.js';
import { sumValue } from './sql.js';
import { rowSchema, type ReportColumn, type Row } from './table.js';

const DIMENSION_NAMES: Record<MarginDimension, string> = { client: 'Client', service: 'Service', languagePair: 'Language pair', manager: 'Manager' };
const NONE_NAMES: Record<MarginDimension, string> = { client: '', service: '', languagePair: 'No language pair', manager: '' };

export interface MarginsParams {
  by: MarginDimension;
}

function columns(params: MarginsParams, currency: string): ReportColumn[] {
  const dimension = DIMENSION_NAMES[params.by];
  const money = (key: string, header: string, description: string): ReportColumn => ({ key, header: `${header} (${currency})`, type: 'money', description });
  return [
    { key: 'month', header: 'Month', type: 'text', description: 'YYYY-MM: the month of the jobs’ day (due date, else creation day)' },
    {
      key: 'id',
      header: `${dimension} id`,
      type: 'text',
      nullable: true,
      description: 'the id of the client, service, language pair or manager; null: jobs without a language pair',
    },
    { key: 'name', header: dimension, type: 'text' },
    { key: 'jobs', header: 'Jobs', type: 'count', description: 'jobs counted (cancelled ones never are)' },
    money('revenue', 'Job revenue', "the jobs' estimation totals, converted"),
    money('supplierCost', 'Supplier cost', 'their non-cancelled outsourcing totals, converted'),
    money('margin', 'Margin', 'revenue − supplierCost'),
    { key: 'marginRate', header: 'Margin rate', type: 'rate', nullable: true, description: 'margin ÷ revenue, 4 decimals; null when revenue is 0' },
    {
      key: 'unpricedOutsourcings',
      header: 'Unpriced outsourcings',
      type: 'count',
      description: 'outsourcings without a price: their cost is unknown, not counted',
    },
  ];
}

/** The currencies of a group all have a rate for its day (the account's own needs none). */
const convertible = (rates: RateBook, currencies: Iterable<string>, day: string) =>
  [...currencies].every((code) => code === rates.accountCurrency || rates.rateOn(code, day) !== null);

const currenciesOf = (job: string, outsourcing: string | null) => new Set([job, ...(outsourcing === null ? [] : outsourcing.split(','))]);

interface Cell {
  month: string;
  id: string | null;
  jobs: number;
  revenue: Dec;
  cost: Dec;
  unpriced: number;
}

export const margins = report<MarginsParams>({
  name: 'margins',
  financialOnly: true,
  summary: 'Job revenue, supplier cost and margin by month and client, service, language pair or manager, in the account currency',
  query: {
    by: Type.Union(
      (Object.keys(MARGIN_DIMENSIONS) as MarginDimension[]).map((key) => Type.Literal(key)),
      { description: 'the rows of each month: client, service, languagePair or manager' },
    ),
  },
  filters: ['from', 'to', 'client', 'supplier', 'manager', 'currency'],
  columns: (params, currency) => columns(params, currency),
  row: rowSchema(columns({ by: 'client' }, '')),
  totals: Type.Object({
    jobs: Type.Integer(),
    revenue: Type.Number(),
    supplierCost: Type.Number(),
    margin: Type.Number(),
    marginRate: Type.Union([Type.Number(), Type.Null()]),
    unpricedOutsourcings: Type.Integer(),
    excludesUnconverted: Type.Boolean({ description: 'true: amounts without a rate were left out (see `unconverted`)' }),
  }),
  title: (params) => `Margins by ${DIMENSION_NAMES[params.by].toLowerCase()}`,
  async run({ ctx, params, filters, rates }) {
    const [revenueGroups, costGroups] = await Promise.all([repo.revenueGroups(ctx, params.by, filters), repo.costGroups(ctx, params.by, filters)]);
    const cells = new Map<string, Cell>();
    const cellOf = (day: string, id: string | null) => {
      const month = day.slice(0, 7);
      const key = `${month}|${id ?? ''}`;
      let cell = cells.get(key);
      if (!cell) cells.set(key, (cell = { month, id, jobs: 0, revenue: new Dec(0), cost: new Dec(0), unpriced: 0 }));
      return cell;
    };
    const unconverted = new Map<string, UnconvertedItem & { sum: Dec }>();
    const leaveOut = (kind: string, currency: string, day: string, count: number, amount: Dec) => {
      const key = `${kind}|${currency}|${day}`;
      const item = unconverted.get(key) ?? { kind, currency, day, count: 0, amount: 0, rateMissing: !convertible(rates, [currency], day), sum: new Dec(0) };
      item.count += count;
      item.sum = item.sum.plus(amount);
      unconverted.set(key, item);
    };
    for (const group of revenueGroups) {
      const amount = sumValue(ctx.dialect, group.revenue);
      if (!convertible(rates, currenciesOf(group.currency, group.ocurs), group.day)) {
        leaveOut('revenue', group.currency, group.day, Number(group.jobs), amount);
        continue;
      }
      const cell = cellOf(group.day, group.dim);
      cell.jobs += Number(group.jobs);
      cell.revenue = cell.revenue.plus(rates.toAccount(amount, group.currency, group.day)!.value);
    }
    for (const group of costGroups) {
      const amount = sumValue(ctx.dialect, group.cost);
      if (!convertible(rates, currenciesOf(group.job_currency, group.ocurs), group.day)) {
        leaveOut('supplierCost', group.currency, group.day, Number(group.outsourcings), amount);
        continue;
      }
      const cell = cellOf(group.day, group.dim);
      cell.cost = cell.cost.plus(rates.toAccount(amount, group.currency, group.day)!.value);
      cell.unpriced += Number(group.unpriced);
    }
    const ids = [...new Set([...cells.values()].map((cell) => cell.id).filter((id): id is string => id !== null))];
    const names = await repo.dimensionNames(ctx, params.by, ids);
    const rows: Row[] = [...cells.values()]
      .map((cell) => ({
        month: cell.month,
        id: cell.id,
        name: cell.id === null ? NONE_NAMES[params.by] : (names.get(cell.id) ?? ''),
        jobs: cell.jobs,
        ...figures(cell.revenue, cell.cost),
        unpricedOutsourcings: cell.unpriced,
      }))
      .sort((a, b) => compare(a.month, b.month) || compare(a.name, b.name) || compare(a.id ?? '', b.id ?? ''));
    const total = [...cells.values()].reduce(
      (sum, cell) => ({
        jobs: sum.jobs + cell.jobs,
        revenue: sum.revenue.plus(cell.revenue),
        cost: sum.cost.plus(cell.cost),
        unpriced: sum.unpriced + cell.unpriced,
      }),
      { jobs: 0, revenue: new Dec(0), cost: new Dec(0), unpriced: 0 },
    );
    const left = [...unconverted.values()]
      .map(({ sum, ...item }) => ({ ...item, amount: sum.toNumber() }))
      .sort((a, b) => compare(a.day, b.day) || compare(a.currency, b.currency) || compare(a.kind, b.kind));
    return {
      rows,
      totals: { jobs: total.jobs, ...figures(total.revenue, total.cost), unpricedOutsourcings: total.unpriced, excludesUnconverted: left.length > 0 },
      unconverted: left,
    };
  },
});

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Revenue, cost, margin and margin rate (4 decimals, null without revenue) as JSON numbers. */
function figures(revenue: Dec, cost: Dec) {
  const margin = revenue.minus(cost);
  return {
    revenue: revenue.toNumber(),
    supplierCost: cost.toNumber(),
    margin: margin.toNumber(),
    marginRate: revenue.isZero() ? null : margin.div(revenue).toDecimalPlaces(4).toNumber(),
  };
}
