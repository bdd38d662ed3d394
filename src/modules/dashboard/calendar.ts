/**
 * Today and the months of the dashboard (docs/dashboard.md#time) in a time zone: the instants at
 * which they start, as stored dates (ISO 8601, UTC) so that they compare with the stored ones.
 * Accounts have no time zone yet: the service passes UTC.
 */

interface Day {
  year: number;
  month: number;
  day: number;
}

function wallClock(instant: number, timeZone: string): Day & { ms: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const [year, month, day] = [get('year'), get('month'), get('day')];
  return { year, month, day, ms: Date.UTC(year, month - 1, day, get('hour'), get('minute'), get('second')) };
}

/** Wall clock minus UTC at an instant, in ms (the zone's offset then). */
const offsetAt = (instant: number, timeZone: string) => wallClock(instant, timeZone).ms - Math.floor(instant / 1000) * 1000;

/** The instant at which a day starts in the zone; the second pass takes the offset in force at that moment. */
function startOf(day: Day, timeZone: string): number {
  const wanted = Date.UTC(day.year, day.month - 1, day.day);
  const guess = wanted - offsetAt(wanted, timeZone);
  return wanted - offsetAt(guess, timeZone);
}

const iso = (instant: number) => new Date(instant).toISOString();
const monthLabel = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

export interface Calendar {
  now: string;
  today: { from: string; until: string };
  thisMonth: { month: string; from: string; until: string };
  lastMonth: { month: string; from: string; until: string };
}

export function calendarOf(nowMs: number, timeZone: string): Calendar {
  const here = wallClock(nowMs, timeZone);
  const tomorrow = new Date(Date.UTC(here.year, here.month - 1, here.day + 1));
  const next = (year: number, month: number) => (month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 });
  const previous = here.month === 1 ? { year: here.year - 1, month: 12 } : { year: here.year, month: here.month - 1 };
  const following = next(here.year, here.month);
  const first = (m: { year: number; month: number }) => iso(startOf({ ...m, day: 1 }, timeZone));
  return {
    now: iso(nowMs),
    today: {
      from: iso(startOf(here, timeZone)),
      until: iso(startOf({ year: tomorrow.getUTCFullYear(), month: tomorrow.getUTCMonth() + 1, day: tomorrow.getUTCDate() }, timeZone)),
    },
    thisMonth: { month: monthLabel(here.year, here.month), from: first(here), until: first(following) },
    lastMonth: { month: monthLabel(previous.year, previous.month), from: first(previous), until: first(here) },
  };
}
