import { SYSTEM_ACTOR, type Ctx } from '../../core/context.js';
import type { Database } from '../../core/db/database.js';
import { isTrue } from '../../core/db/dialect.js';
import type { OfferRoundAward } from '../../core/db/schema.js';
import { nowIso, toIsoDate } from '../../core/dates.js';
import { invalid, notFound, stateConflict } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { jobs, jobStore, type JobObject, type StoredJob } from '../jobs/index.js';
import { PORTAL_CONFIRM_STATUSES } from '../outsourcing-view/index.js';
import { portalPeople } from '../portal-access/index.js';
import { suppliers } from '../suppliers/index.js';
import { queueOfferClosedMails, type OfferClosedReason } from './offer-round-mail.js';
import { offerRoundStore as store, type OfferRoundRow } from './offer-round-store.js';
import type { OfferRoundObject, OfferRoundState } from './offer-round-schemas.js';
import { outsourcingRepository as repo, type OutsourcingRow } from './repository.js';
import type { OutsourcingInput } from './schemas.js';
import { changed, outsourcingEvent, outsourcingService } from './service.js';

/**
 * Offer rounds (docs/supplier-portal.md#offer-rounds): a job's work offered to several suppliers
 * at once, one outsourcing each, awarded to the first to accept (`first`) or to the one the
 * project manager chooses among those who accepted (`choose`); the others are closed and told.
 * Every write locks the job first (jobStore.load), then reads the round: two acceptances at once,
 * on any number of processes, are judged one after the other.
 */
const CANCELLED = 5;
const { pending, accepted } = PORTAL_CONFIRM_STATUSES;

/** Where a round stands at `now`: withdrawn and awarded are final; an open round past its expiry is expired. */
export function roundState(round: Pick<OfferRoundRow, 'withdrawn_at' | 'awarded_outsourcing_id' | 'expires_at'>, now: string): OfferRoundState {
  if (round.withdrawn_at !== null) return 'withdrawn';
  if (round.awarded_outsourcing_id !== null) return 'awarded';
  return round.expires_at <= now ? 'expired' : 'open';
}

const isPending = (row: Pick<OutsourcingRow, 'portal_confirm' | 'portal_confirm_status'>) =>
  isTrue(row.portal_confirm) && row.portal_confirm_status === pending;

/**
 * How an offer that lost (or whose round was withdrawn) is closed: a pending one leaves the portal
 * and asks no answer any more (as `…/portal/withdraw`); every one not cancelled yet is cancelled,
 * so that the job's cost counts only the awarded offer. `told`: its supplier is told (it was
 * waiting for an answer, or had accepted). Null: nothing to close.
 */
export function closingOf(row: OutsourcingRow): { columns: Partial<OutsourcingRow>; told: boolean } | null {
  const wasPending = isPending(row);
  if (row.status === CANCELLED && !wasPending) return null;
  const columns: Partial<OutsourcingRow> = { status: CANCELLED };
  if (wasPending) Object.assign(columns, { portal_enabled: 0, portal_confirm: 0, portal_confirm_status: null });
  return { columns, told: wasPending || row.portal_confirm_status === accepted };
}

interface Closed {
  row: OutsourcingRow;
  told: boolean;
}

async function closeOffers(ctx: Ctx, rows: readonly OutsourcingRow[], at: string): Promise<Closed[]> {
  const closed: Closed[] = [];
  for (const row of rows) {
    const closing = closingOf(row);
    if (closing === null) continue;
    await repo.update(ctx.db, ctx.accountId, row.id, { ...closing.columns, updated_at: at });
    closed.push({ row, told: closing.told });
  }
  return closed;
}

/** The events of closed offers (`withdrawn` for those told, `status_changed` for each), and their suppliers' e-mails. */
async function recordClosed(ctx: Ctx, saved: JobObject, round: OfferRoundRow, closed: readonly Closed[], reason: OfferClosedReason, mailing: boolean) {
  for (const { row, told } of closed) {
    if (told) await outsourcingEvent(ctx, 'withdrawn', saved, row.id, { offerRoundId: round.id, reason });
    if (row.status !== CANCELLED) await outsourcingEvent(ctx, 'status_changed', saved, row.id, { previousStatus: row.status });
  }
  await queueOfferClosedMails(
    ctx,
    mailing,
    closed.filter((one) => one.told).map(({ row }) => ({ supplierId: row.supplier_id, name: row.name })),
    reason,
  );
}

