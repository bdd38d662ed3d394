import type { Kysely, Migration } from 'kysely';

/**
 * Money across currencies (docs/exchange-rates.md).
 *
 * - `exchange_rates`: an account's rates, one per currency and day: `rate` is how many units of
 *   `currency` one unit of the account's currency buys (the European Central Bank's way of
 *   writing its reference rates: 1 EUR = 1.0856 USD), an exact decimal string. `source` is
 *   `manual` (entered through the API) or `ecb` (the daily import). The rate for a day is the
 *   latest on or before it.
 * - `documents.exchange_rates`: the rates a quote or an invoice was issued with (JSON list, `[]`
 *   when its currency is the account's or it is not issued yet).
 * - `clients.show_exchange_rate_on_invoice`: the client's documents in another currency show the
 *   total in the account's currency and the rate.
 *
 * Released: never edit.
 */
export function exchangeRates(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('exchange_rates')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('rate', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('exchange_rates_day').on('exchange_rates').columns(['account_id', 'currency', 'date']).unique().execute();
      await db.schema
        .alterTable('documents')
        .addColumn('exchange_rates', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .alterTable('clients')
        .addColumn('show_exchange_rate_on_invoice', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
