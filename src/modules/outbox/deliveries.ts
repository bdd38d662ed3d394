import type { Executor } from '../../core/db/dialect.js';
import type { DeliveriesTable } from '../../core/db/schema.js';

/**
 * The writes of deliveries that their feeders ask for, besides enqueueing them: a delivery made
 * due again by hand (a webhook's retry) and the deliveries of a removed endpoint, with their
 * attempts (docs/webhooks.md#deleting-an-endpoint). The outbox owns both tables.
 */
export const deliveryStore = {
  async update(db: Executor, accountId: string, id: string, changes: Partial<DeliveriesTable>): Promise<void> {
    await db.updateTable('deliveries').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  async removeOfEndpoint(db: Executor, accountId: string, endpointId: string): Promise<void> {
    const ofEndpoint = db.selectFrom('deliveries').select('id').where('account_id', '=', accountId).where('endpoint_id', '=', endpointId);
    await db.deleteFrom('delivery_attempts').where('delivery_id', 'in', ofEndpoint).execute();
    await db.deleteFrom('deliveries').where('account_id', '=', accountId).where('endpoint_id', '=', endpointId).execute();
  },
};
