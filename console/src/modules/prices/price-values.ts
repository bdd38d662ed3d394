import { t } from '../../shared/i18n';
import { fractionToPercentText, normalizeDecimal, plainDecimal, shiftDecimal } from '../../shared/formatting/decimal';
import { formatNumber, formatPercent, formatRate } from '../../shared/formatting/format';
import { LIMITS } from '../../shared/api/limits.gen';

/**
 * The price grid's rules and conversions, pure (tested in test/console/prices/price-values.test.ts):
 * the limits of the price and match schemas (src/modules/prices/schemas.ts: unit costs from 0 to
 * 10¹², 6 decimals kept; percentages 0 to 10 as fractions, shown and typed as 0 to 1 000 %), and
 * the summaries of match rates. Amounts stay decimal text until they are sent: no float arithmetic.
 */
export type MatchesType = 'fixed' | 'percentage';

/** A match entry as the API answers it: `percentage` a fraction (1 = 100 %), `unitCost` the rate. */
export interface MatchEntry {
  id: string;
  name: string;
  percentage: number;
  unitCost: number;
}

export const UNIT_COST_MAX = String(LIMITS.amount);
const DECIMAL = /^\d+(\.\d+)?$/;

/** A unit cost (a price's or a fixed rate's): a decimal from 0 to 10¹², at most 6 decimals. */
export function unitCostError(text: string): string | null {
  const value = normalizeDecimal(text);
  if (value === '') return t('prices.rule.required');
  if (value.startsWith('-')) return t('prices.rule.notNegative');
  if (!DECIMAL.test(value)) return t('prices.rule.decimal');
  if ((value.split('.')[1] ?? '').length > 6) return t('prices.rule.decimals', { max: 6 });
  if (compareDecimals(value, UNIT_COST_MAX) > 0) return t('prices.rule.max', { max: formatNumber(LIMITS.amount) });
  return null;
}

/** A percentage as typed (30 for 30 %): from 0 to 1 000 %, at most 4 decimals. */
export function percentError(text: string): string | null {
  const value = normalizeDecimal(text).replace(/%$/, '');
  if (value === '') return t('prices.rule.required');
  if (value.startsWith('-')) return t('prices.rule.notNegative');
  if (!DECIMAL.test(value)) return t('prices.rule.decimal');
  if ((value.split('.')[1] ?? '').length > 4) return t('prices.rule.decimals', { max: 4 });
  if (compareDecimals(value, '1000') > 0) return t('prices.rule.percentMax');
  return null;
}

/** Compares two non-negative decimal texts exactly. */
export function compareDecimals(a: string, b: string): number {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const aInt = ai.replace(/^0+(?=\d)/, '');
  const bInt = bi.replace(/^0+(?=\d)/, '');
  if (aInt.length !== bInt.length) return aInt.length < bInt.length ? -1 : 1;
  if (aInt !== bInt) return aInt < bInt ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const aFrac = af.padEnd(width, '0');
  const bFrac = bf.padEnd(width, '0');
  return aFrac === bFrac ? 0 : aFrac < bFrac ? -1 : 1;
}

/** The fraction the API takes for a typed percentage: '30' → 0.3, '33.3' → 0.333 (exact). */
export const percentToFraction = (text: string) => Number(shiftDecimal(text.replace(/%$/, ''), -2));

/** The percentage to type for a fraction the API answered: 0.3 → '30'. */
export const fractionToPercent = fractionToPercentText;

/** The value of a rate in its price's mode, as typed in its editor: a percentage or an amount. */
export const rateInput = (type: MatchesType, entry: Pick<MatchEntry, 'percentage' | 'unitCost'>) =>
  type === 'percentage' ? fractionToPercent(entry.percentage) : plainDecimal(entry.unitCost);

export const rateError = (type: MatchesType, text: string) => (type === 'percentage' ? percentError(text) : unitCostError(text));

