/**
 * Types of the estimation engine (docs/estimation.md). Everything here is plain JSON: amounts, rates and
 * quantities are decimal strings (exact, never binary floats); the HTTP layer turns them into
 * numbers at the edge. See docs/estimation.md for the formulas and rounding points.
 */
import type { Currency, Dec } from '../../core/money.js';

export type { Currency };

/** A decimal number written as a string: "12.5", "0.085", "-0.1", "1e-3". */
export type DecimalString = string;

export interface Reference {
  id: string;
  name: string;
}

/** Job status (specification): 1 not started … 5 cancelled, 6 on hold. */
export const JOB_CANCELLED = 5;
/** Outsourcing status (docs/jobs.md#outsourcing): 5 cancelled. */
export const OUTSOURCING_CANCELLED = 5;

// ---------------------------------------------------------------------------------------------
// Inputs of the price computation (docs/estimation.md)
// ---------------------------------------------------------------------------------------------

/** One match line of a job or outsourcing: the quantity in a category and its effective rate. */
export interface MatchInput {
  /** Match category id. */
  id: string;
  name: string;
  /** Quantity in the category. */
  value: DecimalString;
  /** Effective unit rate (docs/prices.md#match-entries), see `matchRate`. Kept to 6 decimals (rounded if longer). */
  rate: DecimalString;
}

/** What an outsourcing (docs/estimation.md#5-outsourcing) and a job have in common. */
export interface PricingInput {
  /** ISO 4217 code of the job's (outsourcing's) currency. */
  currency: string;
  /** Fixed price amount, or null when none is set. */
  fixedPrice: DecimalString | null;
  hasMatches: boolean;
  matches: MatchInput[];
  /** `quantity.value`. */
  quantity: DecimalString;
  /** `quantity.unitCost`; kept to 6 decimals. */
  unitCost: DecimalString;
  /** `extraCharge.percentage`, a fraction (0.1 = 10 %). */
  extraCharge: DecimalString;
  /** `discount`, a fraction between −1 and 1. */
  discount: DecimalString;
}

export interface JobPricingInput extends PricingInput {
  timeBasedInvoice: boolean;
  /** Sum of the durations of the billable, stopped time tracker entries (ms). */
  billableMs: number;
  /** `quantity.timeBasedUnitCost` (price of the hours unit); kept to 6 decimals. */
  timeBasedUnitCost: DecimalString;
  applyMinimumFee: boolean;
  /** The client's minimum fee when it is in the job currency, else null. */
  minimumFee: DecimalString | null;
  nonBillable: boolean;
}

// ---------------------------------------------------------------------------------------------
// Output of the price computation
// ---------------------------------------------------------------------------------------------

/** Which rule of docs/estimation.md#1-base-amount gave the base amount. */
export type EstimationBasis = 'fixedPrice' | 'timeBased' | 'matches' | 'quantity';

export interface MatchLine {
  id: string;
  name: string;
  value: string;
  rate: string;
  /** value × rate, rounded to the minor unit. */
  amount: string;
}

export interface TotalDetailsPart {
  amount: string;
  discount: string;
  total: string;
}

export interface TotalDetails {
  subtotal: TotalDetailsPart;
  extraCharge: TotalDetailsPart;
  total: string;
}

/** `estimation.details` (specification, Job estimation). The jobs module adds
 *  `quantity.quantityType` and `service`. */
export interface EstimationDetails {
  currency: Currency;
  discount: { amount: string; value: string };
  extraCharge: { amount: string; percentage: string; type: 'percentage' };
  matches: MatchLine[];
  minimumFeeApplied: boolean;
  quantity: { value: string };
  subtotal: string;
  total: string;
  totalDetails: TotalDetails;
  unitCost: string;
}

export interface PriceEstimate {
  basis: EstimationBasis;
  /** The amount that `totalDetails.subtotal.amount` is the rounding of (see docs/estimation.md). */
  base: string;
  details: EstimationDetails;
  /** The estimation total: totalDetails.total, or the minimum fee, or 0 when non-billable. */
  total: string;
}

// ---------------------------------------------------------------------------------------------
// Outsourcing summary, profitability, performance (docs/estimation.md#5-outsourcing, docs/estimation.md#6-profitability-and-performance)
// ---------------------------------------------------------------------------------------------

/** One outsourcing of a job, with its computed total (`estimateOutsourcingPrice(...).total`). */
export interface OutsourcingItem {
  status: number;
  supplier: Reference;
  currency: string;
  total: DecimalString;
  /**
   * No price for its supplier: no supplier price applied (unit cost 0 without a price reference)
   * and no fixed price. Its total is no cost (profitability `unpriced`).
   */
  unpriced?: boolean;
}

export interface CurrencyTotal {
  currency: Currency;
  total: string;
}

/** `estimation.outsourcing`: distinct suppliers and totals per currency, non-cancelled only. */
export interface OutsourcingSummary {
  suppliers: Reference[];
  totals: CurrencyTotal[];
  /** How many of the non-cancelled outsourcing are unpriced; stored only when some are (not shown). */
  unpriced?: number;
}

export type NonNumericStatus = 'incorrectStatus' | 'noCurrency' | 'noOutsourcing' | 'unpriced' | 'noExchangeRate';
export type NumericStatus = 'profitable' | 'unprofitable' | 'breakEven';
export type ProfitabilityStatus = NonNumericStatus | NumericStatus;
export type MarginStatus = 'aboveTarget' | 'belowTarget';

