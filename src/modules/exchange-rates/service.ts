import type { Ctx } from '../../core/context.js';
import { isUniqueViolation } from '../../core/db/dialect.js';
import { nowIso } from '../../core/dates.js';
import { isValidDateInput } from '../../core/dates.js';
import { ApiError, exists, invalid, notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { Dec } from '../../core/money.js';
import { withItems, type Page } from '../../core/pagination.js';
import { accountRates, fetchEcb, RateSourceError, type EcbDay } from './ecb.js';
import type { RateUsed } from './rate-book.js';
import { exchangeRateRepository as repo, type ExchangeRateRow } from './repository.js';
import type { CreateExchangeRateInput, ExchangeRateListQuery, ExchangeRateObject, ImportResultObject, UpdateExchangeRateInput } from './schemas.js';

/** Beyond 15 significant digits a JSON number no longer holds what was written: refused rather than stored rounded. */
const MAX_DIGITS = 15;

export function toExchangeRateObject(row: ExchangeRateRow): ExchangeRateObject {
  return {
    id: row.id,
    date: row.date,
    currency: row.currency,
    rate: Number(row.rate),
    source: row.source,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function accountCurrency(ctx: Ctx): Promise<string> {
  const account = await ctx.db.selectFrom('accounts').select('currency').where('id', '=', ctx.accountId).executeTakeFirstOrThrow();
  return account.currency;
}

async function load(ctx: Ctx, id: string): Promise<ExchangeRateRow> {
  const row = await repo.find(ctx.db, ctx.accountId, id);
  if (!row) throw notFound('exchange rate', id);
  return row;
}

function checkedDate(date: string): string {
  if (!isValidDateInput(date)) throw invalid('date', `"${date}" is not a day of the calendar (YYYY-MM-DD)`);
  return date;
}

async function checkedCurrency(ctx: Ctx, currency: string): Promise<string> {
  const own = await accountCurrency(ctx);
  if (currency === own) throw invalid('currency', `${currency} is the account currency: it has no rate against itself`);
  return currency;
}

function checkedRate(rate: number): string {
  const text = new Dec(rate).toFixed();
  if (new Dec(rate).precision(false) > MAX_DIGITS) throw invalid('rate', `at most ${MAX_DIGITS} significant digits (got ${text})`);
  return text;
}

const duplicate = (currency: string, date: string) => exists(`An exchange rate of ${currency} on ${date} already exists: change it (PUT) instead`);

async function assertFree(ctx: Ctx, currency: string, date: string, except?: string): Promise<void> {
  const other = await repo.findDay(ctx.db, ctx.accountId, currency, date);
  if (other && other.id !== except) throw duplicate(currency, date);
}

/**
 * The source is misconfigured or answered something else than rates: a 409, never a 5xx. The message
 * is read by users of the console: it says what happened in words, and the server's log names the
 * setting (docs/operations.md#configuration).
 */
const sourceFailed = (url: string, reason: string) =>
  new ApiError('state_conflict', `The exchange rate source (${url}) failed: ${reason}; nothing was imported`);

export const exchangeRates = {
  async list(ctx: Ctx, query: ExchangeRateListQuery): Promise<Page<ExchangeRateObject>> {
    const { currency, source, dateFrom, dateTo, ...request } = query;
    const page = await repo.page(ctx.db, ctx.accountId, { currency, source, dateFrom, dateTo }, { ...request, sort: request.sort ?? 'date' });
    return withItems(page, async (ids) => new Map((await repo.findMany(ctx.db, ctx.accountId, ids)).map((row) => [row.id, toExchangeRateObject(row)])));
  },

  async get(ctx: Ctx, id: string): Promise<ExchangeRateObject> {
    return toExchangeRateObject(await load(ctx, id));
  },

  async create(ctx: Ctx, input: CreateExchangeRateInput): Promise<ExchangeRateObject> {
    const date = checkedDate(input.date);
    const currency = await checkedCurrency(ctx, input.currency);
    const rate = checkedRate(input.rate);
    await assertFree(ctx, currency, date);
    const now = nowIso();
    const row: ExchangeRateRow = { id: newId(), account_id: ctx.accountId, currency, date, rate, source: 'manual', created_at: now, updated_at: now };
    try {
      await repo.insert(ctx.db, row);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(currency, date);
      throw error;
    }
    const object = toExchangeRateObject(row);
    await recordEvent(ctx, 'exchangeRate.created', object);
    return object;
  },

  /** A change makes the rate `manual`: the import no longer overwrites it. */
  async update(ctx: Ctx, id: string, input: UpdateExchangeRateInput): Promise<ExchangeRateObject> {
    const row = await load(ctx, id);
    const date = input.date === undefined ? row.date : checkedDate(input.date);
    const currency = input.currency === undefined ? row.currency : await checkedCurrency(ctx, input.currency);
    const rate = input.rate === undefined ? row.rate : checkedRate(input.rate);
    if (date !== row.date || currency !== row.currency) await assertFree(ctx, currency, date, id);
    const changes: Partial<ExchangeRateRow> = { date, currency, rate, source: 'manual', updated_at: nowIso() };
    try {
      await repo.update(ctx.db, ctx.accountId, id, changes);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(currency, date);
      throw error;
    }
    const object = toExchangeRateObject({ ...row, ...changes });
    await recordEvent(ctx, 'exchangeRate.updated', object);
    return object;
  },

  async remove(ctx: Ctx, id: string): Promise<void> {
    const row = await load(ctx, id);
    await repo.delete(ctx.db, ctx.accountId, id);
    await recordEvent(ctx, 'exchangeRate.deleted', toExchangeRateObject(row));
  },

  /** The rate of `currency` against the account's on `day`: the latest on or before it; null when none (or the account's own currency). */
  async rateOn(ctx: Ctx, currency: string, day: string): Promise<RateUsed | null> {
    const row = await repo.latestOnOrBefore(ctx.db, ctx.accountId, currency, day);
    return row === undefined ? null : { currency: row.currency, date: row.date, rate: row.rate };
  },

  /** POST …/import: fetches the ECB file now and stores its rates in the caller's account. */
  async importNow(ctx: Ctx, url: string | undefined, fetcher?: typeof fetch): Promise<ImportResultObject> {
    if (url === undefined) {
      throw new ApiError(
        'state_conflict',
        'Exchange rates cannot be imported: the operator of this installation has not configured a source of exchange rates',
      );
    }
    let days: EcbDay[];
    try {
      days = await fetchEcb(url, fetcher);
    } catch (error) {
      if (error instanceof RateSourceError) throw sourceFailed(url, error.message);
      throw error;
    }
    return storeImported(ctx, days);
  },
};

/**
 * Stores the rates of an ECB file in the account of `ctx` (idempotent: run twice, or by two
 * processes at once, it stores each rate once). A manual rate of the same currency and day is
 * kept; an imported one the source corrected is updated. Records one `exchangeRate.imported` event
 * when something changed (one event per rate would flood webhooks with thousands at the first import).
 */
export async function storeImported(ctx: Ctx, days: readonly EcbDay[]): Promise<ImportResultObject> {
  const own = await accountCurrency(ctx);
  const entries = accountRates(days, own);
  const first = days[0]?.date ?? null;
  const last = days[days.length - 1]?.date ?? null;
  const result: ImportResultObject = {
    source: 'ecb',
    days: days.length,
    dateFrom: first,
    dateTo: last,
    currencies: [...new Set(entries.map((entry) => entry.currency))].sort(),
    created: 0,
    updated: 0,
    unchanged: 0,
    keptManual: 0,
  };
  if (entries.length === 0 || first === null || last === null) return result;
  const stored = new Map((await repo.between(ctx.db, ctx.accountId, first, last)).map((row) => [`${row.currency} ${row.date}`, row]));
  const now = nowIso();
  const fresh: ExchangeRateRow[] = [];
  for (const entry of entries) {
    const existing = stored.get(`${entry.currency} ${entry.date}`);
    if (existing === undefined) {
      fresh.push({ id: newId(), account_id: ctx.accountId, ...entry, source: 'ecb', created_at: now, updated_at: now });
      result.created += 1;
    } else if (existing.source === 'manual') {
      result.keptManual += 1;
    } else if (new Dec(existing.rate).eq(entry.rate)) {
      result.unchanged += 1;
    } else {
      await repo.updateImported(ctx.db, ctx.accountId, entry.currency, entry.date, entry.rate, now);
      result.updated += 1;
    }
  }
  await repo.insertImported(ctx.db, fresh);
  if (result.created + result.updated > 0) await recordEvent(ctx, 'exchangeRate.imported', result);
  return result;
}
