/** The whole `estimation` object of a job (docs/estimation.md), composed from the pure parts. */
import { currency } from '../../core/money.js';
import { dec, money } from './decimal.js';
import { estimateJobPrice } from './engine.js';
import { summarizeOutsourcing } from './outsourcing.js';
import { jobPerformance, jobProfitability } from './profitability.js';
import type { EstimationType, JobEstimation, JobEstimationInput } from './types.js';

/**
 * The job's estimation: the computed price (docs/estimation.md), unless an invoice line (`invoiced`: total
 * = totalInvoiced = the line total) or an accepted quote line (`quote`: total = the line total)
 * fixes it; `details.total` always equals `total`. Outsourcing summary (docs/estimation.md#5-outsourcing), profitability and
 * performance (docs/estimation.md#6-profitability-and-performance) use that total as the revenue.
 */
export function buildJobEstimation(input: JobEstimationInput): JobEstimation {
  const { pricing } = input;
  const code = pricing.currency;
  const price = estimateJobPrice(pricing);
  let total = price.total;
  let totalInvoiced: string | null = null;
  let type: EstimationType = 'estimation';
  if (input.fixedBy) {
    type = input.fixedBy.type;
    total = money(dec(input.fixedBy.total, 'fixedBy.total'), code);
    if (type === 'invoiced') totalInvoiced = total;
  }
  return {
    currency: currency(code),
    details: { ...price.details, total },
    isV2: true,
    outsourcing: summarizeOutsourcing(input.outsourcing),
    performance: jobPerformance({ currency: code, revenue: total, trackedMs: input.trackedMs }),
    profitability: jobProfitability(
      {
        status: input.status,
        nonBillable: pricing.nonBillable,
        currency: code,
        revenue: total,
        outsourcing: input.outsourcing,
        targetMargin: input.targetMargin,
        ...(input.day !== undefined ? { day: input.day } : {}),
      },
      input.rates,
    ),
    total,
    totalInvoiced,
    type,
  };
}
