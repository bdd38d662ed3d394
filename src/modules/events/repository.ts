import type { Executor } from '../../core/db/dialect.js';
import type { EventsTable } from '../../core/db/schema.js';
import { paginateIds, type Page, type PageRequest } from '../../core/pagination.js';

export type EventRow = EventsTable;

export interface EventFilter {
  types?: string[];
  /** ISO date-time; strictly after. */
  createdAfter?: string;
  /** The actor's user (index `events_actor_user`). */
  userId?: string;
  /** The record the events are about (index `events_object`). */
  objectType?: string;
  objectId?: string;
}

export const eventRepository = {
  page(db: Executor, accountId: string, filter: EventFilter, request: PageRequest): Promise<Page<string>> {
    let query = db.selectFrom('events').where('events.account_id', '=', accountId);
    if (filter.types && filter.types.length > 0) query = query.where('events.type', 'in', filter.types);
    if (filter.createdAfter !== undefined) query = query.where('events.created_at', '>', filter.createdAfter);
    if (filter.userId !== undefined) query = query.where('events.actor_user_id', '=', filter.userId);
    if (filter.objectType !== undefined) query = query.where('events.object_type', '=', filter.objectType);
    if (filter.objectId !== undefined) query = query.where('events.object_id', '=', filter.objectId);
    return paginateIds(query, 'events', request, { createdAt: 'created_at' });
  },
  findMany(db: Executor, accountId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([] as EventRow[]);
    return db
      .selectFrom('events')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
  },
};
