import { randomBytes } from 'node:crypto';
import type { Ctx } from '../../core/context.js';
import { bool, isTrue } from '../../core/db/dialect.js';
import { nowIso } from '../../core/dates.js';
import { ApiError, invalid, notFound, stateConflict } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { withItems, type Page, type PageRequest } from '../../core/pagination.js';
import { deliveryStore, enqueue } from '../outbox/index.js';
import { isEventType } from './event-types.js';
import { webhookRepository as repo, type DeliveryRow, type WebhookRow } from './repository.js';
import { endpointsChanged } from './subscriptions.js';
import type { CreateWebhookInput, DeliveryListQuery, DeliveryObject, UpdateWebhookInput, WebhookObject, WebhookWithSecretObject } from './schemas.js';

/**
 * Webhook endpoints (docs/webhooks.md): registered, changed and removed through the API, each
 * change recorded as `webhook.created|updated|deleted` (the endpoint without its secret). What is
 * sent to them and how is the outbox's work (send.ts, subscriptions.ts): a write of an endpoint
 * drops the subscription lists kept by this process (`endpointsChanged`).
 */

/** How long the secret before a rotation keeps signing (docs/webhooks.md#rotating-the-secret). */
export const PREVIOUS_SECRET_HOURS = 24;

/** `whsec_` + base64 of 32 random bytes, the Standard Webhooks form of a secret. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** The URL check of the outbox (targets.ts), with the setting WEBHOOK_ALLOW_PRIVATE_NETWORKS. */
export type UrlCheck = (url: string) => string | null;

