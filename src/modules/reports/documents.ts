/** Converting a document's amount (docs/reports.md#conversion): the rate it was issued with, else the rate of its issue day. */
import { roundMoney, type Dec } from '../../core/money.js';
import type { RateBook } from '../exchange-rates/index.js';

export interface DocumentMoney {
  currency: string;
  issue_date: string | null;
  /** JSON list `[{ currency, date, rate }]` recorded at issue. */
  exchange_rates: string;
}

/** The day a document's amounts are converted on: its issue day (a sent document has one; else today). */
export const issueDay = (doc: Pick<DocumentMoney, 'issue_date'>): string => (doc.issue_date ?? new Date().toISOString()).slice(0, 10);

/** `amount` of the document in the account's currency; null when no rate is known. */
export function documentToAccount(rates: RateBook, doc: DocumentMoney, amount: Dec): Dec | null {
  if (doc.currency === rates.accountCurrency) return roundMoney(amount, doc.currency);
  const recorded = recordedRate(doc);
  if (recorded !== null) return roundMoney(amount.div(recorded), rates.accountCurrency);
  return rates.toAccount(amount, doc.currency, issueDay(doc))?.value ?? null;
}

function recordedRate(doc: DocumentMoney): string | null {
  try {
    const list = JSON.parse(doc.exchange_rates) as Array<{ currency?: unknown; rate?: unknown }>;
    const found = Array.isArray(list) ? list.find((entry) => entry.currency === doc.currency) : undefined;
    const rate = found?.rate;
    return (typeof rate === 'string' || typeof rate === 'number') && Number(rate) > 0 ? String(rate) : null;
  } catch {
    return null;
  }
}
