import { describe, expect, it } from 'vitest';
import { en } from '../../../console/src/shared/i18n/en';
import { JOB_STATUS_NAMES, TRANSITIONS } from '../../../src/modules/jobs/status';
import { JOB_STATUS, JOB_STATUS_MOVES, JOB_STATUSES, isOverdue, jobStatus } from '../../../console/src/shared/formatting/job-status';

const NOW = new Date('2026-06-15T12:00:00Z');

describe('isOverdue', () => {
  it('is true for a job due before now whose work is not over (not started, in progress, on hold)', () => {
    for (const status of [JOB_STATUS.notStarted, JOB_STATUS.inProgress, JOB_STATUS.onHold]) {
      expect(isOverdue({ status, dueDate: '2026-06-15T11:59:59.999Z' }, NOW), String(status)).toBe(true);
      expect(isOverdue({ status, dueDate: '2026-01-01T00:00:00.000Z' }, NOW)).toBe(true);
    }
  });

  it('is false for finished, invoiced and cancelled jobs, however late', () => {
    for (const status of [JOB_STATUS.finished, JOB_STATUS.invoiced, JOB_STATUS.cancelled]) {
      expect(isOverdue({ status, dueDate: '2020-01-01T00:00:00.000Z' }, NOW), String(status)).toBe(false);
    }
  });

  it('is false without a due date, for a due date from now on, and for a date it cannot read', () => {
    expect(isOverdue({ status: 1, dueDate: null }, NOW)).toBe(false);
    expect(isOverdue({ status: 1 }, NOW)).toBe(false);
    expect(isOverdue({ status: 1, dueDate: '2026-06-15T12:00:00.000Z' }, NOW)).toBe(false);
    expect(isOverdue({ status: 2, dueDate: '2026-06-16T00:00:00.000Z' }, NOW)).toBe(false);
    expect(isOverdue({ status: 2, dueDate: 'soon' }, NOW)).toBe(false);
  });

  it('compares with the current time by default', () => {
    expect(isOverdue({ status: 1, dueDate: new Date(Date.now() - 60_000).toISOString() })).toBe(true);
    expect(isOverdue({ status: 1, dueDate: new Date(Date.now() + 60_000).toISOString() })).toBe(false);
  });
});

describe('JOB_STATUSES', () => {
  it('has the API’s six codes (docs/jobs.md#status), each with a name in the catalogue and a colour', () => {
    expect(JOB_STATUSES.map((status) => status.code)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const status of JOB_STATUSES) {
      expect(en[status.key]).toBeTruthy();
      expect(status.color).toMatch(/^[a-z]+$/);
      expect(jobStatus(status.code)).toBe(status);
    }
    expect(JOB_STATUSES.map((status) => en[status.key])).toEqual(['Not started', 'In progress', 'Finished', 'Invoiced', 'Cancelled', 'On hold']);
    expect(jobStatus(7)).toBeUndefined();
  });

  it('lists the moves of the API’s status table (src/modules/jobs/status.ts)', () => {
    expect(JOB_STATUS_MOVES).toEqual(TRANSITIONS);
    expect(JOB_STATUSES.map((status) => status.code)).toEqual(Object.keys(JOB_STATUS_NAMES).map(Number));
  });
});
