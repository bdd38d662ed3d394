/**
 * The due date of a new outsourcing given none (docs/jobs.md#outsourcing): one working day before
 * the job's, so that the agency has a day to review and deliver the supplier's work — 24 hours
 * earlier, and from a Saturday or Sunday (UTC) back to the Friday before at the same hour. When
 * that moment would come before the outsourcing starts or before `now`, the job's due date itself;
 * none when the job has none. The console's add form proposes the same moment with this same
 * function (console/src/modules/jobs/job/outsourcing-add-form.tsx): so it stays pure, without an
 * import. Dates are the API's (`YYYY-MM-DDTHH:mm:ss.sssZ`, src/core/dates.ts), compared as text.
 */
export function defaultDueDate(jobDue: string | null, start: string | null, now: string): string | null {
  if (jobDue === null) return null;
  const earlier = new Date(Date.parse(jobDue) - DAY_MS);
  const weekday = earlier.getUTCDay();
  if (weekday === SATURDAY) earlier.setTime(earlier.getTime() - DAY_MS);
  if (weekday === SUNDAY) earlier.setTime(earlier.getTime() - 2 * DAY_MS);
  const proposed = earlier.toISOString();
  return proposed < now || (start !== null && proposed < start) ? jobDue : proposed;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SUNDAY = 0;
const SATURDAY = 6;
