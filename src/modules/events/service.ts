import type { Static } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import { toIsoDate } from '../../core/dates.js';
import { withItems, type Page } from '../../core/pagination.js';
import { eventRepository as repo, type EventRow } from './repository.js';
import type { Event, EventQuery } from './schemas.js';

export type EventObject = Static<typeof Event>;
export type EventListQuery = Static<typeof EventQuery>;

function toObject(row: EventRow): EventObject {
  return { id: row.id, type: row.type, data: JSON.parse(row.data) as Record<string, unknown>, createdAt: row.created_at };
}

export const events = {
  /** The account's events, newest first by default (docs/reference.md#events, docs/reference.md#listings). */
  async list(ctx: Ctx, query: EventListQuery): Promise<Page<EventObject>> {
    const { type, createdAfter, ...pageRequest } = query;
    const page = await repo.page(
      ctx.db,
      ctx.accountId,
      { types: type, createdAfter: createdAfter === undefined ? undefined : toIsoDate(createdAfter) },
      pageRequest,
    );
    return withItems(page, async (ids) => new Map((await repo.findMany(ctx.db, ctx.accountId, ids)).map((row) => [row.id, toObject(row)])));
  },
};
