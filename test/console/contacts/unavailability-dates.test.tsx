import { describe, expect, it } from 'vitest';
import { coveredDays, daysOfPeriod, isNow, isWholeDays, periodOfDays, validatePeriod } from '../../../console/src/modules/unavailability/unavailability-dates';

/** A supplier's unavailability as days of the calendar (in the browser's time zone, whichever it is). */
describe('unavailability periods as days', () => {
  it('writes whole days from the first day’s start to the last day’s end, both included', () => {
    const period = periodOfDays('2026-12-07', '2026-12-11')!;
    expect(new Date(period.from).getTime()).toBe(new Date(2026, 11, 7).getTime());
    expect(new Date(period.to).getTime()).toBe(new Date(2026, 11, 11, 23, 59, 59, 999).getTime());
    expect(daysOfPeriod(period)).toEqual({ first: '2026-12-07', last: '2026-12-11' });
    expect(isWholeDays(period)).toBe(true);
    expect(periodOfDays('2026-02-30', '2026-03-01')).toBeUndefined();
  });

  it('shows a period the API was given with times as it is, ending the day before a midnight end', () => {
    const timed = { from: new Date(2026, 11, 7, 13, 0).toISOString(), to: new Date(2026, 11, 8, 9, 30).toISOString() };
    expect(isWholeDays(timed)).toBe(false);
    expect(daysOfPeriod(timed)).toEqual({ first: '2026-12-07', last: '2026-12-08' });
    const toMidnight = { from: new Date(2026, 11, 7).toISOString(), to: new Date(2026, 11, 9).toISOString() };
    expect(daysOfPeriod(toMidnight)).toEqual({ first: '2026-12-07', last: '2026-12-08' });
    expect(isWholeDays(toMidnight)).toBe(true);
  });

  it('marks each day a period covers, its first and last, across months; overlapping periods merge', () => {
    const days = coveredDays([periodOfDays('2026-11-30', '2026-12-02')!, periodOfDays('2026-12-02', '2026-12-03')!]);
    expect([...days.keys()]).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03']);
    expect(days.get('2026-11-30')).toEqual({ first: true, last: false });
    expect(days.get('2026-12-02')).toEqual({ first: true, last: true });
    expect(days.get('2026-12-03')).toEqual({ first: false, last: true });
  });

  it('says whether a period runs now', () => {
    const period = periodOfDays('2026-12-07', '2026-12-11')!;
    expect(isNow(period, new Date(2026, 11, 11, 22))).toBe(true);
    expect(isNow(period, new Date(2026, 11, 12, 0, 0, 1))).toBe(false);
  });

  it('refuses what the API refuses: a missing date, an end before the start, a long reason', () => {
    expect(validatePeriod({ from: '2026-12-07', until: '2026-12-07', reason: 'Holiday' })).toEqual({});
    expect(validatePeriod({ from: '', until: '2026-12-07', reason: '' })).toEqual({ from: 'unavailability.error.date' });
    expect(validatePeriod({ from: '2026-12-07', until: '2026-12-06', reason: '' })).toEqual({ until: 'unavailability.error.order' });
    expect(validatePeriod({ from: '2026-12-07', until: '2026-12-08', reason: 'x'.repeat(256) })).toEqual({ reason: 'unavailability.error.tooLong' });
  });
});
