import type { Executor } from '../../core/db/dialect.js';
import type { DeliveriesTable, DeliveryStatus, WebhookEndpointsTable } from '../../core/db/schema.js';
import { paginateIds, type Page, type PageRequest } from '../../core/pagination.js';

export type WebhookRow = WebhookEndpointsTable;
export type DeliveryRow = DeliveriesTable;

/** Webhook endpoints, and their deliveries as read here (the outbox writes them). Every query is limited to one account. */
export const webhookRepository = {
  insert(db: Executor, row: WebhookRow) {
    return db.insertInto('webhook_endpoints').values(row).execute();
  },
  find(db: Executor, accountId: string, id: string) {
    return db.selectFrom('webhook_endpoints').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  },
  page(db: Executor, accountId: string, request: PageRequest): Promise<Page<string>> {
    const query = db.selectFrom('webhook_endpoints').where('webhook_endpoints.account_id', '=', accountId);
    return paginateIds(query, 'webhook_endpoints', request, { createdAt: 'created_at', updatedAt: 'updated_at' });
  },
  findMany(db: Executor, accountId: string, ids: readonly string[]) {
    return db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
  },
  async update(db: Executor, accountId: string, id: string, changes: Partial<WebhookRow>): Promise<void> {
    await db.updateTable('webhook_endpoints').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  },
  async delete(db: Executor, accountId: string, id: string): Promise<void> {
    await db.deleteFrom('webhook_endpoints').where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  /** The deliveries of one endpoint, optionally of some statuses (index deliveries_endpoint). */
  deliveryPage(db: Executor, accountId: string, endpointId: string, statuses: readonly DeliveryStatus[] | undefined, request: PageRequest) {
    let query = db.selectFrom('deliveries').where('deliveries.account_id', '=', accountId).where('deliveries.endpoint_id', '=', endpointId);
    if (statuses && statuses.length > 0) query = query.where('deliveries.status', 'in', [...statuses]);
    return paginateIds(query, 'deliveries', request, { createdAt: 'created_at', updatedAt: 'updated_at' });
  },
  findDeliveries(db: Executor, accountId: string, ids: readonly string[]) {
    return db
      .selectFrom('deliveries')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
  },
  findDelivery(db: Executor, accountId: string, endpointId: string, id: string) {
    return db
      .selectFrom('deliveries')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('endpoint_id', '=', endpointId)
      .where('id', '=', id)
      .executeTakeFirst();
  },
};
