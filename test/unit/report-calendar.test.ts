import { describe, expect, it } from 'vitest';
import { agingBucket, isoWeek } from '../../src/modules/reports/index.js';
import { daysBetween, isDay } from '../../src/modules/reports/calendar.js';

describe('reports calendar (docs/reports.md)', () => {
  it('names ISO 8601 weeks, across year ends', () => {
    expect(isoWeek('2026-01-15')).toBe('2026-W03');
    expect(isoWeek('2026-01-01')).toBe('2026-W01'); // a Thursday
    expect(isoWeek('2027-01-01')).toBe('2026-W53'); // a Friday: the last week of 2026
    expect(isoWeek('2024-12-30')).toBe('2025-W01'); // a Monday: the first week of 2025
    expect(isoWeek('2021-01-03')).toBe('2020-W53'); // a Sunday
    expect(isoWeek('2026-12-28')).toBe('2026-W53');
    expect(isoWeek('2026-02-09')).toBe('2026-W07'); // a Monday
    expect(isoWeek('2026-02-15')).toBe('2026-W07'); // its Sunday
  });

  it('ages by whole days overdue: not yet due up to the due day, then 1–30, 31–60, 61–90, more', () => {
    const asOf = '2026-06-30';
    expect(agingBucket('2026-07-15', asOf)).toBe('notDue');
    expect(agingBucket('2026-06-30', asOf)).toBe('notDue');
    expect(agingBucket('2026-06-29', asOf)).toBe('days0to30');
    expect(agingBucket('2026-05-31', asOf)).toBe('days0to30'); // 30 days
    expect(agingBucket('2026-05-30', asOf)).toBe('days31to60'); // 31
    expect(agingBucket('2026-05-01', asOf)).toBe('days31to60'); // 60
    expect(agingBucket('2026-04-30', asOf)).toBe('days61to90'); // 61
    expect(agingBucket('2026-04-01', asOf)).toBe('days61to90'); // 90
    expect(agingBucket('2026-03-31', asOf)).toBe('over90'); // 91
  });

  it('knows real days', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-1-01')).toBe(false);
    expect(daysBetween('2026-03-29', '2026-03-30')).toBe(1); // no clock change in UTC
  });
});
