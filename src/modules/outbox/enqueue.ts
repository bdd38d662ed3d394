import type { Ctx } from '../../core/context.js';
import type { Executor } from '../../core/db/dialect.js';
import { newId } from '../../core/ids.js';
import { nowIso } from '../../core/dates.js';
import type { NewDelivery } from './contract.js';
import { enqueued } from './wake.js';

/**
 * Adds a delivery to the outbox in the caller's transaction (docs/webhooks.md#delivery): due at
 * once, sent by a worker after the transaction commits; a rollback takes it back with the change.
 * Answers the delivery's id (a webhook's `webhook-id`, stable across retries). The deliveries of
 * events are not written here but from their fan-outs (modules/webhooks/fanout.ts).
 */
export async function enqueue(ctx: Ctx, delivery: NewDelivery): Promise<string> {
  const now = nowIso();
  const [id] = await writeDeliveries(ctx.db, [{ ...delivery, accountId: ctx.accountId, createdAt: now }], now);
  enqueued();
  return id!;
}

/** Rows per insert statement of `writeDeliveries` (11 parameters each: far below either database's limit). */
const WRITE_CHUNK = 500;

/**
 * Writes deliveries of any accounts on `db` (the caller's transaction: a change's, or a feeder's,
 * outbox/contract.ts), due at `dueAt`, each dated `createdAt`; answers their ids in order.
 */
export async function writeDeliveries(
  db: Executor,
  deliveries: ReadonlyArray<NewDelivery & { accountId: string; createdAt: string }>,
  dueAt: string,
): Promise<string[]> {
  const ids = deliveries.map(() => newId());
  for (let start = 0; start < deliveries.length; start += WRITE_CHUNK) {
    await db
      .insertInto('deliveries')
      .values(
        deliveries.slice(start, start + WRITE_CHUNK).map((delivery, index) => ({
          id: ids[start + index]!,
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
  return ids;
}
