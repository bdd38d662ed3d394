import type { MessageKey } from '../i18n';

/**
 * A job's status (docs/jobs.md#status): the API's numeric code, the catalogue key of its name and
 * the Mantine colour it is shown in. Colour is never the only signal: pages show the name too.
 * Each colour's shade 9 on its shade 0 passes WCAG AA (4.5:1) for small text (orange and yellow
 * do not, hence pink for "on hold").
 */
export interface JobStatus {
  code: number;
  key: MessageKey;
  color: string;
}

export const JOB_STATUSES: readonly JobStatus[] = [
  { code: 1, key: 'jobStatus.notStarted', color: 'gray' },
  { code: 2, key: 'jobStatus.inProgress', color: 'blue' },
  { code: 3, key: 'jobStatus.finished', color: 'teal' },
  { code: 4, key: 'jobStatus.invoiced', color: 'violet' },
  { code: 5, key: 'jobStatus.cancelled', color: 'red' },
  { code: 6, key: 'jobStatus.onHold', color: 'pink' },
];

/** The codes by name, for code that means one status (`JOB_STATUS.finished`). */
export const JOB_STATUS = { notStarted: 1, inProgress: 2, finished: 3, invoiced: 4, cancelled: 5, onHold: 6 } as const;

/** The status of a code (an unknown code: undefined). */
export function jobStatus(code: number): JobStatus | undefined {
  return JOB_STATUSES.find((status) => status.code === code);
}

/**
 * The moves `PUT /v2/jobs/:id` allows (docs/jobs.md#status, src/modules/jobs/status.ts): from a
 * status to these. 4 → 3 also needs the job to be on no invoice, which only the API knows.
 */
export const JOB_STATUS_MOVES: Readonly<Record<number, readonly number[]>> = {
  1: [2, 3, 5, 6],
  2: [1, 3, 5, 6],
  3: [2, 4, 5],
  4: [3],
  5: [1],
  6: [1, 2, 5],
};

/** Statuses whose work is over: a job in one of them is never late (finished, invoiced, cancelled). */
const DONE: ReadonlySet<number> = new Set([JOB_STATUS.finished, JOB_STATUS.invoiced, JOB_STATUS.cancelled]);

/** Is the job late: due before `now` and its work not over (not started, in progress, on hold)? */
export function isOverdue(job: { dueDate?: string | null; status: number }, now: Date = new Date()): boolean {
  if (!job.dueDate || DONE.has(job.status)) return false;
  const due = Date.parse(job.dueDate);
  return !Number.isNaN(due) && due < now.getTime();
}
