import { Dec, roundMoney } from '../../core/money.js';
import { INVOICE_STATUS, INVOICE_TYPE, type DocumentObject } from '../documents/index.js';
import type { QuoteAnswerRow } from './repository.js';
import type { ClientAnswerObject, PortalInvoiceDetailObject, PortalInvoiceObject, PortalQuoteDetailObject, PortalQuoteObject } from './schemas.js';

/**
 * The client's view of a quote or an invoice, built field by field from the agency's document
 * (docs/client-portal.md#what-the-portal-shows): what is not named here — notes, labels, the jobs
 * and outsourcing behind the lines, the e-mail state — never reaches the portal.
 */

const QUOTE_STATUS = { 2: 'sent', 3: 'accepted', 4: 'refused' } as const;
const INVOICE_STATUS_WORD = { 2: 'sent', 3: 'paid', 4: 'credited' } as const;

/** Today's date as documents store dates (midnight UTC). */
export const todayIso = (now = new Date()) => `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;

/** Whether a sent quote's valid-until date has passed (valid through that day). */
export function isExpired(document: Pick<DocumentObject, 'status' | 'validityDate'>, now = new Date()): boolean {
  return document.status === 2 && document.validityDate !== null && document.validityDate !== undefined && document.validityDate < todayIso(now);
}

function clientAnswer(row: QuoteAnswerRow | undefined): ClientAnswerObject | null {
  return row === undefined ? null : { answer: row.answer, personName: row.person_name, answeredAt: row.answered_at, comment: row.comment };
}

function lines(document: DocumentObject) {
  return document.lines.map((line) => ({
    description: line.description,
    quantity: line.quantity,
    unit: line.quantityType?.name ?? null,
    unitPrice: line.unitCost,
    amount: line.total,
  }));
}

function totals(document: DocumentObject) {
  const taxes = [];
  if (document.tax1 !== null) taxes.push({ name: document.tax1.name, rate: document.tax1.value, amount: document.total.tax1 });
  if (document.tax2 !== null) taxes.push({ name: document.tax2.name, rate: document.tax2.value, amount: document.total.tax2 });
  return { subtotal: document.total.subtotal, discount: document.total.discount, taxes, total: document.total.total };
}

export function quoteView(document: DocumentObject, answer: QuoteAnswerRow | undefined, now = new Date()): PortalQuoteObject {
  return {
    id: document.id,
    object: 'quote',
    number: document.number,
    status: QUOTE_STATUS[document.status as keyof typeof QUOTE_STATUS] ?? 'sent',
    expired: isExpired(document, now),
    issueDate: document.issueDate,
    validityDate: document.validityDate ?? null,
    currency: document.currency,
    total: document.total.total,
    answer: clientAnswer(answer),
  };
}

export function quoteDetailView(document: DocumentObject, answer: QuoteAnswerRow | undefined, now = new Date()): PortalQuoteDetailObject {
  return {
    ...quoteView(document, answer, now),
    lines: lines(document),
    totals: totals(document),
    terms: document.terms,
    reverseCharge: document.applyVATReverseCharge,
  };
}

export function invoiceView(document: DocumentObject, now = new Date()): PortalInvoiceObject {
  const creditNote = document.type === INVOICE_TYPE.creditNote;
  const code = document.currency.code;
  const paid = (document.payments ?? []).reduce((sum, payment) => sum.plus(payment.amount), new Dec(0));
  const credited = new Dec(document.creditedAmount ?? 0);
  const open = !creditNote && document.status === INVOICE_STATUS.sent;
  const outstanding = open ? Dec.max(new Dec(document.total.total).minus(paid).minus(credited), 0) : new Dec(0);
  return {
    id: document.id,
    object: 'invoice',
    kind: creditNote ? 'creditNote' : 'invoice',
    number: document.number,
    status: INVOICE_STATUS_WORD[document.status as keyof typeof INVOICE_STATUS_WORD] ?? 'sent',
    issueDate: document.issueDate,
    dueDate: creditNote ? null : document.dueDate,
    overdue: outstanding.gt(0) && document.dueDate !== null && document.dueDate < todayIso(now),
    currency: document.currency,
    total: document.total.total,
    paid: Number(roundMoney(paid, code)),
    credited: Number(roundMoney(credited, code)),
    outstanding: Number(roundMoney(outstanding, code)),
    creditedInvoice: document.creditedInvoice ?? null,
    purchaseOrder: document.purchaseOrder ?? null,
  };
}

export function invoiceDetailView(document: DocumentObject, now = new Date()): PortalInvoiceDetailObject {
  return {
    ...invoiceView(document, now),
    lines: lines(document),
    totals: totals(document),
    payments: (document.payments ?? []).map((payment) => ({ date: payment.date, amount: payment.amount })),
    terms: document.terms,
    reverseCharge: document.applyVATReverseCharge,
  };
}
