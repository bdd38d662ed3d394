import type { Ctx } from '../../core/context.js';
import type { Config } from '../../config.js';
import type { Database } from '../../core/db/database.js';
import type { DeliveriesTable, DeliveryKind } from '../../core/db/schema.js';

/**
 * The outbox's contract (docs/webhooks.md#delivery): what a module gives the outbox to send
 * (`enqueue`, in the transaction of the change) and how a kind of delivery is sent after commit
 * (`DeliveryHandler`, configured per kind by src/modules/index.ts).
 */

/** A message to send once the change that caused it commits. */
export interface NewDelivery {
  kind: DeliveryKind;
  /** The webhook endpoint (kind `webhook`); null for e-mails. */
  endpointId: string | null;
  /** The event row that caused it, when there is one. */
  eventId: string | null;
  eventType: string;
  /** Serialised to JSON: the webhook body, or what the mailer needs. */
  payload: unknown;
  /**
   * The payload already serialised (used instead of `payload`). A kind may agree on a value
   * meaning "built when sent" (webhooks: `''`, the body is built from the event row), so that a
   * change with several deliveries writes its data once.
   */
  payloadJson?: string;
}

/** A delivery as a worker hands it to its handler. */
export type DeliveryRow = DeliveriesTable;

/** What a handler may use: the database (outside any request's transaction), the configuration, a logger. */
export interface DeliveryEnv {
  database: Database;
  config: Config;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

/** The result of one attempt. */
export interface DeliveryOutcome {
  /** Sent (a 2xx answer, an e-mail taken by the SMTP server). */
  ok: boolean;
  /** The HTTP status answered, or the SMTP reply code; null when there was no answer. */
  statusCode: number | null;
  /** Why it failed (short, no secrets); null when ok. */
  error: string | null;
  durationMs: number;
  /** When not ok: false when retrying cannot help (410 Gone, endpoint deleted or disabled, no recipient). */
  retry: boolean;
  /** When not ok: nothing was sent because there is nothing to send to (the endpoint was deleted or disabled): `cancelled`, not `failed`. */
  cancelled?: boolean;
}

/** Sends one delivery of its kind. Never throws: a failure is an outcome. */
export type DeliveryHandler = (delivery: DeliveryRow, env: DeliveryEnv) => Promise<DeliveryOutcome>;

/** Writes deliveries in the caller's transaction (the change's own): they exist exactly when the change does. */
export type Enqueue = (ctx: Ctx, delivery: NewDelivery) => Promise<string>;

/**
 * Writes deliveries that were recorded more compactly with their change (webhooks: an event and
 * the endpoints subscribed to it, modules/webhooks/fanout.ts): up to `limit` of the oldest, due
 * at `at`, in one transaction that also removes what they were made from. Answers how many
 * deliveries it wrote. A worker calls it when it has room for more deliveries than are due.
 */
export type DeliveryFeeder = (database: Database, limit: number, at: Date) => Promise<number>;
