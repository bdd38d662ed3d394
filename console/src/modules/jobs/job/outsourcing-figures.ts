import type { Answer } from '../../../shared/api/client';
import { t, type MessageKey } from '../../../shared/i18n';
import { formatDate, formatMoney, formatPercent } from '../../../shared/formatting/format';
import type { Job } from '../../../shared/api/job-query';
import { LIMITS } from '../../../shared/api/limits.gen';

/** Rates are written as everywhere in the console (ui/format.ts). */
export { formatRate } from '../../../shared/formatting/format';

/** The catalogue's text of a key built from an API code, or `fallback` for a code the catalogue lacks (t() answers undefined). */
function textOr(key: string, fallback: string): string {
  const text: string | undefined = t(key as MessageKey);
  return text ?? fallback;
}

/**
 * The pure side of the outsourcing section: how a supplier price, the job's cost and margin, and
 * an outsourcing's status are written (docs/jobs.md#outsourcing, docs/estimation.md#6-profitability-and-performance).
 */
export type Outsourcing = Job['outsourcing'][number];
export type SupplierPrice = Answer<'listJobSupplierPrices'>[number];

export const OUTSOURCING_STATUSES = [1, 2, 3, 4, 5, 6] as const;
export const CANCELLED = 5;
/** The API's bound on amounts (`Amount` of src/core/schemas.ts). */
export const MAX_AMOUNT = LIMITS.amount;

export function statusLabel(status: number): string {
  return textOr(`outsourcing.status.${status}`, String(status));
}

/** Badge colours per status; the text says the status too (colour is never the only signal). */
export function statusColor(status: number): string {
  return ({ 1: 'gray', 2: 'blue', 3: 'yellow', 4: 'green', 5: 'red', 6: 'orange' } as Record<number, string>)[status] ?? 'gray';
}

export interface ProfitabilityView {
  /** The job's total (revenue). */
  revenue: string;
  /** Σ non-cancelled outsourcing, per currency ("€80.00" or "€80.00 + $12.00"). */
  cost: string;
  /** Numeric statuses only: the margin, its rate and the target's verdict. */
  margin?: string;
  marginRate?: string;
  /** Absent when the account hides margins from the caller's role (docs/access.md#revenue-and-margins): the totals only. */
  status?: string;
  target?: string;
  /** For the non-numeric statuses: why there is no margin. */
  explanation?: string;
  /**
   * Figures converted to the account's currency (the job's and its outsourcing's currencies
   * differ): the converted total and cost, and the rates used, in words.
   */
  converted?: { currency: string; revenue: string; cost: string; rates: string };
  tone: 'good' | 'bad' | 'neutral';
}

const NUMERIC = new Set(['profitable', 'unprofitable', 'breakEven']);

/** The job's cost, margin and margin rate as the API computed them (`estimation.outsourcing`, `estimation.profitability`). */
export function profitabilityView(job: Job): ProfitabilityView {
  const { estimation } = job;
  const currency = estimation.currency?.code ?? job.currency.code;
  const revenue = formatMoney(estimation.total, currency);
  const totals = estimation.outsourcing.totals;
  const cost = totals.length === 0 ? formatMoney(0, currency) : totals.map((item) => formatMoney(item.total, item.currency.code)).join(' + ');
  const { profitability } = estimation;
  // Hidden from the caller's role (docs/access.md#revenue-and-margins): the job's total and its cost, prices the manager works with.
  if (profitability === undefined) return { revenue, cost, tone: 'neutral' };
  if (!NUMERIC.has(profitability.status)) {
    const missing = profitability.missing ?? [];
    return {
      revenue,
      cost,
      status: profitability.status,
      explanation:
        profitability.status === 'noExchangeRate' && missing.length > 0
          ? t('outsourcing.profitability.noExchangeRateFor', {
              missing: missing.map((item) => t('outsourcing.rateMissing', { currency: item.currency, date: formatDate(item.date) })).join(', '),
            })
          : textOr(`outsourcing.profitability.${profitability.status}`, profitability.status),
      tone: 'neutral',
    };
  }
  const target = profitability.withMargin.status;
  // The margin is in the currency of the figures compared: the account's when they were converted.
  const marginCurrency = profitability.currency?.code ?? currency;
  const rates = profitability.rates ?? [];
  return {
    revenue,
    cost,
    ...(rates.length > 0
      ? {
          converted: {
            currency: marginCurrency,
            revenue: formatMoney(profitability.revenue, marginCurrency),
            cost: formatMoney(profitability.cost, marginCurrency),
            rates: rates
              .map((rate) =>
                t('outsourcing.rateUsed', { account: marginCurrency, rate: String(rate.rate), currency: rate.currency, date: formatDate(rate.date) }),
              )
              .join('; '),
          },
        }
      : {}),
    margin: formatMoney(profitability.margin, marginCurrency),
    marginRate:
      profitability.marginRate === null || profitability.marginRate === undefined ? t('outsourcing.summary.noRate') : formatPercent(profitability.marginRate),
    status: textOr(`outsourcing.profitability.${profitability.status}`, profitability.status),
    target: textOr(`outsourcing.target.${target}`, target),
    tone: profitability.status === 'unprofitable' || target === 'belowTarget' ? 'bad' : profitability.status === 'profitable' ? 'good' : 'neutral',
  };
}

/** The suggested supplier price: the first applicable one (what the API takes when no price is sent), or none. */
export function suggestedPrice(prices: readonly SupplierPrice[] | undefined): SupplierPrice | null | undefined {
  if (prices === undefined) return undefined;
  return prices[0] ?? null;
}

/**
 * The unit cost to send when adding: none when the user kept the suggestion (so the outsourcing
 * records which price it took), the typed value otherwise.
 */
export function unitCostToSend(typed: number | string, suggested: SupplierPrice | null | undefined): number | undefined {
  if (typed === '' || typed === null) return undefined;
  const value = Number(typed);
  if (suggested && value === suggested.unitCost) return undefined;
  if (!suggested && value === 0) return undefined;
  return value;
}

/** A form value for an amount, as the API validates it (a number ≥ 0, at most 10^12); an error text or null. */
export function amountProblem(value: number | string, required: boolean): string | null {
  if (value === '' || value === null || value === undefined) return required ? t('outsourcing.invalid.amount') : null;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 && number <= MAX_AMOUNT ? null : t('outsourcing.invalid.amount');
}