/** The body of a rate's add or update: only the field of the price's mode (the API refuses the other). */
export const rateBody = (type: MatchesType, text: string) =>
  type === 'percentage' ? { percentage: percentToFraction(text) } : { unitCost: Number(normalizeDecimal(text)) };

/** One rate as read: "30 % (€0.036)" in percentage mode, "€0.036 (30 %)" in fixed mode. */
export function formatRateEntry(type: MatchesType, entry: Pick<MatchEntry, 'percentage' | 'unitCost'>, currency: string): string {
  const percent = formatPercent(entry.percentage);
  const amount = formatRate(entry.unitCost, currency);
  return type === 'percentage' ? `${percent} (${amount})` : `${amount} (${percent})`;
}

/** The rates of a price in one line for its row: "100%: 30 % · 95–99%: 60 % · 2 more", or "No match rates". */
export function ratesSummary(type: MatchesType, matches: readonly MatchEntry[], currency: string, shown = 3): string {
  if (matches.length === 0) return t('prices.rates.none');
  const value = (entry: MatchEntry) => (type === 'percentage' ? formatPercent(entry.percentage) : formatRate(entry.unitCost, currency));
  const parts = matches.slice(0, shown).map((entry) => `${entry.name}: ${value(entry)}`);
  if (matches.length > shown) parts.push(t('prices.rates.more', { count: matches.length - shown }));
  return parts.join(' · ');
}

/** The fields of a new price, as the add form holds them. */
export type NewPriceValues = {
  service: string | null;
  quantityType: string | null;
  languagePair: string | null;
  domain: string | null;
  currency: string | null;
  unitCost: string;
  matchesType: MatchesType;
  client: string | null;
  hasPrice: boolean;
  /** The rate typed for each match category, by id, in the price's mode ('' = none: the full rate). */
  rates: Record<string, string>;
};

export const EMPTY_PRICE: NewPriceValues = {
  service: null,
  quantityType: null,
  languagePair: null,
  domain: null,
  currency: null,
  unitCost: '',
  matchesType: 'percentage',
  client: null,
  hasPrice: true,
  rates: {},
};

const required = (value: string | null) => (value ? null : t('prices.rule.required'));

/**
 * The add form's rules: those of the create schemas (service, unit, currency, unit cost and mode
 * required; each rate typed is checked in the price's mode, a rate left empty is not sent).
 */
export function validateNewPrice(values: NewPriceValues): Record<string, string | null> {
  const errors: Record<string, string | null> = {
    service: required(values.service),
    quantityType: required(values.quantityType),
    currency: required(values.currency),
    unitCost: unitCostError(values.unitCost),
  };
  for (const [id, text] of Object.entries(values.rates)) {
    if (normalizeDecimal(text) !== '') errors[`rates.${id}`] = rateError(values.matchesType, text);
  }
  return errors;
}

/** The `matches` of the create body: the rates typed, in the categories' order. */
export function newPriceMatches(values: NewPriceValues, order: readonly string[]) {
  return order.filter((id) => normalizeDecimal(values.rates[id] ?? '') !== '').map((id) => ({ match: id, ...rateBody(values.matchesType, values.rates[id]!) }));
}

/** The create body: optional references only when chosen; `client` and `hasPrice` only for the owners that take them. */
export function newPriceBody(values: NewPriceValues, fields: { client: boolean; hasPrice: boolean }, order: readonly string[] = []) {
  const matches = newPriceMatches(values, order);
  return {
    service: values.service!,
    quantityType: values.quantityType!,
    currency: values.currency!,
    unitCost: Number(normalizeDecimal(values.unitCost)),
    matchesType: values.matchesType,
    ...(values.languagePair ? { languagePair: values.languagePair } : {}),
    ...(values.domain ? { domain: values.domain } : {}),
    ...(fields.client && values.client ? { client: values.client } : {}),
    ...(fields.hasPrice ? { hasPrice: values.hasPrice } : {}),
    ...(matches.length > 0 ? { matches } : {}),
  };
}