function toObject(round: OfferRoundRow, offers: readonly OutsourcingRow[], job: JobObject, now: string): OfferRoundObject {
  const names = new Map(job.outsourcing.map((item) => [item.id, item.supplier.name]));
  return {
    object: 'offer_round',
    id: round.id,
    jobId: round.job_id,
    award: round.award,
    expiresAt: round.expires_at,
    state: roundState(round, now),
    awardedOutsourcingId: round.awarded_outsourcing_id,
    awardedAt: round.awarded_at,
    withdrawnAt: round.withdrawn_at,
    createdAt: round.created_at,
    offers: offers
      .filter((offer) => offer.offer_round_id === round.id)
      .map((offer) => ({
        outsourcingId: offer.id,
        supplier: { id: offer.supplier_id, name: names.get(offer.id) ?? '' },
        status: offer.status,
        confirmStatus: offer.portal_confirm_status,
        acceptedDate: offer.portal_accepted_date,
        comment: offer.portal_confirm_comment,
      })),
  };
}

async function answerOf(ctx: Ctx, round: OfferRoundRow, job: JobObject): Promise<OfferRoundObject> {
  const fresh = (await store.find(ctx.db, ctx.accountId, round.job_id, round.id)) ?? round;
  return toObject(fresh, await store.offersOf(ctx.db, ctx.accountId, [round.id]), job, nowIso());
}

/** The round of a job, after the job's lock (404 for another job's, or none). */
async function lockedRound(ctx: Ctx, jobId: string, roundId: string): Promise<{ job: StoredJob; round: OfferRoundRow }> {
  const job = await jobStore.load(ctx, jobId);
  const round = await store.find(ctx.db, ctx.accountId, jobId, roundId, ctx.dialect);
  if (round === undefined) throw notFound('offer round', roundId);
  return { job, round };
}

export type OfferRoundInput = Omit<OutsourcingInput, 'supplier' | 'unitCost' | 'status'> & { suppliers: string[]; expiresAt: string; award: OfferRoundAward };

/** What an answer to an offer of a round does to the round (applyAnswer of supplier-answers.ts). */
export interface RoundAnswer {
  /** Before the job is saved: the round awarded and the other offers closed. */
  apply(at: string): Promise<void>;
  /** After: their events and e-mails. */
  record(saved: JobObject, mailing: boolean): Promise<void>;
}

