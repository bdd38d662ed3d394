import type { Ctx } from '../../core/context.js';
import { isTrue } from '../../core/db/dialect.js';
import { buildJobEstimation, type JobEstimation, type OutsourcingItem } from '../estimation/index.js';
import { applicablePrices, type ApplicablePrice, type PriceQuery } from '../prices/index.js';
import type { LanguagePairReference } from '../language-pairs/index.js';
import type { EstimationExtras } from './extensions.js';
import { pricingInput, takePrice, type NamedLine, type TakenPrice } from '../price-lines/index.js';
import type { JobRow } from './repository.js';

/**
 * Pricing of a job: which price it takes (docs/prices.md#which-price-applies, docs/jobs.md) and its stored estimation
 * (docs/estimation.md), computed from the job's inputs whenever one changes (store.ts) and never on reads.
 */
export interface JobCriteria {
  clientId: string;
  serviceId: string;
  unitId: string;
  currency: string;
  languagePairId: string | null;
  /** The reference of languagePairId when the caller has it (validated): not read again. */
  languagePair?: LanguagePairReference | null;
  domainId: string | null;
}

export interface JobPricing {
  main: TakenPrice;
  timeBased: { unitCost: string; priceId: string | null; priceType: string | null };
}

const query = (criteria: JobCriteria): PriceQuery => ({
  clientId: criteria.clientId,
  serviceId: criteria.serviceId,
  unitId: criteria.unitId,
  currency: criteria.currency,
  languagePairId: criteria.languagePairId,
  languagePair: criteria.languagePair ?? null,
  domainId: criteria.domainId,
});

export const criteriaOf = (row: Pick<JobRow, 'client_id' | 'service_id' | 'unit_id' | 'currency' | 'language_pair_id' | 'domain_id'>): JobCriteria => ({
  clientId: row.client_id,
  serviceId: row.service_id,
  unitId: row.unit_id,
  currency: row.currency,
  languagePairId: row.language_pair_id,
  domainId: row.domain_id,
});

/** The prices of docs/prices.md#which-price-applies for the criteria; with `hours`, for the unit flagged isHours instead (none without one). */
export function pricesFor(ctx: Ctx, criteria: JobCriteria, hours = false): Promise<ApplicablePrice[]> {
  return hours ? applicablePrices.forClientInHours(ctx, query(criteria)) : applicablePrices.forClient(ctx, query(criteria));
}

/** The first applicable price, and the first of the hours unit for time-based invoicing. */
export async function resolvePricing(ctx: Ctx, criteria: JobCriteria): Promise<JobPricing> {
  const { first, hourly } = await applicablePrices.firstForClient(ctx, query(criteria));
  const timeBased = takePrice(hourly);
  return { main: takePrice(first), timeBased: { unitCost: timeBased.unitCost, priceId: timeBased.priceId, priceType: timeBased.priceType } };
}

/** The columns a taken price sets. */
export function pricingColumns(pricing: JobPricing): Partial<JobRow> {
  return {
    unit_cost: pricing.main.unitCost,
    unit_cost_price_id: pricing.main.priceId,
    unit_cost_price_type: pricing.main.priceType,
    matches_type: pricing.main.matchesType,
    price_matches: JSON.stringify(pricing.main.entries),
    time_based_unit_cost: pricing.timeBased.unitCost,
    time_based_price_id: pricing.timeBased.priceId,
    time_based_price_type: pricing.timeBased.priceType,
  };
}

/** What the estimation of a job is computed from, besides its row. */
export interface EstimationInputs {
  lines: readonly NamedLine[];
  outsourcing: readonly OutsourcingItem[];
  client: { currency: string; minimum_fee: string | number | null } | undefined;
  extras: EstimationExtras;
  targetMargin: string;
  /** The job's day (exchange-rates' jobDay): its amounts convert with the rates of that day. */
  day?: string;
}

/** The estimation of a job from its stored inputs (pure). */
export function estimationFrom(row: JobRow, inputs: EstimationInputs): JobEstimation {
  const { client, extras } = inputs;
  return buildJobEstimation({
    pricing: {
      ...pricingInput(row, inputs.lines),
      timeBasedInvoice: isTrue(row.time_based_invoice),
      billableMs: extras.billableMs,
      timeBasedUnitCost: String(row.time_based_unit_cost),
      applyMinimumFee: isTrue(row.apply_minimum_fee),
      // docs/estimation.md#3-minimum-fee-and-non-billable: the client's minimum fee counts only when it is in the job currency.
      minimumFee: client && client.currency === row.currency && client.minimum_fee !== null ? String(client.minimum_fee) : null,
      nonBillable: isTrue(row.non_billable),
    },
    status: row.status,
    trackedMs: extras.trackedMs,
    outsourcing: inputs.outsourcing as OutsourcingItem[],
    targetMargin: inputs.targetMargin,
    ...(inputs.day !== undefined ? { day: inputs.day } : {}),
    fixedBy: extras.fixedBy,
  });
}
