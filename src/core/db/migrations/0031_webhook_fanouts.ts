import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * `webhook_fanouts` (docs/webhooks.md#the-outbox): an event that endpoints subscribe to, whose
 * deliveries are still to be written. The change's transaction writes one small row per such
 * event — `event_id` and `endpoint_ids`, the JSON list of the endpoints subscribed at that moment —
 * instead of a delivery row per endpoint, each with three index entries (the insert that cost a
 * request with three endpoints about a tenth of its time). A worker turns each row into the
 * event's deliveries and deletes it, in one transaction, moments after the commit.
 *
 * The rows live for milliseconds and are read in `event_id` order (ids are time-ordered): on
 * SQLite the table is its own primary key (`without rowid`), one b-tree entry per event. No
 * foreign key: the event row, written in the same transaction, carries the account.
 *
 * Released: never edit.
 */
export function webhookFanouts(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema
        .createTable('webhook_fanouts')
        .addColumn('event_id', 'text', (c) => c.primaryKey())
        .addColumn('endpoint_ids', 'text', (c) => c.notNull());
      await (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table).execute();
    },
  };
}
