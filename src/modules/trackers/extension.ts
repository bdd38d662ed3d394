import type { Ctx } from '../../core/context.js';
import { isTrue } from '../../core/db/dialect.js';
import type { EstimationExtras, JobExtension, JobParts } from '../jobs/index.js';
import { trackerRepository as repo, type EntryWithUser } from './repository.js';

/**
 * The trackers' part of jobs (jobs/extensions.ts): the `timeTrackers` collection of a page of jobs
 * in one query, and the estimation inputs (docs/estimation.md#1-base-amount, docs/estimation.md#6-profitability-and-performance):
 * - `billableMs`: the durations of the billable, stopped entries (time-based pricing);
 * - `trackedMs`: every entry's stored duration, billable or not (performance); a running entry
 *   counts 0 until it stops, like `timeTrackers.duration` (docs/trackers.md#the-collection-jobtimetrackers).
 */
type TimeTrackers = JobParts['timeTrackers'];
type Entry = TimeTrackers['list'][number];

export function entryObject(row: EntryWithUser): Entry {
  const running = isTrue(row.running);
  return {
    id: row.id,
    duration: Number(row.duration_ms),
    billable: isTrue(row.billable),
    from: row.from_at,
    // Absent while running (specification: "absent while running").
    ...(running || row.to_at === null ? {} : { to: row.to_at }),
    running,
    user: { id: row.user_id, name: row.user_name },
  };
}

export async function timeTrackersOf(ctx: Ctx, jobIds: readonly string[]): Promise<Map<string, TimeTrackers>> {
  const result = new Map<string, TimeTrackers>();
  for (const row of await repo.listFor(ctx.db, ctx.accountId, jobIds)) {
    let trackers = result.get(row.job_id);
    if (!trackers) {
      trackers = { duration: 0, running: false, list: [] };
      result.set(row.job_id, trackers);
    }
    const entry = entryObject(row);
    trackers.list.push(entry);
    trackers.duration += entry.duration;
    trackers.running ||= entry.running;
  }
  return result;
}

export async function trackerInputs(ctx: Ctx, jobIds: readonly string[]): Promise<Map<string, Pick<EstimationExtras, 'billableMs' | 'trackedMs'>>> {
  const result = new Map<string, Pick<EstimationExtras, 'billableMs' | 'trackedMs'>>();
  for (const row of await repo.durationsFor(ctx.db, ctx.accountId, jobIds)) {
    const inputs = result.get(row.job_id) ?? { billableMs: 0, trackedMs: 0 };
    const duration = Number(row.duration_ms);
    inputs.trackedMs += duration;
    if (isTrue(row.billable) && !isTrue(row.running)) inputs.billableMs += duration;
    result.set(row.job_id, inputs);
  }
  return result;
}

/** Listed by the composition (modules/index.ts). */
export const trackersJobExtension: JobExtension = {
  name: 'trackers',
  loadParts: async (ctx, jobIds) => new Map([...(await timeTrackersOf(ctx, jobIds))].map(([id, timeTrackers]) => [id, { timeTrackers }])),
  estimationInputs: trackerInputs,
  // The entries also go by the foreign key's cascade; deleting them here keeps that explicit.
  deleteParts: (ctx, jobId) => repo.deleteAllOf(ctx.db, ctx.accountId, jobId),
};
