import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * SQLite: a counter of changes to what an API key look-up answers (docs/performance.md#the-change-stamp-sqlite). Triggers bump
 * `key_epoch.epoch` on every insert, update and delete of `api_keys` and `users` (the look-up
 * reads both: the key's scope and revocation, its user and the user's name), by any writer: this
 * process, another one, the CLI, plain SQL. The change stamp reads it with its counters
 * (core/db/change-stamp.ts): a key found is answered again while the epoch is unchanged, also after
 * writes of anything else, which before made every request after a write look its key up again.
 *
 * PostgreSQL keeps no per-process key cache (keys are looked up on every request): nothing here.
 */
export function keyEpoch(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      await sql`create table key_epoch (id integer primary key check (id = 1), epoch integer not null)`.execute(db);
      await sql`insert into key_epoch (id, epoch) values (1, 0)`.execute(db);
      for (const table of ['api_keys', 'users']) {
        for (const operation of ['insert', 'update', 'delete']) {
          await sql
            .raw(`create trigger key_epoch_${table}_${operation} after ${operation} on ${table} begin update key_epoch set epoch = epoch + 1; end`)
            .execute(db);
        }
      }
    },
  };
}
