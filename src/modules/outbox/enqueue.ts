import type { Ctx } from '../../core/context.js';
import type { Executor } from '../../core/db/dialect.js';
import { preparedQuery } from '../../core/db/prepared.js';
import { newId } from '../../core/ids.js';
import { nowIso } from '../../core/dates.js';
import type { DeliveryKind } from '../../core/db/schema.js';
import type { NewDelivery } from './contract.js';
import { enqueued } from './wake.js';

/**
 * Adds a delivery to the outbox in the caller's transaction (docs/webhooks.md#delivery): due at
 * once, sent by a worker after the transaction commits; a rollback takes it back with the change.
 * Answers the delivery's id (a webhook's `webhook-id`, stable across retries).
 */
export async function enqueue(ctx: Ctx, delivery: NewDelivery): Promise<string> {
  return (await enqueueAll(ctx, [delivery]))[0]!;
}

type Column = readonly (string | null)[];

/**
 * The insert of N deliveries, built once per N (core/db/prepared.ts): it runs in the transaction
 * of every change an endpoint subscribes to, where building the query each time cost as much as
 * running it. Each column is an array with a value per row; the constant columns are written in.
 */
const insertDeliveries = preparedQuery(
  (db, p: { ids: Column; accountId: string; kinds: Column; endpointIds: Column; eventIds: Column; eventTypes: Column; payloads: Column; now: string }) =>
    db.insertInto('deliveries').values(
      p.ids.map((id, i) => ({
        id: id!,
        account_id: p.accountId,
        kind: p.kinds[i] as DeliveryKind,
        endpoint_id: p.endpointIds[i] ?? null,
        event_id: p.eventIds[i] ?? null,
        event_type: p.eventTypes[i]!,
        payload: p.payloads[i]!,
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: p.now,
        locked_until: null,
        locked_by: null,
        last_status_code: null,
        last_error: null,
        last_duration_ms: null,
        created_at: p.now,
        updated_at: p.now,
      })),
    ),
);

/** Several deliveries in one statement (an event's webhook to each subscribed endpoint); answers their ids in order. */
export async function enqueueAll(ctx: Ctx, deliveries: readonly NewDelivery[]): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const ids = deliveries.map(() => newId());
  await insertDeliveries(ctx.db, {
    ids,
    accountId: ctx.accountId,
    kinds: deliveries.map((delivery) => delivery.kind),
    endpointIds: deliveries.map((delivery) => delivery.endpointId),
    eventIds: deliveries.map((delivery) => delivery.eventId),
    eventTypes: deliveries.map((delivery) => delivery.eventType),
    payloads: deliveries.map((delivery) => delivery.payloadJson ?? JSON.stringify(delivery.payload)),
    now: nowIso(),
  });
  enqueued();
  return ids;
}

/** Rows per insert statement of `writeDeliveries` (11 parameters each: far below either database's limit). */
const WRITE_CHUNK = 500;

/**
 * Writes deliveries of any accounts on `db` (a worker's transaction: a feeder, outbox/contract.ts),
 * due at `dueAt`, each dated `createdAt`. Not prepared: it runs beside the requests, never in one.
 */
export async function writeDeliveries(
  db: Executor,
  deliveries: ReadonlyArray<NewDelivery & { accountId: string; createdAt: string }>,
  dueAt: string,
): Promise<void> {
  for (let start = 0; start < deliveries.length; start += WRITE_CHUNK) {
    await db
      .insertInto('deliveries')
      .values(
        deliveries.slice(start, start + WRITE_CHUNK).map((delivery) => ({
          id: newId(),
          account_id: delivery.accountId,
          kind: delivery.kind,
          endpoint_id: delivery.endpointId,
          event_id: delivery.eventId,
          event_type: delivery.eventType,
          payload: delivery.payloadJson ?? JSON.stringify(delivery.payload),
          status: 'pending' as const,
          attempts: 0,
          next_attempt_at: dueAt,
          created_at: delivery.createdAt,
          updated_at: dueAt,
        })),
      )
      .execute();
  }
}
