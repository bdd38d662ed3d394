import type { Kysely, Migration } from 'kysely';

/**
 * The outbox (docs/webhooks.md): what Transdesk tells the world after a change commits.
 *
 * - `webhook_endpoints`: an account's registered URLs, the event types each wants (`events`, a
 *   JSON list of types or `["*"]`), its signing secret (`whsec_…`) and, for 24 hours after a
 *   rotation, the previous one; `failing_since` is the first failure of the current run of
 *   failures (null after a success), by which an endpoint failing for 5 days is disabled.
 * - `deliveries`: one message to send, created in the transaction of the change that caused it:
 *   a webhook call (`kind` `webhook`, `endpoint_id` set, `payload` the JSON body) or an e-mail
 *   (`kind` `email`, `payload` what the mailer needs). `status` is `pending`, `succeeded`,
 *   `failed` (retries exhausted or the endpoint gone) or `cancelled`; workers claim due pending
 *   rows (`next_attempt_at`), holding them until `locked_until`, so that a crashed worker's claim
 *   lapses and another sends the delivery again (at least once).
 * - `delivery_attempts`: each attempt of a delivery, for the deliveries' history.
 * - `documents` gain `sent_date` (when the document was sent) and the state of its e-mail
 *   (`email_status`: `processed`, `delivered` or `failed`; `email_status_at`).
 *
 * Released: never edit.
 */
export function outbox(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('disabled_reason', 'text')
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('previous_secret', 'text')
        .addColumn('previous_secret_expires_at', 'text')
        .addColumn('failing_since', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhook_endpoints_account').on('webhook_endpoints').columns(['account_id', 'created_at']).execute();

      await db.schema
        .createTable('deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('endpoint_id', 'text')
        .addColumn('event_id', 'text')
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text')
        .addColumn('locked_until', 'text')
        .addColumn('locked_by', 'text')
        .addColumn('last_status_code', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('last_duration_ms', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // Workers find due deliveries by status and time; an endpoint's history is read newest first.
      await db.schema.createIndex('deliveries_due').on('deliveries').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('deliveries_endpoint').on('deliveries').columns(['endpoint_id', 'created_at']).execute();

      await db.schema
        .createTable('delivery_attempts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('delivery_id', 'text', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('duration_ms', 'integer')
        .addColumn('error', 'text')
        .execute();
      await db.schema.createIndex('delivery_attempts_delivery').on('delivery_attempts').columns(['delivery_id', 'attempt']).execute();

      await db.schema.alterTable('documents').addColumn('sent_date', 'text').execute();
      await db.schema.alterTable('documents').addColumn('email_status', 'text').execute();
      await db.schema.alterTable('documents').addColumn('email_status_at', 'text').execute();
    },
  };
}
