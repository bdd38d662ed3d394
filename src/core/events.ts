import { newId } from './ids.js';
import { nowIso } from './dates.js';
import { SYSTEM_ACTOR, type Ctx } from './context.js';
import type { Executor } from './db/dialect.js';
import { preparedQuery } from './db/prepared.js';

/**
 * Every change writes an event row in the same transaction as the change (docs/reference.md#events):
 * `type` is `<resource>.<created|updated|deleted>`, `data` the record after the change
 * (the last state for a deletion), with the actor of the change and the object it is about
 * (the type's resource and the record's id), by which the history of one object is read.
 */
export async function recordEvent(ctx: Ctx, type: string, data: unknown): Promise<void> {
  const actor = ctx.actor ?? SYSTEM_ACTOR;
  const dot = type.indexOf('.');
  const id = typeof data === 'object' && data !== null && 'id' in data && typeof data.id === 'string' ? data.id : null;
  const event = { id: newId(), type, data, dataJson: JSON.stringify(data), createdAt: nowIso() };
  await insertEvent(ctx.db, {
    id: event.id,
    accountId: ctx.accountId,
    type,
    data: event.dataJson,
    actorType: actor.type,
    actorUserId: actor.userId,
    actorKeyId: actor.apiKeyId,
    actorPortalPersonId: actor.portalPersonId ?? null,
    // `purchase_order.sent` is about a `purchaseOrder`: one object's history keeps one name.
    objectType: camelCase(dot < 0 ? type : type.slice(0, dot)),
    objectId: id,
    createdAt: event.createdAt,
  });
  for (const sink of sinks) await sink(ctx, event);
}

/**
 * Gives the events a key made to the system (no user, no key): the changes of a key that lived
 * only while the command line used it (the demo data set; docs/access.md#who-did-what).
 */
export async function attributeToSystem(db: Executor, accountId: string, keyId: string): Promise<void> {
  await db
    .updateTable('events')
    .set({ actor_type: 'system', actor_user_id: null, actor_key_id: null })
    .where('account_id', '=', accountId)
    .where('actor_key_id', '=', keyId)
    .execute();
}

/** An event as recorded, handed to the sinks: its row's id, type, object and time. */
export interface RecordedEvent {
  id: string;
  type: string;
  data: unknown;
  /** `data` as stored (JSON). */
  dataJson: string;
  createdAt: string;
}

/**
 * What else an event causes in its own transaction (the outbox's webhook deliveries,
 * docs/webhooks.md): a sink runs after the event row is written, on the same executor,
 * so that what it writes commits or rolls back with the change.
 */
export type EventSink = (ctx: Ctx, event: RecordedEvent) => Promise<void>;

let sinks: readonly EventSink[] = [];

/** Sets the event sinks, in order: called by the composition (modules/index.ts composeModules), core knowing no module. */
export function configureEventSinks(list: readonly EventSink[]): void {
  sinks = list;
}

const camelCase = (name: string): string => name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

type EventParams = {
  id: string;
  accountId: string;
  type: string;
  data: string;
  actorType: 'user' | 'key' | 'system' | 'portal';
  actorUserId: string | null;
  actorKeyId: string | null;
  actorPortalPersonId: string | null;
  objectType: string;
  objectId: string | null;
  createdAt: string;
};

const insertEvent = preparedQuery((db, p: EventParams) =>
  db.insertInto('events').values({
    id: p.id,
    account_id: p.accountId,
    type: p.type,
    data: p.data,
    actor_type: p.actorType,
    actor_user_id: p.actorUserId,
    actor_key_id: p.actorKeyId,
    actor_portal_person_id: p.actorPortalPersonId,
    object_type: p.objectType,
    object_id: p.objectId,
    created_at: p.createdAt,
  }),
);
