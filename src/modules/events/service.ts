import type { Static } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import { toIsoDate } from '../../core/dates.js';
import { missing } from '../../core/errors.js';
import { withItems, type Page } from '../../core/pagination.js';
import { withoutFinancials } from '../../core/financials.js';
import { users, type UserReference } from '../users/index.js';
import { eventRepository as repo, type EventRow } from './repository.js';
import type { Event, EventQuery } from './schemas.js';

export type EventObject = Static<typeof Event>;
export type EventListQuery = Static<typeof EventQuery>;
/** The schemas of the objects events carry, by object type (`job`), whose financial fields a caller may not see. */
export type FinancialObjects = Readonly<Record<string, object>>;

function toObject(row: EventRow, usersById: Map<string, UserReference>, objects: FinancialObjects | undefined): EventObject {
  const user = row.actor_user_id === null ? null : (usersById.get(row.actor_user_id) ?? null);
  const data = JSON.parse(row.data) as Record<string, unknown>;
  // Revenue and margins hidden from the caller (core/financials.ts): out of the objects too.
  const schema = objects?.[row.type.slice(0, row.type.indexOf('.'))];
  return {
    id: row.id,
    type: row.type,
    data: schema === undefined ? data : withoutFinancials(schema, data),
    actor: { type: row.actor_type, user, apiKeyId: row.actor_key_id, portalPersonId: row.actor_portal_person_id },
    createdAt: row.created_at,
  };
}

export const events = {
  /**
   * The account's events, newest first by default (docs/reference.md#events). The filters name ids
   * that may be gone (a deleted job's history): an id that is not of the account finds nothing.
   */
  async list(ctx: Ctx, query: EventListQuery, financialObjects: FinancialObjects): Promise<Page<EventObject>> {
    const objects = ctx.financialsHidden ? financialObjects : undefined;
    const { type, createdAfter, userId, objectType, objectId, ...pageRequest } = query;
    // The history of one record is read through its type and id (index events_object).
    if (objectId !== undefined && objectType === undefined) throw missing('objectType');
    const page = await repo.page(
      ctx.db,
      ctx.accountId,
      { types: type, createdAfter: createdAfter === undefined ? undefined : toIsoDate(createdAfter), userId, objectType, objectId },
      pageRequest,
    );
    return withItems(page, async (ids) => {
      const rows = await repo.findMany(ctx.db, ctx.accountId, ids);
      // The actors' current names, in one batch through the users module.
      const usersById = await users.referencesByIds(
        ctx,
        rows.flatMap((row) => (row.actor_user_id === null ? [] : [row.actor_user_id])),
      );
      return new Map(rows.map((row) => [row.id, toObject(row, usersById, objects)]));
    });
  },
};
