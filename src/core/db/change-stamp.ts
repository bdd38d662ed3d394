import { CompiledQuery } from 'kysely';
import type { DialectName, Executor } from './dialect.js';

/**
 * SQLite: a stamp of the database's state that differs whenever anything may have changed since
 * it was read, for per-process caches (the view cache) to skip their checks while nothing changed
 * at all (docs/performance.md#the-change-stamp-sqlite); and, in the same statement, the epoch of API keys (below).
 *
 * It joins two counters SQLite keeps, read in one statement that touches no table:
 * - `total_changes()`: the rows this connection inserted, updated or deleted, trigger programs
 *   included, committed or not (a rollback never takes the count back, so a stamp read during a
 *   transaction that is then rolled back is never seen again);
 * - `data_version`: changes committed by any other connection (another server process, the CLI,
 *   plain SQL in a shell), the pragma SQLite provides for this purpose.
 *
 * So an equal stamp means no row was written by anyone in between. Only outside a transaction:
 * inside one, the connection's own uncommitted writes would be part of the state. PostgreSQL has
 * no such counters: no stamp, and the caches check the database on every read as before.
 */
const STAMP = CompiledQuery.raw('select total_changes() as changes, data_version as version, (select epoch from key_epoch) as keys from pragma_data_version');

export interface ChangeStamps {
  /** Differs whenever any row may have changed since (the view cache). */
  data: string;
  /**
   * Differs whenever an API key look-up may answer otherwise: `key_epoch`, bumped by triggers on
   * `api_keys` and `users` (migration 0017), read in the same statement. Writes of anything else
   * leave it unchanged, so the requests after a write do not look their keys up again.
   */
  keys: string;
}

export async function readChangeStamp(db: Executor, dialect: DialectName): Promise<ChangeStamps | undefined> {
  if (dialect !== 'sqlite' || db.isTransaction) return undefined;
  const [row] = (await db.executeQuery<{ changes: number; version: number; keys: number }>(STAMP)).rows;
  return row === undefined ? undefined : { data: `${row.changes}.${row.version}`, keys: String(row.keys) };
}
