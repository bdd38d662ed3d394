import type { Static } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import type { JobFile, TimeTrackers } from './schemas.js';
import type { NoteObject } from '../price-lines/index.js';

/**
 * What later modules (trackers, files, notes, groups, invoices, quotes) plug into jobs, without
 * the jobs module knowing them. Each loader gets the ids of a page of jobs (already known to be
 * the caller's) and answers in one query per page, whatever the page size.
 */
export interface JobParts {
  timeTrackers: Static<typeof TimeTrackers>;
  files: Array<Static<typeof JobFile>>;
  notes: Array<Static<typeof NoteObject>>;
  group: { id: string; name: string } | null;
}

/** Estimation inputs owned by other modules (docs/estimation.md#1-base-amount, docs/estimation.md#4-the-job-estimation-object-buildjobestimation, docs/estimation.md#6-profitability-and-performance). */
export interface EstimationExtras {
  /** Sum of the billable, stopped tracker entries (ms). */
  billableMs: number;
  /** Sum of all entries' stored durations (ms). */
  trackedMs: number;
  /** An invoice line (`invoiced`) or an accepted quote line (`quote`) fixing the total. */
  fixedBy: { type: 'invoiced' | 'quote'; total: string } | null;
}

export interface JobSummary {
  id: string;
  name: string;
  status: number;
}

export interface JobExtension {
  name: string;
  /** Parts of the job objects of a page. */
  loadParts?(ctx: Ctx, jobIds: readonly string[]): Promise<Map<string, Partial<JobParts>>>;
  /** Estimation inputs of some jobs (read when their estimation is computed). */
  estimationInputs?(ctx: Ctx, jobIds: readonly string[]): Promise<Map<string, Partial<EstimationExtras>>>;
  /** Throws (409) when the job cannot be deleted, e.g. while it is on a quote or an invoice. */
  beforeDelete?(ctx: Ctx, job: JobSummary): Promise<void>;
  /** Removes the module's parts of a job that is being deleted (notes, files and their content), in the same transaction. */
  deleteParts?(ctx: Ctx, jobId: string): Promise<void>;
  /** Throws (409 invalid_transition) when a move allowed by the table is not, e.g. 4 → 3 while invoiced. */
  beforeStatusChange?(ctx: Ctx, job: JobSummary, to: number): Promise<void>;
  /** Throws (409) when the job may not move to another client, e.g. while its group holds another client's jobs. */
  beforeClientChange?(ctx: Ctx, job: JobSummary & { group_id: string | null }, clientId: string): Promise<void>;
  /**
   * After the stored estimation of some jobs was written (every job write passes there): e.g.
   * refresh their groups. `groupIds`: their groups, when the caller holds their rows (else read).
   */
  jobsChanged?(ctx: Ctx, jobIds: readonly string[], groupIds?: readonly string[]): Promise<void>;
  /**
   * PostgreSQL, from `jobs.lockAll`, the jobs locked already: locks what `jobsChanged` will lock for
   * them, in a fixed order (groups: the jobs' groups, in id order).
   */
  lockWithJobs?(ctx: Ctx, jobIds: readonly string[]): Promise<void>;
  /** Job ids of a group (the `group` filter of the listing): a subquery or a list. */
  jobsOfGroup?(ctx: Ctx, groupId: string): Promise<string[] | null>;
}

let configured: readonly JobExtension[] | undefined;

/**
 * The extensions, in order: given once by the composition (modules/index.ts) before the app serves
 * anything; no module adds itself. Their parts are merged, and their hooks called, in this order.
 */
export const jobExtensions = {
  configure(extensions: readonly JobExtension[]): void {
    configured = [...extensions];
  },
  list(): readonly JobExtension[] {
    // A job written without its extensions would leave its group stale: refused instead.
    if (!configured) throw new Error('Job extensions are not configured: build the app (composeModules in src/modules/index.ts) first');
    return configured;
  },
};

export const defaultParts = (): JobParts => ({
  timeTrackers: { duration: 0, running: false, list: [] },
  files: [],
  notes: [],
  group: null,
});

export const defaultExtras = (): EstimationExtras => ({ billableMs: 0, trackedMs: 0, fixedBy: null });

/** The parts of a page of jobs: the defaults, overlaid by every registered loader. */
export async function loadParts(ctx: Ctx, jobIds: readonly string[]): Promise<Map<string, JobParts>> {
  const result = new Map<string, JobParts>(jobIds.map((id) => [id, defaultParts()]));
  // Loaded together (overlapping on PostgreSQL), merged in the configured order.
  const loaded = await Promise.all(jobExtensions.list().map((extension) => extension.loadParts?.(ctx, jobIds)));
  for (const parts of loaded) {
    for (const [id, part] of parts ?? []) {
      const current = result.get(id);
      if (current) Object.assign(current, part);
    }
  }
  return result;
}

export async function loadExtras(ctx: Ctx, jobIds: readonly string[]): Promise<Map<string, EstimationExtras>> {
  const result = new Map<string, EstimationExtras>(jobIds.map((id) => [id, defaultExtras()]));
  const loaded = await Promise.all(jobExtensions.list().map((extension) => extension.estimationInputs?.(ctx, jobIds)));
  for (const extras of loaded) {
    for (const [id, extra] of extras ?? []) {
      const current = result.get(id);
      if (current) Object.assign(current, extra);
    }
  }
  return result;
}
