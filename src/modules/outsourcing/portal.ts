import type { Ctx } from '../../core/context.js';
import { bool, isTrue } from '../../core/db/dialect.js';
import { nowIso } from '../../core/dates.js';
import { invalid, stateConflict } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { toRichText } from '../../core/richtext.js';
import { jobStore, type JobObject } from '../jobs/index.js';
import { checklistOf, PORTAL_CONFIRM_STATUSES } from '../outsourcing-view/index.js';
import { outsourcingRepository as repo, type OutsourcingRow } from './repository.js';
import type { PortalInput } from './schemas.js';
import { changed, load, missingReference, outsourcingEvent } from './service.js';

/**
 * `PUT /v2/jobs/:id/outsourcing/:outsourcingId/portal` (docs/jobs.md#portal): the agency's settings of
 * an outsourcing's supplier portal. A write of the outsourcing like `PUT …/:outsourcingId`: the job
 * is locked, its `updatedAt` moves and it records `job.updated`, then `job.outsourcing.updated`; the
 * answer is the job.
 */

/** Instructions as stored: sanitised rich text, or null when nothing readable is left (empty, blank, only a script). */
function instructionsOf(input: string | null): string | null {
  if (input === null || input.trim() === '') return null;
  const html = toRichText(input);
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .trim();
  return text === '' ? null : html;
}

/** The new checklist: an item sent with the id of a current item keeps it (and its tick unless `done` is sent), one without gets a new id, another id is refused. */
function checklistColumn(current: OutsourcingRow, items: NonNullable<PortalInput['checklist']>): string {
  const known = new Map(checklistOf(current).map((item) => [item.id, item.done]));
  const seen = new Set<string>();
  const list = items.map((item, i) => {
    const name = item.name.trim();
    if (name === '') throw invalid(`checklist[${i}][name]`, 'must not be empty');
    let id = item.id;
    if (id !== undefined) {
      if (!known.has(id)) throw invalid(`checklist[${i}][id]`, `no checklist item with id ${id}`);
      // One item per id: a second one would make two items that cannot be told apart.
      if (seen.has(id)) throw invalid(`checklist[${i}][id]`, `item ${id} is already in the list`);
      seen.add(id);
    } else {
      id = newId();
    }
    // A current item sent without `done` keeps the tick the supplier gave it: the agency's form,
    // opened before the supplier ticked, renames or reorders without unticking.
    return { id, name, done: item.done ?? known.get(id) ?? false };
  });
  return JSON.stringify(list);
}

/** Turning the confirmation on asks it (pending) unless it was answered; off withdraws a pending one only: an answer stays. */
function confirmColumns(current: OutsourcingRow, confirm: boolean): Partial<OutsourcingRow> {
  const answered = current.portal_confirm_status === PORTAL_CONFIRM_STATUSES.accepted || current.portal_confirm_status === PORTAL_CONFIRM_STATUSES.refused;
  if (confirm === isTrue(current.portal_confirm) || answered) return { portal_confirm: bool(confirm) };
  if (confirm) return { portal_confirm: 1, portal_confirm_status: PORTAL_CONFIRM_STATUSES.pending };
  return { portal_confirm: 0, portal_confirm_status: null, portal_accepted_date: null, portal_confirm_comment: null };
}

export const portalService = {
  async update(ctx: Ctx, jobId: string, id: string, input: PortalInput): Promise<JobObject> {
    const job = await jobStore.load(ctx, jobId);
    const current = await load(ctx, jobId, id);
    const changes: Partial<OutsourcingRow> = { ...missingReference(current) };
    if (input.enabled !== undefined) changes.portal_enabled = bool(input.enabled);
    if (input.confirm !== undefined) Object.assign(changes, confirmColumns(current, input.confirm));
    if (input.generatePurchaseOrderOnAcceptation !== undefined) changes.portal_generate_purchase_order = bool(input.generatePurchaseOrderOnAcceptation);
    if (input.instructions !== undefined) changes.portal_instructions = instructionsOf(input.instructions);
    if (input.uploadFileOnGroup !== undefined) changes.portal_upload_file_on_group = bool(input.uploadFileOnGroup);
    if (input.checklist !== undefined) changes.portal_checklist = checklistColumn(current, input.checklist);
    changes.updated_at = nowIso();
    await repo.update(ctx.db, ctx.accountId, id, changes);
    const answer = await changed(ctx, job);
    await outsourcingEvent(ctx, 'updated', answer, id);
    return answer;
  },

  /**
   * Puts the outsourcing on the portal and dates its sending (`POST …/portal/send`,
   * docs/supplier-portal.md#sending-work): `enabled`, `sentDate` now, and a pending answer when one
   * is asked and none was given yet. Records `job.outsourcing.offered` after `job.updated`. Answers
   * the job and the outsourcing's supplier.
   */
  async markSent(ctx: Ctx, jobId: string, id: string): Promise<{ job: JobObject; supplierId: string }> {
    const job = await jobStore.load(ctx, jobId);
    const current = await load(ctx, jobId, id);
    if (current.status === 5) throw stateConflict('This outsourcing is cancelled: there is nothing to send');
    const at = nowIso();
    const changes: Partial<OutsourcingRow> = { ...missingReference(current), portal_enabled: 1, portal_sent_date: at, updated_at: at };
    if (isTrue(current.portal_confirm) && current.portal_confirm_status === null) changes.portal_confirm_status = PORTAL_CONFIRM_STATUSES.pending;
    await repo.update(ctx.db, ctx.accountId, id, changes);
    const answer = await changed(ctx, job);
    await outsourcingEvent(ctx, 'offered', answer, id);
    return { job: answer, supplierId: current.supplier_id };
  },
};
