import type { Ctx } from '../../core/context.js';
import { isTrue } from '../../core/db/dialect.js';
import { nowIso } from '../../core/dates.js';
import { invalid, notFound, stateConflict } from '../../core/errors.js';
import { jobStore } from '../jobs/index.js';
import { checklistOf, PORTAL_CONFIRM_STATUSES } from '../outsourcing-view/index.js';
import { outsourcingRepository as repo, type OutsourcingRow } from './repository.js';
import { changed, outsourcingEvent } from './service.js';

/** Outsourcing statuses the portal moves (schemas.ts OUTSOURCING_STATUSES). */
const NOT_STARTED = 1;
const IN_PROGRESS = 2;
const TO_BE_REVIEWED = 3;
const FINISHED = 4;
const CANCELLED = 5;

/** The supplier's comments: plain text, at most this long. */
export const SUPPLIER_COMMENTS_MAX = 10_000;

/** What a supplier's person does on the portal (docs/supplier-portal.md#what-a-supplier-does). */
export type SupplierAnswer =
  | { kind: 'accept'; comment?: string }
  | { kind: 'refuse'; reason: string }
  | { kind: 'tick'; itemId: string; done: boolean }
  | { kind: 'comments'; text: string }
  | { kind: 'done' };

const EVENT_OF: Record<SupplierAnswer['kind'], string> = { accept: 'accepted', refuse: 'refused', tick: 'updated', comments: 'updated', done: 'done' };

const text = (value: string | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** The columns an answer changes, or the refusal (409) when the outsourcing is not in a state to take it. */
function answerColumns(row: OutsourcingRow, answer: SupplierAnswer, at: string): Partial<OutsourcingRow> {
  const status = row.portal_confirm_status;
  const answerable = isTrue(row.portal_confirm) && status === PORTAL_CONFIRM_STATUSES.pending;
  if (row.status === CANCELLED) throw stateConflict('The agency cancelled this work: nothing more can be done on it');
  switch (answer.kind) {
    case 'accept':
    case 'refuse':
      if (!answerable) {
        throw stateConflict(
          status === PORTAL_CONFIRM_STATUSES.accepted
            ? 'You accepted this work already'
            : status === PORTAL_CONFIRM_STATUSES.refused
              ? 'You refused this work already'
              : 'The agency asks no answer for this work',
        );
      }
      if (answer.kind === 'refuse') {
        const reason = text(answer.reason);
        if (reason === null) throw invalid('reason', 'say why you refuse, for the agency');
        return { portal_confirm_status: PORTAL_CONFIRM_STATUSES.refused, portal_confirm_comment: reason, portal_sent_date_status: at };
      }
      return {
        portal_confirm_status: PORTAL_CONFIRM_STATUSES.accepted,
        portal_accepted_date: at,
        portal_confirm_comment: text(answer.comment),
        portal_sent_date_status: at,
        // Accepted work has started, as far as the agency's list is concerned (with its start date, as a move by the agency).
        ...(row.status === NOT_STARTED ? { status: IN_PROGRESS, ...(row.start_date === null ? { start_date: at } : {}) } : {}),
      };
    case 'tick': {
      const list = checklistOf(row);
      const item = list.find((candidate) => candidate.id === answer.itemId);
      if (item === undefined) throw notFound('checklist item', answer.itemId);
      item.done = answer.done;
      return { portal_checklist: JSON.stringify(list) };
    }
    case 'comments':
      if (answer.text.length > SUPPLIER_COMMENTS_MAX) throw invalid('comments', `at most ${SUPPLIER_COMMENTS_MAX} characters`);
      return { portal_supplier_comments: text(answer.text) };
    case 'done':
      if (status === PORTAL_CONFIRM_STATUSES.pending || status === PORTAL_CONFIRM_STATUSES.refused) {
        throw stateConflict(status === PORTAL_CONFIRM_STATUSES.pending ? 'Accept the work before you mark it done' : 'You refused this work');
      }
      if (row.portal_done_date !== null) throw stateConflict('You marked this work done already');
      // Done by the supplier is work for the agency to review; finished stays finished.
      return { portal_done_date: at, portal_sent_date_status: at, ...(row.status === FINISHED ? {} : { status: TO_BE_REVIEWED }) };
  }
}

/**
 * The writes of a supplier's person through the portal (modules/supplier-portal): the outsourcing
 * is found by its id, the account, the supplier and being on the portal — anything else is a 404,
 * whoever asks — and changed like any write of an outsourcing: the job is locked, its `updatedAt`
 * moves, `job.updated` then `job.outsourcing.<accepted|refused|done|updated>` (and
 * `job.outsourcing.status_changed` when it moved the status) are recorded with the portal person as actor.
 */
export const supplierAnswers = {
  async answer(ctx: Ctx, supplierId: string, outsourcingId: string, answer: SupplierAnswer): Promise<void> {
    const found = await repo.findOnPortal(ctx.db, ctx.accountId, supplierId, outsourcingId);
    if (found === undefined) throw notFound('work', outsourcingId);
    const job = await jobStore.load(ctx, found.job_id);
    // Read again after the job's lock: two answers at once are judged one after the other.
    const row = (await repo.find(ctx.db, ctx.accountId, found.job_id, outsourcingId))!;
    const at = nowIso();
    const changes = answerColumns(row, answer, at);
    await repo.update(ctx.db, ctx.accountId, outsourcingId, { ...changes, updated_at: at });
    const saved = await changed(ctx, job);
    await outsourcingEvent(ctx, EVENT_OF[answer.kind], saved, outsourcingId);
    // A status the answer moved is a status change like the agency's (docs/webhooks.md).
    if (changes.status !== undefined && changes.status !== row.status)
      await outsourcingEvent(ctx, 'status_changed', saved, outsourcingId, { previousStatus: row.status });
  },
};
