/**
 * The margins report's totals over a range of days (docs/reports.md#margins), for the dashboard's
 * "this month" and "last month" (docs/dashboard.md#revenue-supplier-cost-and-margin): the two pages
 * count revenue the same way — the jobs' value on the job's day, in the account's currency — so
 * their numbers agree by construction.
 */
import type { Ctx } from '../../core/context.js';
import { loadRateBook } from '../exchange-rates/index.js';
import { margins } from './margins.js';

export interface MonthMargins {
  jobs: number;
  revenue: number;
  supplierCost: number;
  margin: number;
  unpricedOutsourcings: number;
  excludesUnconverted: boolean;
}

/** The margins totals of the jobs whose day is from `from` to `to` (days, both included), and the account's currency. */
export async function monthMargins(ctx: Ctx, ranges: Array<{ from: string; to: string }>): Promise<{ currency: string; totals: MonthMargins[] }> {
  const rates = await loadRateBook(ctx.db, ctx.accountId);
  const totals = await Promise.all(
    ranges.map(async (range) => {
      const result = await margins.run({ ctx, params: { by: 'client' }, filters: { from: range.from, to: range.to }, rates });
      const { jobs, revenue, supplierCost, margin, unpricedOutsourcings, excludesUnconverted } = result.totals as unknown as MonthMargins;
      return { jobs, revenue, supplierCost, margin, unpricedOutsourcings, excludesUnconverted };
    }),
  );
  return { currency: rates.accountCurrency, totals };
}
