import { Type, type Static } from '@sinclair/typebox';
import { ArrayParam, DateOut, Id, Input, Nullable, Paginated, pageQuery } from '../../core/schemas.js';

/** Webhook endpoints and their deliveries (docs/webhooks.md). */

export const MAX_URL_LENGTH = 2048;
export const MAX_DESCRIPTION_LENGTH = 500;
export const MAX_EVENTS = 100;

const Url = Type.String({
  minLength: 1,
  maxLength: MAX_URL_LENGTH,
  description: `where the events are posted: an absolute https URL (private addresses, and http towards them only, when WEBHOOK_ALLOW_PRIVATE_NETWORKS=true); at most ${MAX_URL_LENGTH} characters`,
});
const Events = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
  minItems: 1,
  maxItems: MAX_EVENTS,
  description: 'the event types sent to the endpoint (docs/webhooks.md#event-types), or `["*"]` for every type',
});
const Description = Type.String({ maxLength: MAX_DESCRIPTION_LENGTH, description: `what the endpoint is for; at most ${MAX_DESCRIPTION_LENGTH} characters` });
const Enabled = Type.Boolean({ description: 'false: nothing is sent to it (deliveries of its events are not made)' });

const webhookProperties = {
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String(), { description: 'the event types sent to it, or `["*"]`' }),
  description: Type.String(),
  enabled: Type.Boolean(),
  disabledReason: Nullable(
    Type.String({
      description: 'why Transdesk disabled it: `gone` (it answered 410 Gone) or `failing` (it failed for 5 days); null when enabled or disabled by a user',
    }),
  ),
  createdAt: DateOut(),
  updatedAt: DateOut(),
};

/** An endpoint, never its secret (docs/webhooks.md#endpoints). */
export const Webhook = Type.Object(webhookProperties, { title: 'Webhook endpoint' });
export type WebhookObject = Static<typeof Webhook>;

/** The answer of a creation or a rotation: the endpoint and its signing secret, shown this once. */
export const WebhookWithSecret = Type.Object(
  {
    ...webhookProperties,
    secret: Type.String({ description: 'the signing secret (`whsec_` + base64): shown only in this answer, keep it safe' }),
  },
  { title: 'Webhook endpoint with its secret' },
);
export type WebhookWithSecretObject = Static<typeof WebhookWithSecret>;

export const WebhookPage = Paginated(Webhook);

export const CreateWebhook = Input({
  url: Url,
  events: Events,
  description: Type.Optional(Description),
  enabled: Type.Optional(Enabled),
});
export type CreateWebhookInput = Static<typeof CreateWebhook>;

export const UpdateWebhook = Input({
  url: Type.Optional(Url),
  events: Type.Optional(Events),
  description: Type.Optional(Description),
  enabled: Type.Optional(Type.Boolean({ description: 'false disables it; true enables it again (and clears disabledReason)' })),
});
export type UpdateWebhookInput = Static<typeof UpdateWebhook>;

export const WEBHOOK_SORTS = ['createdAt', 'updatedAt'] as const;
export const WebhookQuery = Input({ ...pageQuery(WEBHOOK_SORTS) });

export const DeliveryStatus = Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('cancelled')], {
  description: '`pending` (to be sent, or sent again), `succeeded`, `failed` (gave up), `cancelled`',
});

/** One delivery of an endpoint: an event sent (or to be sent) to it (docs/webhooks.md#deliveries). */
export const Delivery = Type.Object(
  {
    id: Type.String({ description: 'also the `webhook-id` header of every attempt (stable across retries)' }),
    eventId: Nullable(Type.String({ description: 'the event (GET /v2/events); null for `webhook.test`' })),
    eventType: Type.String(),
    status: DeliveryStatus,
    attempts: Type.Integer({ description: 'attempts made so far' }),
    lastStatusCode: Nullable(Type.Integer({ description: 'the HTTP status of the last attempt; null when it got no answer or none was made' })),
    lastDurationMs: Nullable(Type.Integer({ description: 'how long the last attempt took' })),
    lastError: Nullable(Type.String({ description: 'why the last attempt failed' })),
    nextAttemptAt: Nullable(DateOut()),
    createdAt: DateOut(),
    updatedAt: DateOut(),
  },
  { title: 'Webhook delivery' },
);
export type DeliveryObject = Static<typeof Delivery>;

export const DeliveryPage = Paginated(Delivery);

export const DELIVERY_SORTS = ['createdAt', 'updatedAt'] as const;
export const DeliveryQuery = Input({
  ...pageQuery(DELIVERY_SORTS),
  status: ArrayParam(DeliveryStatus),
});
export type DeliveryListQuery = Static<typeof DeliveryQuery>;

export const DeliveryParams = Type.Object({ id: Id(), deliveryId: Id() }, { additionalProperties: false });
