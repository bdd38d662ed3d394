import { t, type MessageKey } from '../../../i18n';

/**
 * The job statuses and the moves the API allows between them (docs/jobs.md#status, the table of
 * src/modules/jobs/status.ts). A local copy until modules/jobs/job-status.ts (JOB_STATUSES, by the
 * jobs list) is there to share; the API stays the judge: a move it refuses anyway (an invoiced job
 * still on an invoice) is shown as its answer.
 */
export const STATUSES = [1, 2, 3, 4, 5, 6] as const;
export type JobStatus = (typeof STATUSES)[number];

const MOVES: Record<JobStatus, readonly JobStatus[]> = {
  1: [2, 3, 5, 6],
  2: [1, 3, 5, 6],
  3: [2, 4, 5],
  4: [3],
  5: [1],
  6: [1, 2, 5],
};

/** The statuses a job in `status` may move to, in the order of the table. */
export function movesFrom(status: number): readonly JobStatus[] {
  return MOVES[status as JobStatus] ?? [];
}

const NAMES: Record<JobStatus, MessageKey> = {
  1: 'job.status.1',
  2: 'job.status.2',
  3: 'job.status.3',
  4: 'job.status.4',
  5: 'job.status.5',
  6: 'job.status.6',
};

export function statusName(status: number): string {
  const key = NAMES[status as JobStatus];
  return key ? t(key) : String(status);
}

/** A colour per status, always shown with its name (colour is never the only signal). */
export const STATUS_COLORS: Record<JobStatus, string> = { 1: 'gray', 2: 'blue', 3: 'teal', 4: 'grape', 5: 'red', 6: 'yellow' };
