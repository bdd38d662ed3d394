import type { Ctx } from '../../core/context.js';
import type { Database } from '../../core/db/database.js';
import { preparedQuery } from '../../core/db/prepared.js';
import { wakeOutbox, writeDeliveries, type NewDelivery } from '../outbox/index.js';
import type { RecordedEvent } from '../../core/events.js';
import { BODY_FROM_EVENT, isSubscribed, parseStringList, subscriptionsOf } from './subscriptions.js';

/**
 * An event's webhook deliveries, in two steps (docs/webhooks.md#the-outbox):
 *
 * 1. `webhookSink`, in the change's transaction: one row in `webhook_fanouts` (the event and the
 *    endpoints subscribed to it now). It commits or rolls back with the change, so a committed
 *    change is never without it, and it costs the request one small insert whatever the number
 *    of endpoints (three delivery rows with their index entries cost about a tenth of a
 *    `POST /v2/jobs`, measured: docs/webhooks.md#throughput).
 * 2. `fanOutWebhooks`, by the outbox's worker (a `DeliveryFeeder`) when it has room for more
 *    deliveries: writes the deliveries of the oldest waiting events and deletes their rows, in
 *    one transaction, so that an event's deliveries are written exactly once even if the process
 *    dies (kill -9) in between. On PostgreSQL several workers skip each other's rows
 *    (`FOR UPDATE SKIP LOCKED`).
 */

const insertFanout = preparedQuery((db, p: { eventId: string; endpointIds: string }) =>
  db.insertInto('webhook_fanouts').values({ event_id: p.eventId, endpoint_ids: p.endpointIds }),
);

/**
 * Step 1, the event sink of webhooks (configured by the composition, core/events.ts): the event's
 * fan-out row when an enabled endpoint of its account subscribes to its type, in its transaction.
 */
export async function webhookSink(ctx: Ctx, event: RecordedEvent): Promise<void> {
  const subscriptions = await subscriptionsOf(ctx.db, ctx.accountId);
  if (subscriptions.length === 0) return;
  const endpointIds: string[] = [];
  for (const subscription of subscriptions) if (isSubscribed(subscription, event.type)) endpointIds.push(subscription.endpointId);
  if (endpointIds.length === 0) return;
  await insertFanout(ctx.db, { eventId: event.id, endpointIds: JSON.stringify(endpointIds) });
  wakeOutbox();
}

/**
 * Step 2: writes the deliveries of up to `limit` waiting events, oldest first (due at `at`, dated
 * as their event), to the endpoints that still exist (a deleted endpoint's history goes with it),
 * and deletes the events' rows. Answers how many deliveries it wrote.
 */
export async function fanOutWebhooks(database: Database, limit: number, at: Date): Promise<number> {
  if (limit <= 0) return 0;
  return database.db.transaction().execute(async (tx) => {
    const waiting = tx
      .selectFrom('webhook_fanouts')
      .leftJoin('events', 'events.id', 'webhook_fanouts.event_id')
      .select(['webhook_fanouts.event_id', 'webhook_fanouts.endpoint_ids', 'events.account_id', 'events.type', 'events.created_at'])
      .orderBy('webhook_fanouts.event_id')
      .limit(limit);
    const rows = await (database.dialect === 'postgres' ? waiting.forUpdate('webhook_fanouts').skipLocked() : waiting).execute();
    if (rows.length === 0) return 0;
    const endpointsOf = new Map(rows.map((row) => [row.event_id, parseStringList(row.endpoint_ids)]));
    const wanted = new Set([...endpointsOf.values()].flat());
    const existing =
      wanted.size === 0
        ? new Set<string>()
        : new Set(
            (
              await tx
                .selectFrom('webhook_endpoints')
                .select('id')
                .where('id', 'in', [...wanted])
                .execute()
            ).map((row) => row.id),
          );
    const deliveries: Array<NewDelivery & { accountId: string; createdAt: string }> = [];
    for (const row of rows) {
      // An event row is written in the same transaction as its fan-out: one missing is a fan-out
      // without anything to send (kept only by a damaged database), dropped.
      if (row.account_id === null || row.type === null || row.created_at === null) continue;
      for (const endpointId of endpointsOf.get(row.event_id)!) {
        if (!existing.has(endpointId)) continue;
        deliveries.push({
          kind: 'webhook',
          accountId: row.account_id,
          endpointId,
          eventId: row.event_id,
          eventType: row.type,
          payload: null,
          payloadJson: BODY_FROM_EVENT,
          createdAt: row.created_at,
        });
      }
    }
    await writeDeliveries(tx, deliveries, at.toISOString());
    await tx
      .deleteFrom('webhook_fanouts')
      .where(
        'event_id',
        'in',
        rows.map((row) => row.event_id),
      )
      .execute();
    return deliveries.length;
  });
}
