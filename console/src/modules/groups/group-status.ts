import type { MessageKey } from '../../shared/i18n';
import { jobStatus } from '../../shared/formatting/job-status';

/**
 * The status codes a group derives from its jobs (docs/groups.md#derived-values), which are the
 * job status codes (docs/jobs.md#status): the group is "invoiced" when all its live jobs are.
 */
export const GROUP_STATUSES = [1, 2, 3, 4, 5, 6] as const;
export type StatusCode = (typeof GROUP_STATUSES)[number];

export function isStatusCode(value: unknown): value is StatusCode {
  return typeof value === 'number' && (GROUP_STATUSES as readonly number[]).includes(value);
}

/** The text of a status code, for groups and for the jobs of a group (the jobs' table: modules/jobs/job-status.ts). */
export function statusText(code: number): MessageKey {
  return jobStatus(code)?.key ?? 'group.status.unknown';
}

export function statusColour(code: number): string {
  return jobStatus(code)?.color ?? 'gray';
}

/** Jobs that count as delivered in a group's progress line: finished (3) or invoiced (4). */
export const DELIVERED_STATUSES = [3, 4];
/** Every status but cancelled (5): the jobs a group's progress counts. */
export const LIVE_STATUSES = [1, 2, 3, 4, 6];
