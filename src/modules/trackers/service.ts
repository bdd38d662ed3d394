import type { Ctx } from '../../core/context.js';
import { bool, isUniqueViolation } from '../../core/db/dialect.js';
import { nowIso, toIsoDate } from '../../core/dates.js';
import { invalid, notFound, stateConflict } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { jobs, jobStore, type JobObject, type StoredJob } from '../jobs/index.js';
import { trackerRepository as repo, type EntryChanges, type EntryRow } from './repository.js';
import type { CreateTrackerInput, StopTrackerInput, UpdateTrackerInput } from './schemas.js';

/**
 * Time trackers of a job (docs/trackers.md). Every operation locks the job first (so that the changes of
 * one job's entries are serialised, on PostgreSQL across processes too), changes the entries, and
 * lets the job bump `updatedAt`, recompute its stored estimation and record `job.updated`; the
 * answer is the job. At most one running entry per user and job is guaranteed by a partial
 * unique index (migration 0008), whose violation is answered 409 `state_conflict`.
 */
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** `from` + `duration` as a stored date; 400 on `param` when it leaves the dates the API can write. */
function endOf(from: string, duration: number, param: string): string {
  const end = Date.parse(from) + duration;
  if (end > LAST_INSTANT) throw invalid(param, 'puts the end of the entry after the year 9999');
  return new Date(end).toISOString();
}

const entryMissing = (id: string) => notFound('time tracker entry', id);

async function entryOf(ctx: Ctx, jobId: string, id: string): Promise<EntryRow> {
  const row = await repo.find(ctx.db, ctx.accountId, jobId, id);
  if (!row) throw entryMissing(id);
  return row;
}

/** The changes that stop a running entry: the sent duration, else the time elapsed since `from`. */
function stopChanges(row: EntryRow, duration: number | undefined, now: string): EntryChanges {
  const elapsed = duration ?? Math.max(0, Date.parse(now) - Date.parse(row.from_at));
  return { running: 0, duration_ms: elapsed, to_at: endOf(row.from_at, elapsed, 'duration'), updated_at: now };
}

/** After a change of the job's trackers (an input of its estimation): updated_at, and the store saves the job (`job.updated`). */
function changed(ctx: Ctx, job: StoredJob): Promise<JobObject> {
  job.row.updated_at = nowIso();
  return jobStore.save(ctx, job);
}

export const trackers = {
  /** `POST /v2/jobs/:id/trackers`: a stopped entry of the calling user. */
  async create(ctx: Ctx, jobId: string, input: CreateTrackerInput): Promise<JobObject> {
    const job = await jobStore.load(ctx, jobId);
    const from = toIsoDate(input.from);
    const now = nowIso();
    await repo.insert(ctx.db, {
      id: newId(),
      account_id: ctx.accountId,
      job_id: jobId,
      user_id: ctx.userId,
      from_at: from,
      to_at: endOf(from, input.duration, 'duration'),
      duration_ms: input.duration,
      billable: bool(input.billable ?? false),
      running: 0,
      created_at: now,
      updated_at: now,
    });
    return changed(ctx, job);
  },

  /** `POST /v2/jobs/:id/trackers/start`: a running entry of the calling user from now; 409 when one runs already. */
  async start(ctx: Ctx, jobId: string): Promise<JobObject> {
    const job = await jobStore.load(ctx, jobId);
    const now = nowIso();
    try {
      await repo.insert(ctx.db, {
        id: newId(),
        account_id: ctx.accountId,
        job_id: jobId,
        user_id: ctx.userId,
        from_at: now,
        to_at: null,
        duration_ms: 0,
        billable: 0,
        running: 1,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      // The index of one running entry per job and user. On PostgreSQL the transaction is now
      // aborted: nothing more runs in it, the error rolls it back and is answered 409.
      if (isUniqueViolation(error)) throw stateConflict('You already have a running time tracker on this job; stop it first');
      throw error;
    }
    return changed(ctx, job);
  },

  /** `PUT /v2/jobs/:id/trackers/stop`: every running entry, of every user. Nothing running: the job, unchanged. */
  async stopAll(ctx: Ctx, jobId: string, input: StopTrackerInput): Promise<JobObject> {
    const job = await jobStore.load(ctx, jobId);
    const running = await repo.running(ctx.db, ctx.accountId, jobId);
    if (running.length === 0) return jobs.get(ctx, jobId);
    const now = nowIso();
    for (const row of running) await repo.update(ctx.db, ctx.accountId, jobId, row.id, stopChanges(row, input.duration, now));
    return changed(ctx, job);
  },

  /** `PUT /v2/jobs/:id/trackers/stop/:trackerId`: 409 when the entry is not running. */
  async stopOne(ctx: Ctx, jobId: string, trackerId: string, input: StopTrackerInput): Promise<JobObject> {
    const job = await jobStore.load(ctx, jobId);
    const row = await entryOf(ctx, jobId, trackerId);
    if (row.running !== 1) throw stateConflict('This time tracker entry is not running');
    await repo.update(ctx.db, ctx.accountId, jobId, trackerId, stopChanges(row, input.duration, nowIso()));
    return changed(ctx, job);
  },

  /** `PUT /v2/jobs/:id/trackers/:trackerId`: billable, duration (409 while running), from. */
  async update(ctx: Ctx, jobId: string, trackerId: string, input: UpdateTrackerInput): Promise<JobObject> {
    const job = await jobStore.load(ctx, jobId);
    const row = await entryOf(ctx, jobId, trackerId);
    const running = row.running === 1;
    if (running && input.duration !== undefined && input.duration !== Number(row.duration_ms)) {
      throw stateConflict('The duration of a running time tracker entry cannot be changed; stop it first');
    }
    const changes: EntryChanges = { updated_at: nowIso() };
    if (input.billable !== undefined) changes.billable = bool(input.billable);
    const from = input.from === undefined ? row.from_at : toIsoDate(input.from);
    const duration = input.duration ?? Number(row.duration_ms);
    changes.from_at = from;
    if (!running) {
      changes.duration_ms = duration;
      changes.to_at = endOf(from, duration, input.duration !== undefined ? 'duration' : 'from');
    }
    await repo.update(ctx.db, ctx.accountId, jobId, trackerId, changes);
    return changed(ctx, job);
  },

  /** `DELETE /v2/jobs/:id/trackers/:trackerId`: answers the job. */
  async remove(ctx: Ctx, jobId: string, trackerId: string): Promise<JobObject> {
    const job = await jobStore.load(ctx, jobId);
    if (!(await repo.delete(ctx.db, ctx.accountId, jobId, trackerId))) throw entryMissing(trackerId);
    return changed(ctx, job);
  },
};
