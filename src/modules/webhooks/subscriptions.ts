import type { Executor } from '../../core/db/dialect.js';
import { FRESHNESS } from '../../core/db/freshness.js';
import { watchPolled } from '../../core/db/freshness-poll.js';
import { BoundedCache } from '../../core/bounded-cache.js';

/**
 * Which endpoints an event goes to (docs/webhooks.md#the-outbox): every enabled endpoint
 * of the event's account whose `events` list holds the event's type or `*`. The webhook sink
 * (fanout.ts) records them with the event, in its own transaction.
 *
 * Most accounts have no endpoint, and every change records an event: the enabled endpoints of an
 * account are kept per process, so that an event of an account without endpoints costs no
 * statement. The kept lists are dropped whenever an endpoint is written: by this process at once
 * (`endpointsChanged`, called after each write of `webhook_endpoints`), by another process (a
 * second server on PostgreSQL, the CLI) or plain SQL when `watchEndpoints` sees the signature of
 * what they are read from change, at most a second later. What the lists depend on is declared in
 * the freshness manifest (src/core/db/freshness.ts, `polled.webhookSubscriptions`).
 */

export interface Subscription {
  endpointId: string;
  /** The types it wants; `*` is every type. */
  events: ReadonlySet<string>;
}

/** Up to this many accounts' lists are kept (an entry is a few dozen bytes). */
const MAX_ACCOUNTS = 50_000;
let kept = new BoundedCache<readonly Subscription[]>(MAX_ACCOUNTS);
/** Bumped by every drop: a list read before a drop is not kept after it. */
let generation = 0;

/** Drops every kept list: call after a write of `webhook_endpoints` (a creation, an edit, a deletion, a disabling). */
export function endpointsChanged(): void {
  generation += 1;
  kept = new BoundedCache(MAX_ACCOUNTS);
}

/** Changes whenever the kept lists are dropped: what else is kept about endpoints (send.ts) is dropped with them. */
export const endpointsGeneration = (): number => generation;

/** The strings of a JSON list column (`events`, a fan-out's `endpoint_ids`); nothing for anything else. */
export function parseStringList(text: string): string[] {
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** The enabled endpoints of an account, kept or read. */
export async function subscriptionsOf(db: Executor, accountId: string): Promise<readonly Subscription[]> {
  const known = kept.get(accountId);
  if (known) return known;
  const before = generation;
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('account_id', '=', accountId)
    .where('enabled', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const list = rows.map((row) => ({ endpointId: row.id, events: new Set(parseStringList(row.events)) }));
  // Read inside a transaction, the list is that transaction's view: kept only when no write of
  // this process dropped the lists meanwhile (another process's write is seen by the watch).
  if (before === generation) kept.set(accountId, list, 1);
  return list;
}

export const isSubscribed = (subscription: Subscription, type: string): boolean => subscription.events.has('*') || subscription.events.has(type);

/**
 * The webhook body of an event (docs/webhooks.md#the-body): `{ id, type, createdAt, data }`,
 * written around the event's data as stored.
 */
export const webhookBody = (event: { id: string; type: string; createdAt: string; dataJson: string }): string =>
  `{"id":${JSON.stringify(event.id)},"type":${JSON.stringify(event.type)},"createdAt":${JSON.stringify(event.createdAt)},"data":${event.dataJson}}`;

/**
 * The `payload` of a webhook delivery of a recorded event: none. Its body is built from the event
 * row when it is sent (send.ts), so that a change that goes to three endpoints writes its data
 * once, in the event, instead of four times (docs/webhooks.md#throughput). Events are never
 * deleted while deliveries wait for them.
 */
export const BODY_FROM_EVENT = '';

/**
 * Watches the endpoints' subscriptions for writes by other processes (or plain SQL): every
 * `intervalMs` reads the signature the freshness manifest declares for them
 * (`FRESHNESS.polled.webhookSubscriptions`: the columns read above, of the enabled endpoints) and
 * drops the kept lists when it changed. Answers stop().
 */
export function watchEndpoints(db: Executor, intervalMs = 1000): () => void {
  return watchPolled(db, FRESHNESS.polled.webhookSubscriptions, endpointsChanged, intervalMs);
}
