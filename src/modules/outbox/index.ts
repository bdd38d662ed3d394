/** The outbox (docs/webhooks.md#delivery): deliveries written with a change, sent after it commits. */
export { enqueue, writeDeliveries } from './enqueue.js';
export { deliveryStore } from './deliveries.js';
export type { DeliveryEnv, DeliveryFeeder, DeliveryHandler, DeliveryOutcome, DeliveryRow, Enqueue, NewDelivery } from './contract.js';
export { createOutboxWorker, type AbandonHooks, type DeliveryHandlers, type OutboxWorker, type OutboxWorkerOptions } from './worker.js';
export { MAX_ATTEMPTS, RETRY_WAITS_MS, nextAttemptAt } from './schedule.js';
/** Wakes this process's workers now (after a delivery was made due again, e.g. a retry by hand, outside `enqueue`). */
export { enqueued as wakeOutbox } from './wake.js';
