import type { ActionConfig, AnyDocument, DocumentKind, StatusConfig } from './kinds';

/** What a document's state allows (the API's rules, docs/documents.md), without any money computed in floats. */

export const DRAFT = 1;
export const CREDIT_NOTE = 2;

export function isCreditNote(document: Pick<AnyDocument, 'type'>): boolean {
  return document.type === CREDIT_NOTE;
}

/** The actions the document's status allows, in the kind's order. */
export function allowedActions(kind: DocumentKind, document: Pick<AnyDocument, 'status' | 'type'>): ActionConfig[] {
  return kind.actions.filter((action) => action.from.includes(document.status) && !(action.invoicesOnly && isCreditNote(document)));
}

/** Parameters and lines change while draft only (afterwards the API answers 409). */
export function isEditable(document: Pick<AnyDocument, 'status'>): boolean {
  return document.status === DRAFT;
}

/** Payments are recorded and removed on sent or paid invoices (not credit notes, drafts or credited invoices). */
export function acceptsPayments(kind: DocumentKind, document: Pick<AnyDocument, 'status' | 'type'>): boolean {
  return kind.hasPayments && !isCreditNote(document) && (document.status === 2 || document.status === 3);
}

export function statusOf(kind: DocumentKind, status: number): StatusConfig | undefined {
  return kind.statuses.find((item) => item.code === status);
}

/** Today as YYYY-MM-DD in the user's time zone. */
export function todayIso(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** An invoice is overdue when sent (status 2, not paid, credited or a credit note) and its due date has passed. */
export function isOverdue(kind: DocumentKind, document: Pick<AnyDocument, 'status' | 'type' | 'dueDate'>, today: string): boolean {
  if (!kind.hasPayments || isCreditNote(document) || document.status !== 2 || !document.dueDate) return false;
  return document.dueDate.slice(0, 10) < today;
}

/** The currency's number of decimals (2 for EUR, 0 for JPY, 3 for KWD). */
export function currencyDecimals(code: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount the API rounded to the currency's minor unit, as an exact integer of minor units. */
function minor(amount: number, decimals: number): bigint {
  const [whole = '0', fraction = ''] = Math.abs(amount).toFixed(decimals).split('.');
  const value = BigInt(whole + fraction.padEnd(decimals, '0'));
  return amount < 0 ? -value : value;
}

function fromMinor(value: bigint, decimals: number): number {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const text = decimals > 0 ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  return Number(negative ? `-${text}` : text);
}

/**
 * Paid and outstanding amounts of an invoice: exact sums of the API's amounts in minor units
 * (integers), never float arithmetic. A paid invoice has nothing outstanding (a payment may be
 * flagged as settling it in full).
 */
export function paymentSummary(document: Pick<AnyDocument, 'payments' | 'total' | 'currency' | 'status' | 'creditedAmount'>): {
  paid: number;
  outstanding: number;
} {
  const decimals = currencyDecimals(document.currency.code);
  const paid = (document.payments ?? []).reduce((sum, payment) => sum + minor(payment.amount, decimals), 0n);
  // Partial credit notes lower what is due (docs/documents.md#credit-notes).
  const total = minor(document.total.total, decimals) - minor(document.creditedAmount ?? 0, decimals);
  const left = document.status === 3 || paid >= total ? 0n : total - paid;
  return { paid: fromMinor(paid, decimals), outstanding: fromMinor(left, decimals) };
}

export interface SelectedJob {
  id: string;
  name: string;
  status: number;
  nonBillable: boolean;
  client: { id: string; name: string };
}

export type SelectionCheck =
  { ok: true; client: { id: string; name: string } } | { ok: false; reason: 'empty' | 'mixedClients' } | { ok: false; reason: 'refused'; jobs: string[] };

const JOB_INVOICED = 4;
const JOB_CANCELLED = 5;

/**
 * Whether selected jobs can make one quote or invoice (docs/documents.md#rules): one client, none
 * cancelled or non-billable, and for an invoice none already invoiced. The API checks the rest
 * (one live document per job, the currency) and its refusal is shown as it says.
 */
export function checkJobSelection(kind: Pick<DocumentKind, 'key'>, jobs: readonly SelectedJob[]): SelectionCheck {
  if (jobs.length === 0) return { ok: false, reason: 'empty' };
  const clients = new Set(jobs.map((job) => job.client.id));
  if (clients.size > 1) return { ok: false, reason: 'mixedClients' };
  const refused = jobs.filter((job) => job.status === JOB_CANCELLED || job.nonBillable || (kind.key === 'invoice' && job.status === JOB_INVOICED));
  if (refused.length > 0) return { ok: false, reason: 'refused', jobs: refused.map((job) => job.name) };
  return { ok: true, client: jobs[0]!.client };
}
