/**
 * The euro reference rates of the European Central Bank (docs/exchange-rates.md#the-ecb-import):
 * reading its XML files (the daily one, the 90-day one, the historical one: `gesmes:Envelope` >
 * `Cube` > `Cube time=…` > `Cube currency=… rate=…`) and turning them into an account's rates.
 */
import { XMLParser } from 'fast-xml-parser';
import { Dec, isCurrencyCode } from '../../core/money.js';
import { isValidDateInput } from '../../core/dates.js';
import type { RateEntry } from './rate-book.js';

/** One day of the file: per currency, units of it one euro buys (the file's decimal text). */
export interface EcbDay {
  date: string;
  rates: Map<string, string>;
}

/** The file could not be fetched or is not in the ECB's format; the message says why. */
export class RateSourceError extends Error {}

/** The historical file since 1999 is about 5 MB; anything much larger is not the ECB's. */
const MAX_BYTES = 32 * 1024 * 1024;
const TIMEOUT_MS = 30_000;
const DECIMAL = /^\d{1,12}(\.\d{1,12})?$/;
/** Cross rates keep 10 significant digits (the ECB publishes 5 or 6). */
export const CROSS_RATE_DIGITS = 10;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Attributes stay text: a rate must not pass through a binary float.
  parseAttributeValue: false,
  parseTagValue: false,
  processEntities: false,
  isArray: (name) => name === 'Cube',
});

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

/** The days of an ECB file, oldest first; throws RateSourceError when it is not one. */
export function parseEcb(xml: string): EcbDay[] {
  let document: Record<string, unknown>;
  try {
    document = record(parser.parse(xml, true));
  } catch (error) {
    throw new RateSourceError(`not XML (${error instanceof Error ? error.message.split('\n')[0] : 'unreadable'})`);
  }
  const envelope = record(document['gesmes:Envelope']);
  const outer = asArray(envelope.Cube)[0];
  if (outer === undefined) throw new RateSourceError('not the ECB format: no gesmes:Envelope > Cube');
  const days: EcbDay[] = [];
  for (const dayCube of asArray(record(outer).Cube)) {
    const day = record(dayCube);
    const date = day.time;
    if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !isValidDateInput(date)) {
      throw new RateSourceError(`not the ECB format: a day Cube without a valid time (${JSON.stringify(date ?? null).slice(0, 40)})`);
    }
    const rates = new Map<string, string>();
    for (const rateCube of asArray(day.Cube)) {
      const entry = record(rateCube);
      const { currency, rate } = entry;
      if (typeof currency !== 'string' || typeof rate !== 'string' || !DECIMAL.test(rate.trim()) || new Dec(rate.trim()).lte(0)) {
        throw new RateSourceError(`not the ECB format: a bad rate on ${date} (${JSON.stringify(entry).slice(0, 80)})`);
      }
      // A code Intl does not know (withdrawn ones) is left out rather than refusing the file.
      if (isCurrencyCode(currency)) rates.set(currency, new Dec(rate.trim()).toFixed());
    }
    days.push({ date, rates });
  }
  if (days.length === 0) throw new RateSourceError('not the ECB format: no day in the file');
  return days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * The rates of an account in `accountCurrency` from the euro rates: as they are for an account in
 * euros; else cross rates through the euro (USD = USD per EUR ÷ GBP per EUR, EUR = 1 ÷ GBP per EUR),
 * rounded half away from zero to 10 significant digits. A day without the account's currency gives nothing.
 */
export function accountRates(days: readonly EcbDay[], accountCurrency: string): RateEntry[] {
  const entries: RateEntry[] = [];
  for (const day of days) {
    if (accountCurrency === 'EUR') {
      for (const [currency, rate] of day.rates) entries.push({ currency, date: day.date, rate });
      continue;
    }
    const base = day.rates.get(accountCurrency);
    if (base === undefined) continue;
    const cross = (value: string | number) => new Dec(value).div(base).toSignificantDigits(CROSS_RATE_DIGITS, Dec.ROUND_HALF_UP).toFixed();
    entries.push({ currency: 'EUR', date: day.date, rate: cross(1) });
    for (const [currency, rate] of day.rates) if (currency !== accountCurrency) entries.push({ currency, date: day.date, rate: cross(rate) });
  }
  return entries;
}

/** Fetches and parses the file at `url`; throws RateSourceError when that fails. */
export async function fetchEcb(url: string, fetcher: typeof fetch = fetch): Promise<EcbDay[]> {
  let response: Response;
  try {
    response = await fetcher(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/xml, text/xml' } });
  } catch (error) {
    throw new RateSourceError(`could not fetch it (${error instanceof Error ? error.message : 'network error'})`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new RateSourceError(`it answered HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_BYTES) {
    await response.body?.cancel().catch(() => {});
    throw new RateSourceError(`it answered ${declared} bytes, more than ${MAX_BYTES}`);
  }
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > MAX_BYTES) throw new RateSourceError(`it answered more than ${MAX_BYTES} bytes`);
  return parseEcb(body.toString('utf8'));
}
