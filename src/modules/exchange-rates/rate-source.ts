/** Loading an account's rate book (docs/exchange-rates.md). */
import type { Executor } from '../../core/db/dialect.js';
import { RateBook } from './rate-book.js';

/**
 * The account's rates, all of them, as a rate book. An account keeps a few currencies with one
 * rate a working day at most (about 250 a currency a year), so one read serves a whole report.
 */
export async function loadRateBook(db: Executor, accountId: string): Promise<RateBook> {
  const account = await db.selectFrom('accounts').select('currency').where('id', '=', accountId).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('exchange_rates').select(['currency', 'date', 'rate']).where('account_id', '=', accountId).execute();
  return new RateBook(account.currency, rows);
}
