import { Dec, roundRate, toDecimalString } from '../../core/money.js';
import { invalid } from '../../core/errors.js';
import { matchRate, type MatchInput, type PricingInput } from '../estimation/index.js';
import type { ApplicablePrice } from '../prices/index.js';

/**
 * Match lines of a job or an outsourcing, pure.
 *
 * The price a job takes is frozen into it: its unit cost, its `matchesType` and its match entries
 * (`PriceEntry`, stored as JSON in `price_matches`). A line is a match category with a quantity
 * and the entry that gives its rate: the price's entry, an entry given on the price endpoint, or
 * none (a category the price does not define: the full rate, docs/jobs.md#the-price-endpoint).
 */
export type MatchesType = 'fixed' | 'percentage';

/** A match entry as in a price: the rate (`unitCost`) and the fraction of the unit cost. */
export interface PriceEntry {
  unitCost: string;
  percentage: string;
}

export interface FrozenEntry extends PriceEntry {
  id: string;
}

export interface Line {
  id: string;
  value: string;
  /** null: the full rate. */
  entry: PriceEntry | null;
}

export interface NamedLine extends Line {
  name: string;
}

/** A line as stored, with its place among the owner's lines. */
export interface StoredLine extends NamedLine {
  position: number;
}

/** What the pricing of a job or an outsourcing took from its applicable price (or nothing). */
export interface TakenPrice {
  unitCost: string;
  priceId: string | null;
  priceType: string | null;
  matchesType: MatchesType;
  entries: FrozenEntry[];
  /** The names of the entries' categories (not stored: an answer's lines are named without reading them). */
  names: ReadonlyMap<string, string>;
}

/** The first applicable price, frozen; unit cost 0, `fixed` and no entries when none applies. */
export function takePrice(price: ApplicablePrice | undefined): TakenPrice {
  if (!price) return { unitCost: '0', priceId: null, priceType: null, matchesType: 'fixed', entries: [], names: new Map() };
  return {
    unitCost: toDecimalString(price.unitCost),
    priceId: price.id,
    priceType: price.type,
    matchesType: price.matchesType,
    entries: price.matches.map((match) => ({ id: match.id, unitCost: toDecimalString(match.unitCost), percentage: toDecimalString(match.percentage) })),
    names: new Map(price.matches.map((match) => [match.id, match.name])),
  };
}

export function parseEntries(json: string): FrozenEntry[] {
  return JSON.parse(json) as FrozenEntry[];
}

/** The lines with their categories' names; undefined when a name is not among `names`. */
export function nameLines(lines: readonly Line[], names: ReadonlyMap<string, string>): NamedLine[] | undefined {
  const named: NamedLine[] = [];
  for (const line of lines) {
    const name = names.get(line.id);
    if (name === undefined) return undefined;
    named.push({ id: line.id, value: line.value, entry: line.entry, name });
  }
  return named;
}

/** Lines of a freshly taken price: its entries with quantity 0. */
export function linesOfPrice(entries: readonly FrozenEntry[]): Line[] {
  return entries.map((entry) => ({ id: entry.id, value: '0', entry: { unitCost: entry.unitCost, percentage: entry.percentage } }));
}

/** The lines after the price is taken again: same categories and quantities, the new price's rates. */
export function repriceLines(lines: readonly Line[], entries: readonly FrozenEntry[], hasMatches: boolean): Line[] {
  if (!hasMatches) return linesOfPrice(entries);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return lines.map((line) => {
    const entry = byId.get(line.id);
    return { id: line.id, value: line.value, entry: entry ? { unitCost: entry.unitCost, percentage: entry.percentage } : null };
  });
}

/** The effective rate of a line (docs/prices.md#match-entries, docs/jobs.md#the-price-endpoint), 6 decimals. */
export function lineRate(matchesType: MatchesType, unitCost: string, line: Pick<Line, 'entry'>): string {
  return matchRate(matchesType, unitCost, line.entry);
}

/**
 * `quantity.matches[]` of the object: the rate and the fraction shown as in a price (docs/prices.md#match-entries). The
 * same few rates and quantities come back on every job of a price, so the decimal work is
 * remembered by its inputs (bounded; it is a pure function of them).
 */
export function lineView(matchesType: MatchesType, unitCost: string, line: NamedLine) {
  const key = `${matchesType}|${unitCost}|${line.entry?.unitCost ?? '-'}|${line.entry?.percentage ?? '-'}|${line.value}`;
  let numbers = lineViews.get(key);
  if (numbers === undefined) {
    if (lineViews.size >= LINE_VIEW_CACHE) lineViews.clear();
    numbers = lineNumbers(matchesType, unitCost, line);
    lineViews.set(key, numbers);
  }
  return { id: line.id, name: line.name, percentage: numbers.percentage, unitCost: numbers.unitCost, value: numbers.value };
}

