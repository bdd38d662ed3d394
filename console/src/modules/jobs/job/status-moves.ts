import { t } from '../../../shared/i18n';
import { JOB_STATUS_MOVES, JOB_STATUSES, jobStatus } from '../../../shared/formatting/job-status';

/**
 * The status menu's view of the job statuses (the one table is ../job-status.ts). The API stays the
 * judge: a move it refuses anyway (an invoiced job still on an invoice) is shown as its answer.
 */
export type JobStatus = number;
export const STATUSES = JOB_STATUSES.map((status) => status.code);

/** The statuses a job in `status` may move to, in the order of the table. */
export function movesFrom(status: number): readonly JobStatus[] {
  return JOB_STATUS_MOVES[status] ?? [];
}

export function statusName(status: number): string {
  const found = jobStatus(status);
  return found ? t(found.key) : String(status);
}

/** A colour per status, always shown with its name (colour is never the only signal). */
export const STATUS_COLORS: Readonly<Record<number, string>> = Object.fromEntries(JOB_STATUSES.map((status) => [status.code, status.color]));
