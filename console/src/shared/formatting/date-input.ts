import { LOCALE } from '../i18n';

/**
 * Dates as people type them in the account's locale (docs/console.md#dates), not in the browser's:
 * a native date field follows the browser's language, so an agency in Brussels on an American
 * browser had to type 03/14/2031. Pure, tested in test/console/ui/date-input.test.ts.
 */

/** The order of a locale's numeric date and the character between its parts: en-GB 29/11/2026, de 29.11.2026, en-US 11/29/2026. */
export interface DatePattern {
  order: ('day' | 'month' | 'year')[];
  separator: string;
}

/**
 * The account's locale: the language of its documents in the country of its address (`de` + `AT`
 * → de-AT). Without a country, the language alone, except English: bare `en` means American
 * month-first dates, so English without a country takes the console's own locale (en-GB).
 */
export function accountLocale(documentLanguage: string | null | undefined, country: string | null | undefined): string {
  const language = documentLanguage || 'en';
  const locale = country ? `${language}-${country.toUpperCase()}` : language === 'en' ? LOCALE : language;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0 ? locale : LOCALE;
  } catch {
    // A malformed tag (a country that is not two letters): the console's locale.
    return LOCALE;
  }
}

const patterns = new Map<string, DatePattern>();

/** The numeric date pattern of `locale`, read from Intl (a date's parts, in order). */
export function datePattern(locale: string): DatePattern {
  let pattern = patterns.get(locale);
  if (pattern) return pattern;
  const parts = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).formatToParts(Date.UTC(2026, 10, 29));
  const order = parts.map((part) => part.type).filter((type): type is DatePattern['order'][number] => type === 'day' || type === 'month' || type === 'year');
  const literal = parts.find((part) => part.type === 'literal')?.value.trim() || '/';
  pattern = { order: order.length === 3 ? order : ['day', 'month', 'year'], separator: literal.charAt(0) };
  patterns.set(locale, pattern);
  return pattern;
}

const LETTERS = { day: 'DD', month: 'MM', year: 'YYYY' } as const;

/** What the field shows while empty and what its error names: "DD/MM/YYYY", "DD.MM.YYYY", "MM/DD/YYYY". */
export function patternText(pattern: DatePattern): string {
  return pattern.order.map((part) => LETTERS[part]).join(pattern.separator);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  return match !== null && realDay(Number(match[1]), Number(match[2]), Number(match[3])) !== null;
}

function realDay(year: number, month: number, day: number): string | null {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(2000, month, 0)).getUTCDate();
  const lastOfYear = month === 2 && !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) ? 28 : last;
  if (day > lastOfYear) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The ISO date (`YYYY-MM-DD`) of what was typed in `pattern`, or null when it is not a real day.
 * Any of `/ . - ,` and spaces separate the parts, whatever the locale's own; a year of two digits is
 * in this century (31 → 2031); an ISO date is taken as it is (pasted from elsewhere).
 */
export function parseDateInput(text: string, pattern: DatePattern): string | null {
  const trimmed = text.trim();
  const iso = ISO_DATE.exec(trimmed);
  if (iso) return realDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const pieces = trimmed.split(/[\s/.,-]+/).filter((piece) => piece !== '');
  if (pieces.length !== 3 || pieces.some((piece) => !/^\d{1,4}$/.test(piece))) return null;
  const value: Record<DatePattern['order'][number], string> = { day: '', month: '', year: '' };
  pattern.order.forEach((part, index) => (value[part] = pieces[index] ?? ''));
  if (value.day.length > 2 || value.month.length > 2 || value.year.length === 3 || value.year.length === 1) return null;
  const year = value.year.length === 2 ? 2000 + Number(value.year) : Number(value.year);
  return realDay(year, Number(value.month), Number(value.day));
}

/** An ISO date written in `pattern`: 2031-03-14 → "14/03/2031"; anything else is given back as it is. */
export function formatDateInput(iso: string, pattern: DatePattern): string {
  const match = ISO_DATE.exec(iso);
  if (!match) return iso;
  const value = { year: match[1], month: match[2], day: match[3] };
  return pattern.order.map((part) => value[part]).join(pattern.separator);
}

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;
const TIME_AT_END = /[\sT,]+(\d{1,2})[:.h](\d{2})\s*$/i;

/** What a date-time field shows while empty: "DD/MM/YYYY HH:MM". */
export function dateTimePatternText(pattern: DatePattern): string {
  return `${patternText(pattern)} HH:MM`;
}

/**
 * A date and a 24-hour time typed in `pattern` ("14/03/2031 17:30") as the value of a local
 * date-time (`2031-03-14T17:30`, the browser's time zone, as `<input type="datetime-local">` holds
 * it), or null when either is missing or not real. The time is `HH:MM` (or `HH.MM`, `17h30`); a
 * pasted `2031-03-14T17:30` is taken as it is.
 */
export function parseDateTimeInput(text: string, pattern: DatePattern): string | null {
  const trimmed = text.trim();
  const local = LOCAL_DATE_TIME.exec(trimmed);
  const time = local ?? TIME_AT_END.exec(trimmed);
  if (!time) return null;
  const [hour, minute] = [Number(time[local ? 2 : 1]), Number(time[local ? 3 : 2])];
  if (hour > 23 || minute > 59) return null;
  const day = parseDateInput(local ? local[1]! : trimmed.slice(0, time.index), pattern);
  if (day === null) return null;
  return `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

export function isLocalDateTime(value: string): boolean {
  return LOCAL_DATE_TIME.test(value);
}

/** A local date-time (`2031-03-14T17:30`) written in `pattern`: "14/03/2031 17:30"; anything else as it is. */
export function formatDateTimeInput(local: string, pattern: DatePattern): string {
  const match = LOCAL_DATE_TIME.exec(local);
  return match ? `${formatDateInput(match[1]!, pattern)} ${match[2]}:${match[3]}` : local;
}