const LINE_VIEW_CACHE = 10_000;
const lineViews = new Map<string, { percentage: number; unitCost: number; value: number }>();

function lineNumbers(matchesType: MatchesType, unitCost: string, line: NamedLine) {
  const rate = new Dec(lineRate(matchesType, unitCost, line));
  let percentage: Dec;
  if (line.entry === null) percentage = new Dec(1);
  else if (matchesType === 'percentage') percentage = new Dec(line.entry.percentage);
  else {
    const base = new Dec(unitCost);
    percentage = base.isZero() ? new Dec(1) : rate.div(base).toDecimalPlaces(4, Dec.ROUND_HALF_UP);
  }
  return { percentage: percentage.toNumber(), unitCost: rate.toNumber(), value: new Dec(line.value).toNumber() };
}

/** Lines as inputs of the estimation engine. */
export function engineMatches(matchesType: MatchesType, unitCost: string, lines: readonly NamedLine[]): MatchInput[] {
  return lines.map((line) => ({ id: line.id, name: line.name, value: line.value, rate: lineRate(matchesType, unitCost, line) }));
}

/** The pricing columns that jobs and outsourcing share (stored decimals, 0/1 flags). */
export interface PricedRow {
  currency: string;
  fixed_price: string | number | null;
  has_matches: number;
  matches_type: MatchesType;
  unit_cost: string | number;
  quantity: string | number;
  extra_charge: string | number;
  discount: string | number;
}

/** The engine's pricing input of a job or an outsourcing row and its lines (docs/estimation.md). */
export function pricingInput(row: PricedRow, lines: readonly NamedLine[]): PricingInput {
  return {
    currency: row.currency,
    fixedPrice: row.fixed_price === null ? null : String(row.fixed_price),
    hasMatches: row.has_matches === 1,
    matches: engineMatches(row.matches_type, String(row.unit_cost), lines),
    quantity: String(row.quantity),
    unitCost: String(row.unit_cost),
    extraCharge: String(row.extra_charge),
    discount: String(row.discount),
  };
}

/** One entry of the `matches` parameter of the price endpoint (docs/jobs.md#the-price-endpoint). */
export interface MatchParam {
  id: string;
  value: number;
  unitCost?: number;
  percentage?: number;
}

/**
 * Lines from the `matches` parameter: each category once; its rate is the one sent (the field of
 * the job's `matchesType`: `unitCost` when fixed, `percentage` when percentage; the other field is
 * refused), else the frozen price entry of the category, else the full rate.
 */
export function linesFromParams(params: readonly MatchParam[], matchesType: MatchesType, unitCost: string, frozen: readonly FrozenEntry[]): Line[] {
  const byId = new Map(frozen.map((entry) => [entry.id, entry]));
  const seen = new Set<string>();
  return params.map((param, i) => {
    if (seen.has(param.id)) throw invalid(`matches[${i}][id]`, `match category ${param.id} is given twice`);
    seen.add(param.id);
    const value = toDecimalString(param.value);
    if (matchesType === 'fixed' && param.percentage !== undefined) {
      throw invalid(`matches[${i}][percentage]`, 'matchesType is fixed: give the rate as unitCost');
    }
    if (matchesType === 'percentage' && param.unitCost !== undefined) {
      throw invalid(`matches[${i}][unitCost]`, 'matchesType is percentage: give the rate as percentage');
    }
    if (param.unitCost !== undefined) {
      const rate = roundRate(param.unitCost);
      const base = new Dec(unitCost);
      return { id: param.id, value, entry: { unitCost: rate.toFixed(), percentage: base.isZero() ? '1' : rate.div(base).toFixed() } };
    }
    if (param.percentage !== undefined) {
      const percentage = new Dec(param.percentage);
      return { id: param.id, value, entry: { unitCost: roundRate(new Dec(unitCost).times(percentage)).toFixed(), percentage: percentage.toFixed() } };
    }
    const entry = byId.get(param.id);
    return { id: param.id, value, entry: entry ? { unitCost: entry.unitCost, percentage: entry.percentage } : null };
  });
}

/** Σ values of the lines: the quantity of a job with matches. */
export function sumOfLines(lines: readonly Line[]): string {
  return lines.reduce((sum, line) => sum.plus(line.value), new Dec(0)).toFixed();
}

/** The price reference of the object, present when a price was taken. */
export function priceReference(id: string | null, type: string | null): { id: string; type: string } | undefined {
  return id === null || type === null ? undefined : { id, type };
}
