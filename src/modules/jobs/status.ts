import { ApiError } from '../../core/errors.js';

/** Job status moves (docs/jobs.md#status), pure. */
export const JOB_STATUS = { notStarted: 1, inProgress: 2, finished: 3, invoiced: 4, cancelled: 5, onHold: 6 } as const;

export const JOB_STATUS_NAMES: Record<number, string> = {
  1: 'not started',
  2: 'in progress',
  3: 'finished',
  4: 'invoiced',
  5: 'cancelled',
  6: 'on hold',
};

/**
 * The table of docs/jobs.md#status: the statuses each status may move to through `PUT /v2/jobs/:id`.
 * 3 → 4 is the manual move to invoiced; 4 → 3 is allowed only while the job is on no invoice
 * (checked by the invoices module through a job extension).
 */
export const TRANSITIONS: Record<number, readonly number[]> = {
  1: [2, 3, 5, 6],
  2: [1, 3, 5, 6],
  3: [2, 4, 5],
  4: [3],
  5: [1],
  6: [1, 2, 5],
};

export function transitionAllowed(from: number, to: number): boolean {
  return from === to || (TRANSITIONS[from]?.includes(to) ?? false);
}

const describe = (status: number) => `${status} (${JOB_STATUS_NAMES[status] ?? 'unknown'})`;

export function invalidTransition(from: number, to: number, reason?: string): ApiError {
  return new ApiError('invalid_transition', `A job cannot move from status ${describe(from)} to ${describe(to)}${reason ? `: ${reason}` : ''}`, [
    { param: 'status', message: `not allowed from ${from}` },
  ]);
}

export function assertTransition(from: number, to: number): void {
  if (!transitionAllowed(from, to)) throw invalidTransition(from, to);
}

export interface StatusSideEffects {
  progress?: string;
  delivery_date?: string;
  start_date?: string;
}

/**
 * Side effects of a move (docs/jobs.md#status): to 3, progress 100 and the delivery date now when unset; to 2,
 * the start date now when unset. A field sent in the same request wins over its side effect.
 */
export function sideEffects(
  from: number,
  to: number,
  current: { delivery_date: string | null; start_date: string | null },
  sent: { progress: boolean; deliveryDate: boolean; startDate: boolean },
  now: string,
): StatusSideEffects {
  const effects: StatusSideEffects = {};
  if (from === to) return effects;
  if (to === JOB_STATUS.finished) {
    if (!sent.progress) effects.progress = '100';
    if (!sent.deliveryDate && current.delivery_date === null) effects.delivery_date = now;
  }
  if (to === JOB_STATUS.inProgress && !sent.startDate && current.start_date === null) effects.start_date = now;
  return effects;
}
