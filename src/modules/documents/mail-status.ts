import type { Ctx } from '../../core/context.js';
import { nowIso } from '../../core/dates.js';
import { recordEvent } from '../../core/events.js';
import type { KindConfig } from './kinds.js';
import { documentRepository as repo } from './repository.js';
import type { EmailStatus } from './schemas.js';
import { documents } from './service.js';

/**
 * The state of a document's e-mail after an attempt (`delivered`, or `failed` when given up), in
 * the caller's transaction: not an edit, so `updatedAt` stays, but a change all the same, recorded
 * as `<object>.updated`. False when the document no longer exists.
 */
export async function recordEmailStatus(ctx: Ctx, kind: KindConfig, id: string, status: EmailStatus): Promise<boolean> {
  const [row] = await repo.findMany(ctx.db, ctx.accountId, kind.kind, [id]);
  if (row === undefined) return false;
  await repo.update(ctx.db, ctx.accountId, id, { email_status: status, email_status_at: nowIso() });
  await recordEvent(ctx, `${kind.object}.updated`, await documents.get(ctx, kind, id));
  return true;
}
