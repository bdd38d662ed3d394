/**
 * The profitability a job or a group shows (docs/estimation.md#6-profitability-and-performance):
 * its schema, its JSON, and the account's exchange rates it is converted with, kept per process.
 */
import { Type } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import { BoundedCache } from '../../core/bounded-cache.js';
import { CurrencyObject, Nullable } from '../../core/schemas.js';
import type { Profitability, RateLookup } from '../estimation/index.js';
import { loadRateBook } from '../exchange-rates/index.js';

export const ProfitabilityObject = Type.Object(
  {
    status: Type.String({
      description: 'incorrectStatus, noCurrency, noOutsourcing, unpriced, noExchangeRate, profitable, unprofitable or breakEven',
    }),
    margin: Type.Optional(Type.Number()),
    marginRate: Type.Optional(Nullable(Type.Number())),
    withMargin: Type.Object({ status: Type.String() }),
    revenue: Type.Optional(Type.Number({ description: 'the revenue compared, in `currency`' })),
    cost: Type.Optional(Type.Number({ description: 'the supplier cost compared, in `currency`' })),
    currency: Type.Optional(CurrencyObject),
    rates: Type.Optional(
      Type.Array(Type.Object({ currency: Type.String(), date: Type.String(), rate: Type.Number() }), {
        description: 'the exchange rates used (the latest on or before the job day); empty when everything is in one currency',
      }),
    ),
    missing: Type.Optional(
      Type.Array(Type.Object({ currency: Type.String(), date: Type.String() }), { description: 'noExchangeRate: the currencies and days without a rate' }),
    ),
  },
  { title: 'profitability' },
);

const num = (value: string) => Number(value);

/** The profitability as answered: JSON numbers at the edge. */
export function profitabilityJson(p: Profitability) {
  if (p.status === 'noExchangeRate') return { status: p.status, withMargin: { status: p.withMargin.status }, missing: p.missing.map((m) => ({ ...m })) };
  if (!('margin' in p)) return { status: p.status, withMargin: { status: p.withMargin.status } };
  return {
    status: p.status,
    margin: num(p.margin),
    marginRate: p.marginRate === null ? null : num(p.marginRate),
    withMargin: { status: p.withMargin.status },
    ...(p.revenue !== undefined ? { revenue: num(p.revenue) } : {}),
    ...(p.cost !== undefined ? { cost: num(p.cost) } : {}),
    ...(p.currency !== undefined ? { currency: p.currency } : {}),
    ...(p.rates !== undefined ? { rates: p.rates.map((r) => ({ currency: r.currency, date: r.date, rate: num(r.rate) })) } : {}),
  };
}

/**
 * The account's rate books, kept per process by the account's view epoch: every write of a rate
 * (and of the account's currency) bumps it (core/db/freshness.ts), so a kept book is used only
 * while no rate changed. Read only when a job or group to show is in several currencies: one
 * indexed read of the epoch, and the rates when it moved.
 */
const RATE_BOOKS_KEPT = 500;
const rateBooks = new BoundedCache<{ epoch: string; book: RateLookup }>(RATE_BOOKS_KEPT);

export async function accountRates(ctx: Ctx): Promise<RateLookup> {
  const row = await ctx.db.selectFrom('view_epochs').select('epoch').where('account_id', '=', ctx.accountId).executeTakeFirst();
  const epoch = String(row?.epoch ?? 0);
  const kept = rateBooks.get(ctx.accountId);
  if (kept !== undefined && kept.epoch === epoch) return kept.book;
  const book = await loadRateBook(ctx.db, ctx.accountId);
  rateBooks.set(ctx.accountId, { epoch, book }, 1);
  return book;
}
