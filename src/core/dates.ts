/**
 * Dates in: ISO 8601, a date without time meaning midnight UTC (docs/reference.md#dates-and-time-zones).
 * Dates out: always `YYYY-MM-DDTHH:mm:ss.sssZ`, which is also how they are stored, so that
 * text comparison orders them on both databases.
 */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** `YYYY-MM-DD` names a real day (no 2025-02-30: `Date` would roll it over into March). */
function isCalendarDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function parse(input: string): Date | undefined {
  const text = input.trim();
  let date: Date;
  if (DATE_ONLY.test(text)) {
    if (!isCalendarDate(text)) return undefined;
    date = new Date(`${text}T00:00:00.000Z`);
  } else {
    if (!DATE_TIME.test(text) || !isCalendarDate(text.slice(0, 10))) return undefined;
    // Without an offset, a time is read as UTC (never as the server's local time).
    const withZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`;
    date = new Date(withZone.replace(' ', 'T'));
    if (Number.isNaN(date.getTime())) return undefined;
  }
  // Years 1 to 9999 only: the stored and answered form has exactly four year digits.
  const year = date.getUTCFullYear();
  return year < 1 || year > 9999 ? undefined : date;
}

export function isValidDateInput(input: string): boolean {
  return parse(input) !== undefined;
}

/** Normalises a validated date input to the stored and answered form. */
export function toIsoDate(input: string): string {
  const date = parse(input);
  if (!date) throw new Error(`invalid date reached toIsoDate: ${input}`);
  return date.toISOString();
}

export function nowIso(): string {
  return new Date().toISOString();
}