/** A rate that was needed and not found: the currency and the day (`YYYY-MM-DD`). */
export interface RateWanted {
  currency: string;
  date: string;
}

/** A rate used: the currency, the day it was recorded for (on or before the day asked) and the rate. */
export interface RateApplied {
  currency: string;
  date: string;
  rate: string;
}

export type Profitability =
  | { status: Exclude<NonNumericStatus, 'noExchangeRate'>; withMargin: { status: NonNumericStatus } }
  | { status: 'noExchangeRate'; withMargin: { status: 'noExchangeRate' }; missing: RateWanted[] }
  | {
      status: NumericStatus;
      /** revenue − cost, in the currency's minor unit. */
      margin: string;
      /** margin / revenue rounded to 4 decimals; null when revenue is 0. */
      marginRate: string | null;
      withMargin: { status: MarginStatus };
      /** The revenue and the cost compared, in `currency` (converted when they were in several). */
      revenue?: string;
      cost?: string;
      currency?: Currency;
      /** The rates used to convert (none when everything was in one currency). */
      rates?: RateApplied[];
    };

/** An amount in a currency, dated with the day it converts on (`YYYY-MM-DD`). */
export interface DatedAmount {
  currency: string;
  day: string;
  amount: DecimalString;
}

/** What a profitability compares: revenue and cost amounts per currency and day. */
export interface ProfitabilityBasis {
  revenue: DatedAmount[];
  cost: DatedAmount[];
  /** The currency of the figures when every amount is zero. */
  currency: string;
}

/**
 * The exchange rates of an account (the rate book of docs/exchange-rates.md): an amount in the
 * account's currency on a day, rounded to its minor unit, with the rate used (null in the
 * account's own currency); null when no rate is known for that day.
 */
export interface RateLookup {
  readonly accountCurrency: string;
  toAccount(amount: string, currency: string, day: string): { value: Dec; rate: RateApplied | null } | null;
}

export type Performance = { status: 'noTimeTracked' } | { status: 'tracked'; revenuePerHour: string };

export interface ProfitabilityInput {
  /** Job status (5 = cancelled). */
  status: number;
  nonBillable: boolean;
  /** The job's price currency, or null when it has none. */
  currency: string | null;
  /** The job's estimation total. */
  revenue: DecimalString;
  outsourcing: Array<Pick<OutsourcingItem, 'status' | 'currency' | 'total' | 'unpriced'>>;
  /** Account `targetMargin`, a fraction (0.3 = 30 %). */
  targetMargin: DecimalString;
  /** The job's day (`YYYY-MM-DD`, docs/estimation.md#6-profitability-and-performance): the rates of that day convert. */
  day?: string;
}

export interface PerformanceInput {
  currency: string;
  revenue: DecimalString;
  /** Sum of the stored durations of all entries, billable or not (ms). */
  trackedMs: number;
}

// ---------------------------------------------------------------------------------------------
// The whole job estimation object (docs/estimation.md#4-the-job-estimation-object-buildjobestimation)
// ---------------------------------------------------------------------------------------------

export type EstimationType = 'estimation' | 'invoiced' | 'quote';

export interface JobEstimationInput {
  pricing: JobPricingInput;
  status: number;
  /** All entries' stored durations (ms). */
  trackedMs: number;
  outsourcing: OutsourcingItem[];
  targetMargin: DecimalString;
  /** The job's day (`YYYY-MM-DD`): its due date, else its creation day. */
  day?: string;
  /** The rates to convert with; without, the job's currency is the only one known (the stored estimation). */
  rates?: RateLookup;
  /** Set when an invoice line (`invoiced`) or an accepted quote line (`quote`) fixes the total. */
  fixedBy?: { type: 'invoiced' | 'quote'; total: DecimalString } | null;
}

export interface JobEstimation {
  currency: Currency;
  details: EstimationDetails;
  isV2: true;
  outsourcing: OutsourcingSummary;
  performance: Performance;
  profitability: Profitability;
  total: string;
  totalInvoiced: string | null;
  type: EstimationType;
}

// ---------------------------------------------------------------------------------------------
// Group estimation (docs/estimation.md#7-group-estimation)
// ---------------------------------------------------------------------------------------------

export interface GroupJobInput {
  status: number;
  /** The job's day (`YYYY-MM-DD`): its due date, else its creation day. */
  day?: string;
  nonBillable: boolean;
  /** All entries' stored durations (ms). */
  trackedMs: number;
  /** The job's stored estimation. */
  estimation: Pick<JobEstimation, 'currency' | 'total' | 'totalInvoiced' | 'outsourcing'>;
}

export interface GroupEstimationInput {
  /** The group's currency code, or null when the group has none. */
  currency: string | null;
  targetMargin: DecimalString;
  jobs: GroupJobInput[];
  /** The rates to convert with; without, the group's currency is the only one known (the stored estimation). */
  rates?: RateLookup;
}

export interface GroupEstimation {
  /** Present when the group has priced (non-cancelled) jobs. */
  currency?: Currency;
  isV2: true;
  outsourcing: OutsourcingSummary;
  profitability: Profitability;
  total: string;
  totalInvoiced: string;
  totalTime: number;
  /**
   * Stored only when the group's revenue and costs are in several currencies: the amounts per
   * currency and job day that its view converts with the account's rates (not shown).
   */
  amounts?: { revenue: DatedAmount[]; cost: DatedAmount[] };
}
