/**
 * Webhooks (docs/webhooks.md): endpoints registered through the API (routes.ts) and the catalogue
 * of event types they subscribe to (event-types.ts). The outbox's sending lives beside them
 * (send.ts, subscriptions.ts, targets.ts).
 */
export { webhookRoutes } from './routes.js';
export { EVENT_TYPES, isEventType } from './event-types.js';
export { toWebhookObject, webhooks } from './service.js';
export { sendWebhook } from './send.js';
export { endpointsChanged, watchEndpoints } from './subscriptions.js';
export { fanOutWebhooks, webhookSink } from './fanout.js';
