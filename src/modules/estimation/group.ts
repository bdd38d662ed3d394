/** Group estimation (docs/estimation.md#7-group-estimation): a pure aggregation of the jobs' stored estimations. */
import { currency, Dec } from '../../core/money.js';
import { checkCurrency, dec, money, plain } from './decimal.js';
import { mergeOutsourcing } from './outsourcing.js';
import { byCurrencyAndDay, convertedProfitability, needsRates, noRates } from './conversion.js';
import { nonNumeric } from './margin.js';
import { JOB_CANCELLED, type GroupEstimation, type GroupEstimationInput, type Profitability } from './types.js';

/**
 * - currency: the group's, else the currency of its first non-cancelled job; shown when the group
 *   has a non-cancelled ("priced") job;
 * - total / totalInvoiced: exact sums over the non-cancelled jobs in that currency (a job's null
 *   totalInvoiced counts 0); jobs in another currency are left out;
 * - totalTime: tracked ms of all the group's jobs (cancelled ones too: the time was spent);
 * - outsourcing: suppliers and per-currency totals of the non-cancelled jobs;
 * - profitability: incorrectStatus when no job is both non-cancelled and billable; noOutsourcing
 *   when none of them is outsourced; unpriced when one of their outsourcing has no price; else
 *   revenue = Σ the jobs' totals and cost = Σ their outsourcing totals, each at its job's day,
 *   in one currency or converted (conversion.ts; `amounts` kept for the view to convert).
 */
export function buildGroupEstimation(input: GroupEstimationInput): GroupEstimation {
  const live = input.jobs.filter((job) => job.status !== JOB_CANCELLED);
  const code = input.currency !== null ? checkCurrency(input.currency) : (live[0]?.estimation.currency.code ?? null);
  const counted = live.filter((job) => job.estimation.currency.code === code);
  let total = new Dec(0);
  let totalInvoiced = new Dec(0);
  counted.forEach((job, i) => {
    total = total.plus(dec(job.estimation.total, `jobs[${i}].estimation.total`));
    if (job.estimation.totalInvoiced !== null) {
      totalInvoiced = totalInvoiced.plus(dec(job.estimation.totalInvoiced, `jobs[${i}].estimation.totalInvoiced`));
    }
  });
  const totalTime = input.jobs.reduce((sum, job) => sum + job.trackedMs, 0);
  const outsourcing = mergeOutsourcing(live.map((job) => job.estimation.outsourcing));

  let profitability: Profitability;
  let amounts: GroupEstimation['amounts'];
  if (!live.some((job) => !job.nonBillable)) {
    profitability = nonNumeric('incorrectStatus');
  } else if (code === null) {
    profitability = nonNumeric('noCurrency');
  } else if (outsourcing.totals.length === 0) {
    profitability = nonNumeric('noOutsourcing');
  } else if ((outsourcing.unpriced ?? 0) > 0) {
    profitability = nonNumeric('unpriced');
  } else {
    // Each job's revenue and costs at its own day (a non-billable job adds its costs and no revenue).
    const basis = {
      currency: code,
      revenue: byCurrencyAndDay(live.map((job) => ({ currency: job.estimation.currency.code, day: job.day ?? '', amount: job.estimation.total }))),
      cost: byCurrencyAndDay(
        live.flatMap((job) => job.estimation.outsourcing.totals.map((entry) => ({ currency: entry.currency.code, day: job.day ?? '', amount: entry.total }))),
      ),
    };
    profitability = convertedProfitability(basis, input.targetMargin, input.rates ?? noRates(code));
    if (needsRates(basis)) amounts = { revenue: basis.revenue, cost: basis.cost };
  }

  const format = (value: Dec): string => (code === null ? plain(value) : money(value, code));
  return {
    ...(code !== null && live.length > 0 ? { currency: currency(code) } : {}),
    isV2: true,
    outsourcing,
    profitability,
    total: format(total),
    totalInvoiced: format(totalInvoiced),
    totalTime,
    ...(amounts ? { amounts } : {}),
  };
}
