/**
 * The due date the add form proposes for an outsourcing (docs/jobs.md#outsourcing), the API's own
 * default (src/modules/outsourcing/due-date.ts, keep the two alike): one working day before the
 * job's due date — 24 hours earlier, and from a Saturday or Sunday (UTC) back to the Friday before
 * at the same hour — or the job's due date itself when that moment would be in the past or before
 * the job starts; none when the job has no due date. Pure, tested in
 * test/console/jobs/outsourcing-due.test.ts.
 */
export function proposedDueDate(jobDue: string | null, start: string | null, now: Date): string | null {
  if (jobDue === null) return null;
  const due = Date.parse(jobDue);
  if (Number.isNaN(due)) return null;
  const earlier = new Date(due - DAY_MS);
  const weekday = earlier.getUTCDay();
  if (weekday === SATURDAY) earlier.setTime(earlier.getTime() - DAY_MS);
  if (weekday === SUNDAY) earlier.setTime(earlier.getTime() - 2 * DAY_MS);
  const tooEarly = earlier.getTime() < now.getTime() || (start !== null && earlier.getTime() < Date.parse(start));
  return tooEarly ? new Date(due).toISOString() : earlier.toISOString();
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SUNDAY = 0;
const SATURDAY = 6;
