/**
 * The price computation of a job or an outsourcing (docs/estimation.md), pure and exact.
 *
 * Rounding points (each half away from zero to the currency's minor unit, see docs/estimation.md):
 *   match line amount = round(value × rate)                    (matches basis only)
 *   S  = subtotal.amount  = round(base)
 *   E  = extraCharge.amount = round(S × percentage)            (from the rounded S)
 *   SD = subtotal.discount  = round(S × discount)
 *   ED = extraCharge.discount = round(E × discount)            (from the rounded E)
 *   subtotal.total = S − SD, extraCharge.total = E − ED, totalDetails.total = their sum (exact)
 * so that every figure shown is exactly what the figures next to it give.
 */
import { currency, Dec, roundRate } from '../../core/money.js';
import { checkCurrency, dec, HOUR_MS, milliseconds, money, plain, round } from './decimal.js';
import type { DecimalString, EstimationBasis, JobPricingInput, MatchLine, PriceEstimate, PricingInput } from './types.js';

/** Options that only a job has: time-based invoicing, minimum fee, non-billable. */
interface JobOnly {
  timeBased: { billableMs: number; unitCost: DecimalString } | null;
  minimumFee: DecimalString | null;
  nonBillable: boolean;
}

/** Estimation of a job: docs/estimation.md (minimum fee and non-billable included). */
export function estimateJobPrice(input: JobPricingInput): PriceEstimate {
  return estimate(input, {
    timeBased: input.timeBasedInvoice ? { billableMs: input.billableMs, unitCost: input.timeBasedUnitCost } : null,
    minimumFee: input.applyMinimumFee ? input.minimumFee : null,
    nonBillable: input.nonBillable,
  });
}

/** Amounts of an outsourcing: the same rules without minimum fee (docs/estimation.md#5-outsourcing). */
export function estimateOutsourcingPrice(input: PricingInput): PriceEstimate {
  return estimate(input, { timeBased: null, minimumFee: null, nonBillable: false });
}

/**
 * The effective rate of a match category (docs/prices.md#match-entries, docs/jobs.md#the-price-endpoint): `fixed` → the entry's unitCost;
 * `percentage` → unitCost × percentage; a category that the price does not define (entry
 * null/undefined) → the full rate, `unitCost` itself. Kept to 6 decimals.
 *
 * @param unitCost the unit cost of the price the job took (the job's `quantity.unitCost`)
 */
export function matchRate(
  matchesType: 'fixed' | 'percentage',
  unitCost: DecimalString,
  entry: { unitCost: DecimalString; percentage: DecimalString } | null | undefined,
): string {
  if (!entry) return plain(roundRate(dec(unitCost, 'unitCost')));
  if (matchesType === 'fixed') return plain(roundRate(dec(entry.unitCost, 'match unitCost')));
  return plain(roundRate(dec(unitCost, 'unitCost').times(dec(entry.percentage, 'match percentage'))));
}

function estimate(input: PricingInput, job: JobOnly): PriceEstimate {
  const code = checkCurrency(input.currency);
  const unitCost = roundRate(dec(input.unitCost, 'unitCost'));
  const quantity = dec(input.quantity, 'quantity');
  const percentage = dec(input.extraCharge, 'extraCharge');
  const discount = dec(input.discount, 'discount');
  const fixedPrice = input.fixedPrice === null ? null : dec(input.fixedPrice, 'fixedPrice');

  // docs/estimation.md#1-base-amount — the base amount: the first rule that applies.
  let basis: EstimationBasis;
  let base: Dec;
  let shownQuantity = quantity;
  let shownUnitCost = unitCost;
  let lines: MatchLine[] = [];
  if (fixedPrice !== null) {
    basis = 'fixedPrice';
    base = fixedPrice;
  } else if (job.timeBased) {
    basis = 'timeBased';
    const ms = milliseconds(job.timeBased.billableMs, 'billableMs');
    const hourly = roundRate(dec(job.timeBased.unitCost, 'timeBasedUnitCost'));
    // (ms × hourly) / 3 600 000: one division, exact enough at 40 digits (see docs).
    base = ms.times(hourly).div(HOUR_MS);
    shownQuantity = roundRate(ms.div(HOUR_MS));
    shownUnitCost = hourly;
  } else if (input.hasMatches) {
    basis = 'matches';
    let sum = new Dec(0);
    lines = input.matches.map((match, i) => {
      const value = dec(match.value, `matches[${i}].value`);
      const rate = roundRate(dec(match.rate, `matches[${i}].rate`));
      const amount = round(value.times(rate), code);
      sum = sum.plus(amount);
      return { id: match.id, name: match.name, value: plain(value), rate: plain(rate), amount: money(amount, code) };
    });
    // The sum of the rounded line amounts, so that the lines add up to the subtotal shown.
    base = sum;
  } else {
    basis = 'quantity';
    base = quantity.times(unitCost);
  }

  // docs/estimation.md#2-rounding-points — each figure rounded; every later step uses the rounded figure shown before it.
  const subtotalAmount = round(base, code);
  const extraChargeAmount = round(subtotalAmount.times(percentage), code);
  const subtotalDiscount = round(subtotalAmount.times(discount), code);
  const extraChargeDiscount = round(extraChargeAmount.times(discount), code);
  const subtotalTotal = subtotalAmount.minus(subtotalDiscount);
  const extraChargeTotal = extraChargeAmount.minus(extraChargeDiscount);
  const detailsTotal = subtotalTotal.plus(extraChargeTotal);

  // docs/estimation.md#3-minimum-fee-and-non-billable minimum fee (never with a fixed price) and docs/estimation.md#4-the-job-estimation-object-buildjobestimation non-billable.
  let total = detailsTotal;
  let minimumFeeApplied = false;
  if (job.nonBillable) {
    total = new Dec(0);
  } else if (fixedPrice === null && job.minimumFee !== null) {
    const fee = round(dec(job.minimumFee, 'minimumFee'), code);
    if (detailsTotal.lt(fee)) {
      total = fee;
      minimumFeeApplied = true;
    }
  }

  return {
    basis,
    base: plain(base),
    details: {
      currency: currency(code),
      discount: { amount: money(subtotalDiscount.plus(extraChargeDiscount), code), value: plain(discount) },
      extraCharge: { amount: money(extraChargeAmount, code), percentage: plain(percentage), type: 'percentage' },
      matches: lines,
      minimumFeeApplied,
      quantity: { value: plain(shownQuantity) },
      subtotal: money(subtotalAmount, code),
      total: money(total, code),
      totalDetails: {
        subtotal: {
          amount: money(subtotalAmount, code),
          discount: money(subtotalDiscount, code),
          total: money(subtotalTotal, code),
        },
        extraCharge: {
          amount: money(extraChargeAmount, code),
          discount: money(extraChargeDiscount, code),
          total: money(extraChargeTotal, code),
        },
        total: money(detailsTotal, code),
      },
      unitCost: plain(shownUnitCost),
    },
    total: money(total, code),
  };
}
