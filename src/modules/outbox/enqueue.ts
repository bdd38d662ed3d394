import type { Ctx } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { nowIso } from '../../core/dates.js';
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

/** Several deliveries in one statement (an event's webhook to each subscribed endpoint); answers their ids in order. */
export async function enqueueAll(ctx: Ctx, deliveries: readonly NewDelivery[]): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const now = nowIso();
  const rows = deliveries.map((delivery) => ({
    id: newId(),
    account_id: ctx.accountId,
    kind: delivery.kind,
    endpoint_id: delivery.endpointId,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    payload: delivery.payloadJson ?? JSON.stringify(delivery.payload),
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: now,
    locked_until: null,
    locked_by: null,
    last_status_code: null,
    last_error: null,
    last_duration_ms: null,
    created_at: now,
    updated_at: now,
  }));
  await ctx.db.insertInto('deliveries').values(rows).execute();
  enqueued();
  return rows.map((row) => row.id);
}