export const offerRounds = {
  /**
   * `POST /v2/jobs/:id/outsourcing/offers`: the round and one outsourcing per supplier, each at
   * its own supplier price, on the portal asking an answer, sent now, `job.outsourcing.created`
   * then `offered`. 409 (nothing written: the caller's transaction) when a supplier has nobody
   * with portal access. Answers the round and the job; the caller e-mails the offers.
   */
  async create(ctx: Ctx, jobId: string, input: OfferRoundInput): Promise<{ round: OfferRoundObject; job: JobObject }> {
    await jobStore.load(ctx, jobId);
    const now = nowIso();
    const expiresAt = toIsoDate(input.expiresAt);
    if (expiresAt <= now) throw invalid('expiresAt', 'must be in the future');
    for (const supplierId of input.suppliers) {
      if (!(await suppliers.exists(ctx, supplierId))) throw invalid('suppliers', `no supplier with id ${supplierId}`);
    }
    for (const supplierId of input.suppliers) {
      if ((await portalPeople.activeOf(ctx, 'supplier', supplierId)).length === 0) {
        // Named, not only its id: the console shows this message as it is.
        const { name } = await suppliers.get(ctx, supplierId);
        throw stateConflict(
          `Nobody of the supplier ${name} (${supplierId}) can open the portal: give one of its contacts portal access first (POST /v2/suppliers/:id/contacts/:contactId/portal-access)`,
        );
      }
    }
    const round: OfferRoundRow = {
      id: newId(),
      account_id: ctx.accountId,
      job_id: jobId,
      award: input.award,
      expires_at: expiresAt,
      awarded_outsourcing_id: null,
      awarded_at: null,
      withdrawn_at: null,
      expiry_recorded_at: null,
      created_at: now,
      updated_at: now,
    };
    await store.insert(ctx.db, round);
    const { suppliers: supplierIds, expiresAt: _expiry, award: _award, ...fields } = input;
    let job: JobObject | undefined;
    for (const supplier of supplierIds) job = await outsourcingService.create(ctx, jobId, { ...fields, supplier }, { roundId: round.id, sentAt: now });
    const offers = await store.offersOf(ctx.db, ctx.accountId, [round.id]);
    for (const offer of offers) await outsourcingEvent(ctx, 'offered', job!, offer.id, { offerRoundId: round.id });
    return { round: toObject(round, offers, job!, now), job: job! };
  },

  async get(ctx: Ctx, jobId: string, roundId: string): Promise<OfferRoundObject> {
    const job = await jobs.get(ctx, jobId);
    const round = await store.find(ctx.db, ctx.accountId, jobId, roundId);
    if (round === undefined) throw notFound('offer round', roundId);
    return toObject(round, await store.offersOf(ctx.db, ctx.accountId, [round.id]), job, nowIso());
  },

  async list(ctx: Ctx, jobId: string): Promise<OfferRoundObject[]> {
    const job = await jobs.get(ctx, jobId);
    const rounds = await store.listOfJob(ctx.db, ctx.accountId, jobId);
    const offers = await store.offersOf(
      ctx.db,
      ctx.accountId,
      rounds.map((round) => round.id),
    );
    const now = nowIso();
    return rounds.map((round) => toObject(round, offers, job, now));
  },

  /**
   * `POST …/offers/:roundId/award` (award `choose`, or `first` before anyone accepted): the offer
   * must be accepted (409 otherwise); the others are closed and their suppliers told.
   */
  async award(ctx: Ctx, jobId: string, roundId: string, outsourcingId: string, mailing: boolean): Promise<OfferRoundObject> {
    const { job, round } = await lockedRound(ctx, jobId, roundId);
    const state = roundState(round, nowIso());
    if (state === 'withdrawn' || state === 'awarded') throw stateConflict(`This offer round is ${state} already`);
    const offers = await store.offersOf(ctx.db, ctx.accountId, [round.id]);
    const winner = offers.find((offer) => offer.id === outsourcingId);
    if (winner === undefined) throw invalid('outsourcingId', `no offer of this round with id ${outsourcingId}`);
    if (winner.portal_confirm_status !== accepted || winner.status === CANCELLED) {
      throw stateConflict('Only an offer its supplier accepted can be awarded: this one is not accepted');
    }
    const at = nowIso();
    await store.update(ctx.db, ctx.accountId, round.id, { awarded_outsourcing_id: winner.id, awarded_at: at, updated_at: at });
    const closed = await closeOffers(
      ctx,
      offers.filter((offer) => offer.id !== winner.id),
      at,
    );
    const saved = await changed(ctx, job);
    await recordClosed(ctx, saved, round, closed, 'awarded', mailing);
    return answerOf(ctx, round, saved);
  },

  /** `POST …/offers/:roundId/withdraw`: every offer of a round not awarded is closed and its supplier told. */
  async withdraw(ctx: Ctx, jobId: string, roundId: string, mailing: boolean): Promise<OfferRoundObject> {
    const { job, round } = await lockedRound(ctx, jobId, roundId);
    const state = roundState(round, nowIso());
    if (state === 'withdrawn') throw stateConflict('This offer round is withdrawn already');
    if (state === 'awarded') throw stateConflict('This offer round is awarded: cancel the awarded outsourcing (its status) instead');
    const at = nowIso();
    await store.update(ctx.db, ctx.accountId, round.id, { withdrawn_at: at, updated_at: at });
    const closed = await closeOffers(ctx, await store.offersOf(ctx.db, ctx.accountId, [round.id]), at);
    const saved = await changed(ctx, job);
    await recordClosed(ctx, saved, round, closed, 'withdrawn', mailing);
    return answerOf(ctx, round, saved);
  },

  /**
   * An answer (accept or refuse) to an offer of a round, judged after the job's lock: refused
   * (409) when the round is withdrawn, awarded to another, or expired while the offer waited.
   * The acceptance of a round awarded to the first wins it: the answer's `apply` awards it and
   * closes the other offers in the same transaction.
   */
  async answering(ctx: Ctx, row: OutsourcingRow, kind: string): Promise<RoundAnswer | undefined> {
    if (row.offer_round_id === null || (kind !== 'accept' && kind !== 'refuse')) return undefined;
    const round = await store.find(ctx.db, ctx.accountId, row.job_id, row.offer_round_id, ctx.dialect);
    if (round === undefined) return undefined;
    if (round.withdrawn_at !== null) throw stateConflict('The agency withdrew this offer');
    if (round.awarded_outsourcing_id !== null && round.awarded_outsourcing_id !== row.id) {
      throw stateConflict('This work was given to another supplier: the offer is closed');
    }
    if (isPending(row) && round.expires_at <= nowIso()) {
      throw stateConflict(`This offer expired at ${round.expires_at}: it can no longer be ${kind === 'accept' ? 'accepted' : 'refused'}`);
    }
    if (kind !== 'accept' || round.award !== 'first' || round.awarded_outsourcing_id !== null) return undefined;
    let closed: Closed[] = [];
    return {
      async apply(at) {
        await store.update(ctx.db, ctx.accountId, round.id, { awarded_outsourcing_id: row.id, awarded_at: at, updated_at: at });
        const others = (await store.offersOf(ctx.db, ctx.accountId, [round.id])).filter((offer) => offer.id !== row.id);
        closed = await closeOffers(ctx, others, at);
      },
      record: (saved, mailing) => recordClosed(ctx, saved, round, closed, 'awarded', mailing),
    };
  },

  /**
   * The refusal of an answer to an offer of the supplier that its round closed (awarded to another,
   * or withdrawn), which is off the portal: a 409 saying so rather than a 404. Undefined otherwise.
   */
  async closedOfferError(ctx: Ctx, supplierId: string, outsourcingId: string): Promise<Error | undefined> {
    const row = await repo.findOfSupplier(ctx.db, ctx.accountId, supplierId, outsourcingId);
    if (row === undefined || row.offer_round_id === null) return undefined;
    const round = await store.find(ctx.db, ctx.accountId, row.job_id, row.offer_round_id);
    if (round?.withdrawn_at != null) return stateConflict('The agency withdrew this offer');
    if (round?.awarded_outsourcing_id != null && round.awarded_outsourcing_id !== row.id) {
      return stateConflict('This work was given to another supplier: the offer is closed');
    }
    return undefined;
  },

  /** When the rounds of some outsourcings expire, for the portal's work (outsourcing id → expiry). */
  expiriesOf(ctx: Ctx, outsourcingIds: readonly string[]): Promise<Map<string, string>> {
    return store.expiriesOf(ctx.db, ctx.accountId, outsourcingIds);
  },
};

