/**
 * Dates in: ISO 8601, a date without time meaning midnight UTC (DESIGN §3.4).
 * Dates out: always `YYYY-MM-DDTHH:mm:ss.sssZ`, which is also how they are stored, so that
 * text comparison orders them on both databases.
 */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function parse(input: string): Date | undefined {
  const text = input.trim();
  if (DATE_ONLY.test(text)) {
    const date = new Date(`${text}T00:00:00.000Z`);
    return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? undefined : date;
  }
  if (!DATE_TIME.test(text)) return undefined;
  // Without an offset, a time is read as UTC (never as the server's local time).
  const withZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`;
  const date = new Date(withZone.replace(' ', 'T'));
  if (Number.isNaN(date.getTime())) return undefined;
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
