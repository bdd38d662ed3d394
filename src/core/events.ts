import { newId } from './ids.js';
import { nowIso } from './dates.js';
import type { Ctx } from './context.js';

/**
 * Every change writes an event row in the same transaction as the change (DESIGN §2.5):
 * `type` is `<resource>.<created|updated|deleted>`, `data` the record after the change
 * (the last state for a deletion).
 */
export async function recordEvent(ctx: Ctx, type: string, data: unknown): Promise<void> {
  await ctx.db
    .insertInto('events')
    .values({ id: newId(), account_id: ctx.accountId, type, data: JSON.stringify(data), created_at: nowIso() })
    .execute();
}
