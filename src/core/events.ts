import { newId } from './ids.js';
import { nowIso } from './dates.js';
import type { Ctx } from './context.js';
import { preparedQuery } from './db/prepared.js';

/**
 * Every change writes an event row in the same transaction as the change (docs/reference.md#events):
 * `type` is `<resource>.<created|updated|deleted>`, `data` the record after the change
 * (the last state for a deletion).
 */
export async function recordEvent(ctx: Ctx, type: string, data: unknown): Promise<void> {
  await insertEvent(ctx.db, { id: newId(), accountId: ctx.accountId, type, data: JSON.stringify(data), createdAt: nowIso() });
}

const insertEvent = preparedQuery((db, p: { id: string; accountId: string; type: string; data: string; createdAt: string }) =>
  db.insertInto('events').values({ id: p.id, account_id: p.accountId, type: p.type, data: p.data, created_at: p.createdAt }),
);
