import type { MessageKey } from '../../i18n';

/**
 * The status codes a group derives from its jobs (docs/groups.md#derived-values), which are the
 * job status codes (docs/jobs.md#status): the group is "invoiced" when all its live jobs are.
 */
export const GROUP_STATUSES = [1, 2, 3, 4, 5, 6] as const;
export type StatusCode = (typeof GROUP_STATUSES)[number];

const STATUS_TEXT: Record<StatusCode, MessageKey> = {
  1: 'group.status.1',
  2: 'group.status.2',
  3: 'group.status.3',
  4: 'group.status.4',
  5: 'group.status.5',
  6: 'group.status.6',
};

/** Colours beside the status text (never the only signal). */
const STATUS_COLOUR: Record<StatusCode, string> = {
  1: 'gray',
  2: 'blue',
  3: 'teal',
  4: 'violet',
  5: 'red',
  6: 'orange',
};

export function isStatusCode(value: unknown): value is StatusCode {
  return typeof value === 'number' && (GROUP_STATUSES as readonly number[]).includes(value);
}

/**
 * The text of a status code, for groups and for the jobs of a group. A local table until the jobs
 * module's `JOB_STATUSES` (modules/jobs/job-status.ts) can be shared.
 */
export function statusText(code: number): MessageKey {
  return isStatusCode(code) ? STATUS_TEXT[code] : 'group.status.unknown';
}

export function statusColour(code: number): string {
  return isStatusCode(code) ? STATUS_COLOUR[code] : 'gray';
}

/** Jobs that count as delivered in a group's progress line: finished (3) or invoiced (4). */
export const DELIVERED_STATUSES = [3, 4];
/** Every status but cancelled (5): the jobs a group's progress counts. */
export const LIVE_STATUSES = [1, 2, 3, 4, 6];
