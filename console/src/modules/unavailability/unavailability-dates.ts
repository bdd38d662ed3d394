import { LIMITS } from '../../shared/api/limits.gen';
/**
 * A supplier's unavailability periods as days of the calendar (the browser's time zone). The API keeps
 * instants (`from`, `to`: docs/clients-suppliers.md); the console writes whole days: from the first
 * day's start to the last day's end, both days included, so that a period is "now" all its last day.
 */

/** A period as the API answers it. */
export interface Period {
  id: string;
  from: string;
  to: string;
  reason: string;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The local day of a date as `YYYY-MM-DD`. */
export function dayOf(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `YYYY-MM-DD` as its local start, or undefined when it names no real day. */
export function dayStart(day: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayOf(date) === day ? date : undefined;
}

/** The instants the API takes for whole days from `fromDay` to `untilDay`, both included. */
export function periodOfDays(fromDay: string, untilDay: string): { from: string; to: string } | undefined {
  const start = dayStart(fromDay);
  const last = dayStart(untilDay);
  if (!start || !last) return undefined;
  const end = new Date(last.getFullYear(), last.getMonth(), last.getDate(), 23, 59, 59, 999);
  return { from: start.toISOString(), to: end.toISOString() };
}

/** The days a period touches: its first and its last (a period that ends at a midnight exactly does not touch the day it ends on). */
export function daysOfPeriod(period: Pick<Period, 'from' | 'to'>): { first: string; last: string } {
  const from = new Date(period.from);
  const to = new Date(period.to);
  const endsAtMidnight = to > from && to.getHours() === 0 && to.getMinutes() === 0 && to.getSeconds() === 0 && to.getMilliseconds() === 0;
  return { first: dayOf(from), last: dayOf(endsAtMidnight ? new Date(to.getTime() - 1) : to) };
}

/** Whether a period is whole days (as the console writes them): shown as dates, else with its times. */
export function isWholeDays(period: Pick<Period, 'from' | 'to'>): boolean {
  const { first, last } = daysOfPeriod(period);
  const days = periodOfDays(first, last);
  const to = new Date(period.to);
  const endOfDay = to.getHours() === 23 && to.getMinutes() === 59 && to.getSeconds() === 59;
  const midnight = to.getHours() === 0 && to.getMinutes() === 0 && to.getSeconds() === 0 && to.getMilliseconds() === 0;
  return days !== undefined && new Date(period.from).getTime() === new Date(days.from).getTime() && (endOfDay || midnight);
}

/** Where each period falls on the calendar: each day covered, and whether it starts or ends a period there. */
export function coveredDays(periods: readonly Pick<Period, 'from' | 'to'>[]): Map<string, { first: boolean; last: boolean }> {
  const days = new Map<string, { first: boolean; last: boolean }>();
  for (const period of periods) {
    const { first, last } = daysOfPeriod(period);
    const start = dayStart(first);
    if (!start || last < first) continue;
    // At most a few years of days (a period's end is the API's; a calendar shows months).
    for (let day = start, count = 0; dayOf(day) <= last && count < 3660; count++, day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1)) {
      const key = dayOf(day);
      const seen = days.get(key);
      days.set(key, { first: (seen?.first ?? false) || key === first, last: (seen?.last ?? false) || key === last });
    }
  }
  return days;
}

/** Whether a period runs now. */
export function isNow(period: Pick<Period, 'from' | 'to'>, now = new Date()): boolean {
  return new Date(period.from) <= now && now <= new Date(period.to);
}

/** What the form checks before sending (the API: both dates, `to` not before `from`, a reason of at most 255 characters). */
export function validatePeriod(values: {
  from: string;
  until: string;
  reason: string;
}): Partial<Record<'from' | 'until' | 'reason', 'unavailability.error.date' | 'unavailability.error.order' | 'unavailability.error.tooLong'>> {
  const errors: ReturnType<typeof validatePeriod> = {};
  if (!dayStart(values.from)) errors.from = 'unavailability.error.date';
  if (!dayStart(values.until)) errors.until = 'unavailability.error.date';
  else if (!errors.from && values.until < values.from) errors.until = 'unavailability.error.order';
  if ([...values.reason.trim()].length > LIMITS.text) errors.reason = 'unavailability.error.tooLong';
  return errors;
}