/** Rounds one sweep handles at most; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

/**
 * Records `job.outsourcing.expired` once per offer still pending when its round expired (rounds
 * neither awarded nor withdrawn), each round in a transaction of its own after its job's lock,
 * and marks the round so. Answers how many rounds it handled.
 */
export async function sweepExpiredRounds(database: Database, now = nowIso()): Promise<number> {
  const due = await store.dueForExpiry(database.db, now, SWEEP_BATCH);
  for (const { id, account_id: accountId, job_id: jobId } of due) {
    await database.db.transaction().execute(async (tx) => {
      const ctx: Ctx = { db: tx, dialect: database.dialect, accountId, userId: '', actor: SYSTEM_ACTOR };
      const locked = await jobStore.lock(ctx, jobId).catch(() => undefined);
      const round = await store.find(tx, accountId, jobId, id, database.dialect);
      if (round === undefined || round.expiry_recorded_at !== null) return;
      if (locked !== undefined && roundState(round, now) === 'expired') {
        const job = await jobs.get(ctx, jobId);
        const offers = await store.offersOf(tx, accountId, [id]);
        for (const offer of offers.filter((one) => isPending(one) && one.status !== CANCELLED)) {
          await outsourcingEvent(ctx, 'expired', job, offer.id, { offerRoundId: id, expiresAt: round.expires_at });
        }
      }
      await store.update(tx, accountId, id, { expiry_recorded_at: now, updated_at: now });
    });
  }
  return due.length;
}
