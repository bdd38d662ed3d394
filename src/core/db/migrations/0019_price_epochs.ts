import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * SQLite: a token of the state of what price resolution reads (docs/performance.md#the-price-epoch-sqlite), per account. Triggers
 * set `price_epochs.epoch` to a new random token on every insert, update and delete of `prices`,
 * `price_matches`, `match_categories` (their names are in the price a job takes), `units` (which
 * one is the hours unit) and `language_pairs` (their codes), by any writer: this process, another
 * one, the CLI, plain SQL. The prices a new job takes are kept per process under the token they
 * were resolved at (modules/prices/applicable.ts), and read again when it differs.
 *
 * A random token, not a counter: a transaction rolled back takes its bump back, and a counter
 * would then give the next bump the same number for other content; a token is never drawn twice.
 *
 * PostgreSQL keeps no such cache (prices are resolved on every job write): nothing here.
 */
export const PRICE_EPOCH_SOURCES = ['prices', 'price_matches', 'match_categories', 'units', 'language_pairs'] as const;

const NEW_TOKEN = 'lower(hex(randomblob(8)))';

export function priceEpochs(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      await sql`create table price_epochs (account_id text primary key references accounts (id) on delete cascade, epoch text not null) without rowid`.execute(
        db,
      );
      await sql.raw(`insert into price_epochs (account_id, epoch) select id, ${NEW_TOKEN} from accounts`).execute(db);
      const bump = (row: 'new' | 'old') =>
        `insert into price_epochs (account_id, epoch) values (${row}.account_id, ${NEW_TOKEN}) on conflict (account_id) do update set epoch = excluded.epoch;`;
      for (const table of PRICE_EPOCH_SOURCES) {
        for (const operation of ['insert', 'update', 'delete'] as const) {
          // An update may move a row to another account only in plain SQL; both are bumped then.
          const rows = operation === 'insert' ? bump('new') : operation === 'delete' ? bump('old') : `${bump('new')} ${bump('old')}`;
          await sql.raw(`create trigger price_epochs_${table}_${operation} after ${operation} on ${table} begin ${rows} end`).execute(db);
        }
      }
    },
  };
}
