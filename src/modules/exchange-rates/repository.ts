import type { Executor } from '../../core/db/dialect.js';
import type { ExchangeRatesTable } from '../../core/db/schema-records.js';
import { paginateIds, type Page, type PageRequest } from '../../core/pagination.js';

export type ExchangeRateRow = ExchangeRatesTable;

export interface RateFilters {
  currency?: string;
  source?: 'manual' | 'ecb';
  dateFrom?: string;
  dateTo?: string;
}

/** Rows written at once by an import: well under the bound parameters SQLite and PostgreSQL take. */
const CHUNK = 400;

/** An account's exchange rates. Every query is limited to one account. */
export const exchangeRateRepository = {
  insert(db: Executor, row: ExchangeRateRow) {
    return db.insertInto('exchange_rates').values(row).execute();
  },
  find(db: Executor, accountId: string, id: string) {
    return db.selectFrom('exchange_rates').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  },
  findDay(db: Executor, accountId: string, currency: string, date: string) {
    return db
      .selectFrom('exchange_rates')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('currency', '=', currency)
      .where('date', '=', date)
      .executeTakeFirst();
  },
  /** The latest rate of `currency` on or before `date` (index exchange_rates_day). */
  latestOnOrBefore(db: Executor, accountId: string, currency: string, date: string) {
    return db
      .selectFrom('exchange_rates')
      .select(['currency', 'date', 'rate'])
      .where('account_id', '=', accountId)
      .where('currency', '=', currency)
      .where('date', '<=', date)
      .orderBy('date', 'desc')
      .limit(1)
      .executeTakeFirst();
  },
  page(db: Executor, accountId: string, filters: RateFilters, request: PageRequest): Promise<Page<string>> {
    let query = db.selectFrom('exchange_rates').where('exchange_rates.account_id', '=', accountId);
    if (filters.currency !== undefined) query = query.where('exchange_rates.currency', '=', filters.currency);
    if (filters.source !== undefined) query = query.where('exchange_rates.source', '=', filters.source);
    if (filters.dateFrom !== undefined) query = query.where('exchange_rates.date', '>=', filters.dateFrom);
    if (filters.dateTo !== undefined) query = query.where('exchange_rates.date', '<=', filters.dateTo);
    return paginateIds(query, 'exchange_rates', request, { date: 'date', createdAt: 'created_at', updatedAt: 'updated_at' });
  },
  findMany(db: Executor, accountId: string, ids: readonly string[]) {
    return db
      .selectFrom('exchange_rates')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
  },
  /** The rows of the days from `from` to `to`: what an import compares its file with. */
  between(db: Executor, accountId: string, from: string, to: string) {
    return db
      .selectFrom('exchange_rates')
      .select(['currency', 'date', 'rate', 'source'])
      .where('account_id', '=', accountId)
      .where('date', '>=', from)
      .where('date', '<=', to)
      .execute();
  },
  async update(db: Executor, accountId: string, id: string, changes: Partial<ExchangeRateRow>): Promise<void> {
    await db.updateTable('exchange_rates').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  },
  async delete(db: Executor, accountId: string, id: string): Promise<void> {
    await db.deleteFrom('exchange_rates').where('account_id', '=', accountId).where('id', '=', id).execute();
  },
  /**
   * Imported rows, added unless a row of the same currency and day exists (another process's
   * import of the same file, or a manual rate written meanwhile: neither is overwritten).
   */
  async insertImported(db: Executor, rows: readonly ExchangeRateRow[]): Promise<void> {
    for (let start = 0; start < rows.length; start += CHUNK) {
      await db
        .insertInto('exchange_rates')
        .values(rows.slice(start, start + CHUNK))
        .onConflict((conflict) => conflict.columns(['account_id', 'currency', 'date']).doNothing())
        .execute();
    }
  },
  /** A correction of an imported rate by the source; a manual rate of that day is left as it is. */
  async updateImported(db: Executor, accountId: string, currency: string, date: string, rate: string, now: string): Promise<void> {
    await db
      .updateTable('exchange_rates')
      .set({ rate, updated_at: now })
      .where('account_id', '=', accountId)
      .where('currency', '=', currency)
      .where('date', '=', date)
      .where('source', '=', 'ecb')
      .execute();
  },
};
