import type { Executor } from '../../core/db/dialect.js';
import type { EventsTable } from '../../core/db/schema.js';
import { paginateIds, type Page, type PageRequest } from '../../core/pagination.js';

export type EventRow = EventsTable;

export interface EventFilter {
  types?: string[];
  /** ISO date-time; strictly after. */
  createdAfter?: string;
}

export const eventRepository = {
  page(db: Executor, accountId: string, filter: EventFilter, request: PageRequest): Promise<Page<string>> {
    let query = db.selectFrom('events').where('events.account_id', '=', accountId);
    if (filter.types && filter.types.length > 0) query = query.where('events.type', 'in', filter.types);
    if (filter.createdAfter !== undefined) query = query.where('events.created_at', '>', filter.createdAfter);
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
