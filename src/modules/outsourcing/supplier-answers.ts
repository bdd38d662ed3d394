import type { Ctx } from '../../core/context.js';
import { isTrue } from '../../core/db/dialect.js';
import { nowIso } from '../../core/dates.js';
import { invalid, notFound, stateConflict } from '../../core/errors.js';
import { jobStore, type JobObject } from '../jobs/index.js';
import { checklistOf, PORTAL_CONFIRM_STATUSES } from '../outsourcing-view/index.js';
import { offerRounds } from './offer-rounds.js';
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
/** Applies an answer to the outsourcing of a job (locked by loading the job), records its events, answers the job. */
async function applyAnswer(
  ctx: Ctx,
  jobId: string,
  outsourcingId: string,
  answer: SupplierAnswer,
  extra: Record<string, unknown> = {},
  mailing = false,
): Promise<JobObject> {
  const job = await jobStore.load(ctx, jobId);
  // Read after the job's lock: two answers at once are judged one after the other.
  const row = await repo.find(ctx.db, ctx.accountId, jobId, outsourcingId);
  if (row === undefined) throw notFound('outsourcing', outsourcingId);
  // An offer of a round (offer-rounds.ts): refused when the round is closed or expired; the first acceptance may win it.
  const round = await offerRounds.answering(ctx, row, answer.kind);
  const at = nowIso();
  const changes = answerColumns(row, answer, at);
  await repo.update(ctx.db, ctx.accountId, outsourcingId, { ...changes, updated_at: at });
  await round?.apply(at);
  const saved = await changed(ctx, job);
  await outsourcingEvent(ctx, EVENT_OF[answer.kind], saved, outsourcingId, extra);
  // A status the answer moved is a status change like the agency's (docs/webhooks.md).
  if (changes.status !== undefined && changes.status !== row.status)
    await outsourcingEvent(ctx, 'status_changed', saved, outsourcingId, { previousStatus: row.status });
  await round?.record(saved, mailing);
  return saved;
}

export const supplierAnswers = {
  /** `mailing`: e-mail is configured (the suppliers of offers an acceptance closes are told). */
  async answer(ctx: Ctx, supplierId: string, outsourcingId: string, answer: SupplierAnswer, mailing = false): Promise<void> {
    const found = await repo.findOnPortal(ctx.db, ctx.accountId, supplierId, outsourcingId);
    // An offer of theirs that a round closed is a 409 that says so (offer-rounds.ts), not a 404.
    if (found === undefined) throw (await offerRounds.closedOfferError(ctx, supplierId, outsourcingId)) ?? notFound('work', outsourcingId);
    await applyAnswer(ctx, found.job_id, outsourcingId, answer, {}, mailing);
  },

  /**
   * The project manager answers for the supplier (`POST …/portal/accept|refuse`,
   * docs/supplier-portal.md#the-agencys-hand): the same answer, recorded as theirs — the events'
   * actor is the user, and their `data` says `onBehalfOfSupplier: true`.
   */
  onBehalf(
    ctx: Ctx,
    jobId: string,
    outsourcingId: string,
    answer: Extract<SupplierAnswer, { kind: 'accept' | 'refuse' }>,
    mailing = false,
  ): Promise<JobObject> {
    return applyAnswer(ctx, jobId, outsourcingId, answer, { onBehalfOfSupplier: true }, mailing);
  },

  /**
   * Takes back an offer not answered yet (`POST …/portal/withdraw`): the work leaves the portal and
   * no answer is asked any more; `job.outsourcing.withdrawn`. Accepted work is cancelled with the
   * outsourcing's status instead (409).
   */
  async withdraw(ctx: Ctx, jobId: string, outsourcingId: string): Promise<JobObject> {
    const job = await jobStore.load(ctx, jobId);
    const row = await repo.find(ctx.db, ctx.accountId, jobId, outsourcingId);
    if (row === undefined) throw notFound('outsourcing', outsourcingId);
    if (!isTrue(row.portal_confirm) || row.portal_confirm_status !== PORTAL_CONFIRM_STATUSES.pending) {
      throw stateConflict(
        row.portal_confirm_status === PORTAL_CONFIRM_STATUSES.accepted
          ? 'The supplier accepted this work: cancel the outsourcing (its status) instead'
          : 'There is no offer waiting for an answer to withdraw',
      );
    }
    const at = nowIso();
    await repo.update(ctx.db, ctx.accountId, outsourcingId, { portal_enabled: 0, portal_confirm: 0, portal_confirm_status: null, updated_at: at });
    const saved = await changed(ctx, job);
    await outsourcingEvent(ctx, 'withdrawn', saved, outsourcingId);
    return saved;
  },
};
