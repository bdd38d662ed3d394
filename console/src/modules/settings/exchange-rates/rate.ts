import type { MessageKey } from '../../../shared/i18n';
import { t } from '../../../shared/i18n';
import { formatNumber } from '../../../shared/formatting/format';
import { normalizeDecimal, plainDecimal } from '../../../shared/formatting/decimal';
import { LIMITS } from '../../../shared/api/limits.gen';

/**
 * A rate's checks, as the API makes them (docs/exchange-rates.md#rates), so that a form refuses
 * before sending what the API would refuse.
 */

/** A real day written `YYYY-MM-DD` (no 2026-02-30). */
export function dateError(text: string): MessageKey | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return 'rates.error.date';
  const day = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text ? 'rates.error.date' : null;
}

/** An ISO 4217 code the browser knows, other than the account currency. */
export function currencyError(code: string | null, accountCurrency: string | undefined, known: readonly string[]): MessageKey | null {
  if (!code) return 'rates.error.currencyRequired';
  if (code === accountCurrency) return 'rates.error.accountCurrency';
  return known.includes(code) ? null : 'rates.error.currency';
}

/** Greater than 0, at most 10¹², at most 15 significant digits (beyond that a JSON number no longer holds it). */
export function rateError(text: string): MessageKey | null {
  const normalised = normalizeDecimal(text);
  if (!/^\d+(\.\d+)?$/.test(normalised)) return 'rates.error.rate';
  const value = Number(normalised);
  if (!(value > 0) || value > LIMITS.amount) return 'rates.error.rate';
  const digits = normalised.replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return digits.length > 15 ? 'rates.error.digits' : null;
}

/** The typed rate as the JSON number sent (checked by rateError first). */
export const rateValue = (text: string) => Number(normalizeDecimal(text));

/** A rate as the text of its field, without an exponent. */
export const rateText = (rate: number) => plainDecimal(rate);

/** "1 EUR = 1.0856 USD": the way the ECB writes its reference rates, every decimal kept. */
export const rateSentence = (accountCurrency: string, rate: number, currency: string) =>
  t('rates.field.ratePreview', { account: accountCurrency, rate: formatNumber(rate, 15), currency });
