/** Days, weeks and aging buckets of the reports (docs/reports.md), pure: days are `YYYY-MM-DD`, UTC. */

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day's midnight (UTC) in ms; NaN when the text is not a real calendar day (2026-02-30). */
export function dayMs(day: string): number {
  const match = DAY.exec(day);
  if (!match) return Number.NaN;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, date);
  const back = new Date(ms);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === date ? ms : Number.NaN;
}

export const isDay = (text: string): boolean => !Number.isNaN(dayMs(text));

/** The day after `day`. */
export const nextDay = (day: string): string => new Date(dayMs(day) + DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((dayMs(to) - dayMs(from)) / DAY_MS);

/**
 * The ISO 8601 week of a day, `YYYY-Www`: weeks start on Monday and week 1 is the one with the
 * year's first Thursday, so 2027-01-01 (a Friday) is in 2026-W53 and 2024-12-30 in 2025-W01.
 */
export function isoWeek(day: string): string {
  const date = new Date(dayMs(day));
  const weekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
  // The Thursday of the same week decides the year.
  const thursday = new Date(date.getTime() + (4 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export const AGING_BUCKETS = ['notDue', 'days0to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/**
 * The aging bucket of an invoice due on `dueDay`, seen on `asOf`: not yet due when the due day is
 * `asOf` or later; otherwise by the days it is overdue: 1–30 (`days0to30`: less than a month
 * late), 31–60, 61–90, more than 90.
 */
export function agingBucket(dueDay: string, asOf: string): AgingBucket {
  const overdue = daysBetween(dueDay, asOf);
  if (overdue <= 0) return 'notDue';
  if (overdue <= 30) return 'days0to30';
  if (overdue <= 60) return 'days31to60';
  if (overdue <= 90) return 'days61to90';
  return 'over90';
}
