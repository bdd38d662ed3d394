import { sql } from 'kysely';
import type { Database } from '../../core/db/database.js';
import { newId } from '../../core/ids.js';
import type { DeliveryStatus } from '../../core/db/schema.js';
import type { DeliveryRow } from './contract.js';

/**
 * The outbox's SQL (docs/webhooks.md#several-processes): claiming due deliveries with a
 * lease, recording what an attempt gave, giving leases back.
 */

export const DELIVERY_COLUMNS = [
  'id',
  'account_id',
  'kind',
  'endpoint_id',
  'event_id',
  'event_type',
  'payload',
  'status',
  'attempts',
  'next_attempt_at',
  'locked_until',
  'locked_by',
  'last_status_code',
  'last_error',
  'last_duration_ms',
  'created_at',
  'updated_at',
] as const;

/**
 * Takes up to `limit` due pending deliveries whose lease is free or lapsed, leased to `worker`
 * until `until`. One statement: on PostgreSQL the rows another worker is claiming are skipped
 * (`FOR UPDATE SKIP LOCKED`), so that two workers never claim one delivery at once; SQLite
 * serialises writes.
 */
export async function claimDue(database: Database, worker: string, limit: number, now: Date, until: Date): Promise<DeliveryRow[]> {
  const at = now.toISOString();
  const due = database.db
    .selectFrom('deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
    .orderBy('next_attempt_at')
    .limit(limit);
  const claimable = database.dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
  const rows = await database.db
    .updateTable('deliveries')
    .set({ locked_until: until.toISOString(), locked_by: worker })
    .where('id', 'in', claimable)
    .returning(DELIVERY_COLUMNS)
    .execute();
  return rows;
}

/** What one attempt gave, to be written. */
export interface Completion {
  delivery: DeliveryRow;
  startedAt: string;
  status: DeliveryStatus;
  nextAttemptAt: string | null;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * Writes attempts in one transaction: each delivery's new state (only while the worker's lease is
 * still the one it claimed: a lease that lapsed belongs to whoever claimed it again) and its
 * attempt row.
 */
export async function complete(database: Database, worker: string, completions: readonly Completion[]): Promise<void> {
  if (completions.length === 0) return;
  const now = new Date().toISOString();
  await database.db.transaction().execute(async (tx) => {
    // One statement for the batch: the new states as a table of values, joined by id.
    const values = sql.join(
      completions.map(
        (done) =>
          sql`(${done.delivery.id}, ${done.status}, ${done.nextAttemptAt}, ${done.statusCode === null ? null : String(done.statusCode)}, ${done.error}, ${String(done.durationMs)})`,
      ),
    );
    await sql`
      with v(id, status, next_attempt_at, status_code, error, duration_ms) as (values ${values})
      update deliveries set
        status = v.status,
        attempts = deliveries.attempts + 1,
        next_attempt_at = v.next_attempt_at,
        locked_until = null,
        locked_by = null,
        last_status_code = cast(v.status_code as integer),
        last_error = v.error,
        last_duration_ms = cast(v.duration_ms as integer),
        updated_at = ${now}
      from v
      where deliveries.id = v.id and deliveries.locked_by = ${worker} and deliveries.status = 'pending'`.execute(tx);
    await tx
      .insertInto('delivery_attempts')
      .values(
        completions.map((done) => ({
          id: newId(),
          delivery_id: done.delivery.id,
          attempt: done.delivery.attempts + 1,
          started_at: done.startedAt,
          status_code: done.statusCode,
          duration_ms: done.durationMs,
          error: done.error,
        })),
      )
      .execute();
  });
}

/** Gives back the leases of a stopping worker: another worker (or this one after a restart) sends them at once. */
export async function release(database: Database, worker: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await database.db
    .updateTable('deliveries')
    .set({ locked_until: null, locked_by: null })
    .where('locked_by', '=', worker)
    .where('status', '=', 'pending')
    .where('id', 'in', ids)
    .execute();
}

/** Gives back every lease (SQLite, at the start of its only worker: what is leased was leased by a worker that died). */
export async function releaseAll(database: Database): Promise<void> {
  await database.db
    .updateTable('deliveries')
    .set({ locked_until: null, locked_by: null })
    .where('status', '=', 'pending')
    .where('locked_by', 'is not', null)
    .execute();
}