export function toWebhookObject(row: WebhookRow): WebhookObject {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    description: row.description,
    enabled: isTrue(row.enabled),
    disabledReason: row.disabled_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toDeliveryObject(row: DeliveryRow): DeliveryObject {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastDurationMs: row.last_duration_ms,
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function checkedUrl(url: string, check: UrlCheck): string {
  const value = url.trim();
  const problem = check(value);
  if (problem !== null) throw invalid('url', problem);
  return value;
}

/** Known types, each once, in the order given; `*` alone stands for every type. */
function checkedEvents(events: readonly string[]): string[] {
  const unique = [...new Set(events)];
  if (unique.includes('*')) {
    if (unique.length > 1) throw invalid('events', '`*` (every event type) stands alone');
    return unique;
  }
  const unknown = unique.findIndex((type) => !isEventType(type));
  if (unknown >= 0) throw invalid(`events[${events.indexOf(unique[unknown]!)}]`, `unknown event type "${unique[unknown]}" (docs/webhooks.md#event-types)`);
  return unique;
}

async function load(ctx: Ctx, id: string): Promise<WebhookRow> {
  const row = await repo.find(ctx.db, ctx.accountId, id);
  if (!row) throw notFound('webhook', id);
  return row;
}

/** Test deliveries and retries go to enabled endpoints only: a disabled one is sent nothing. */
function assertEnabled(row: WebhookRow): void {
  if (!isTrue(row.enabled)) {
    throw stateConflict(`The webhook is disabled${row.disabled_reason ? ` (${row.disabled_reason})` : ''}: enable it first (PUT with enabled true)`);
  }
}

export const webhooks = {
  async list(ctx: Ctx, request: PageRequest): Promise<Page<WebhookObject>> {
    const page = await repo.page(ctx.db, ctx.accountId, request);
    return withItems(page, async (ids) => new Map((await repo.findMany(ctx.db, ctx.accountId, ids)).map((row) => [row.id, toWebhookObject(row)])));
  },

  async get(ctx: Ctx, id: string): Promise<WebhookObject> {
    return toWebhookObject(await load(ctx, id));
  },

  async create(ctx: Ctx, input: CreateWebhookInput, check: UrlCheck): Promise<WebhookWithSecretObject> {
    const now = nowIso();
    const row: WebhookRow = {
      id: newId(),
      account_id: ctx.accountId,
      url: checkedUrl(input.url, check),
      events: JSON.stringify(checkedEvents(input.events)),
      description: (input.description ?? '').trim(),
      enabled: bool(input.enabled ?? true),
      disabled_reason: null,
      secret: newSecret(),
      previous_secret: null,
      previous_secret_expires_at: null,
      failing_since: null,
      created_at: now,
      updated_at: now,
    };
    await repo.insert(ctx.db, row);
    endpointsChanged();
    const webhook = toWebhookObject(row);
    await recordEvent(ctx, 'webhook.created', webhook);
    return { ...webhook, secret: row.secret };
  },

  async update(ctx: Ctx, id: string, input: UpdateWebhookInput, check: UrlCheck): Promise<WebhookObject> {
    const current = await load(ctx, id);
    const changes: Partial<WebhookRow> = {};
    if (input.url !== undefined) changes.url = checkedUrl(input.url, check);
    if (input.events !== undefined) changes.events = JSON.stringify(checkedEvents(input.events));
    if (input.description !== undefined) changes.description = input.description.trim();
    if (input.enabled !== undefined && input.enabled !== isTrue(current.enabled)) {
      changes.enabled = bool(input.enabled);
      // Enabled again: a fresh start (the outbox counts failures from here). Disabled by a user: no reason of Transdesk's.
      changes.disabled_reason = null;
      changes.failing_since = null;
    }
    changes.updated_at = nowIso();
    await repo.update(ctx.db, ctx.accountId, id, changes);
    endpointsChanged();
    const webhook = toWebhookObject({ ...current, ...changes });
    await recordEvent(ctx, 'webhook.updated', webhook);
    return webhook;
  },

  /** Removes the endpoint with its deliveries and their attempts (docs/webhooks.md#deleting-an-endpoint). */
  async remove(ctx: Ctx, id: string): Promise<void> {
    const row = await load(ctx, id);
    await deliveryStore.removeOfEndpoint(ctx.db, ctx.accountId, id);
    await repo.delete(ctx.db, ctx.accountId, id);
    endpointsChanged();
    await recordEvent(ctx, 'webhook.deleted', toWebhookObject(row));
  },

  /** A new secret; the current one keeps signing for PREVIOUS_SECRET_HOURS (docs/webhooks.md#rotating-the-secret). */
  async rotateSecret(ctx: Ctx, id: string): Promise<WebhookWithSecretObject> {
    const current = await load(ctx, id);
    const now = new Date();
    const changes: Partial<WebhookRow> = {
      secret: newSecret(),
      previous_secret: current.secret,
      previous_secret_expires_at: new Date(now.getTime() + PREVIOUS_SECRET_HOURS * 3_600_000).toISOString(),
      updated_at: now.toISOString(),
    };
    await repo.update(ctx.db, ctx.accountId, id, changes);
    const webhook = toWebhookObject({ ...current, ...changes });
    await recordEvent(ctx, 'webhook.updated', webhook);
    return { ...webhook, secret: changes.secret! };
  },

  /** A `webhook.test` delivery to this endpoint only, sent by the outbox after commit (docs/webhooks.md#testing-an-endpoint). */
  async test(ctx: Ctx, id: string): Promise<DeliveryObject> {
    const row = await load(ctx, id);
    assertEnabled(row);
    const payload = { id: newId(), type: 'webhook.test', createdAt: nowIso(), data: { webhookId: id } };
    const deliveryId = await enqueue(ctx, { kind: 'webhook', endpointId: id, eventId: null, eventType: 'webhook.test', payload });
    return webhooks.delivery(ctx, id, deliveryId);
  },

  async deliveries(ctx: Ctx, id: string, query: DeliveryListQuery): Promise<Page<DeliveryObject>> {
    await load(ctx, id);
    const { status, ...request } = query;
    const page = await repo.deliveryPage(ctx.db, ctx.accountId, id, status, request);
    return withItems(page, async (ids) => new Map((await repo.findDeliveries(ctx.db, ctx.accountId, ids)).map((row) => [row.id, toDeliveryObject(row)])));
  },

  async delivery(ctx: Ctx, id: string, deliveryId: string): Promise<DeliveryObject> {
    const row = await repo.findDelivery(ctx.db, ctx.accountId, id, deliveryId);
    if (!row) throw notFound('delivery of this webhook', deliveryId);
    return toDeliveryObject(row);
  },

  /**
   * A delivery sent again: a failed, cancelled or pending one becomes pending and due now (a
   * succeeded one is 409). A worker's claim on it is left alone: a delivery being sent is not sent
   * twice at once (docs/webhooks.md#retrying-a-delivery).
   */
  async retry(ctx: Ctx, id: string, deliveryId: string): Promise<DeliveryObject> {
    const endpoint = await load(ctx, id);
    const row = await repo.findDelivery(ctx.db, ctx.accountId, id, deliveryId);
    if (!row) throw notFound('delivery of this webhook', deliveryId);
    if (row.status === 'succeeded') throw new ApiError('state_conflict', 'This delivery succeeded: there is nothing to retry');
    assertEnabled(endpoint);
    const now = nowIso();
    const changes: Partial<DeliveryRow> = { status: 'pending', next_attempt_at: now, updated_at: now };
    await deliveryStore.update(ctx.db, ctx.accountId, deliveryId, changes);
    return toDeliveryObject({ ...row, ...changes });
  },
};
