/**
 * The three document kinds of docs/documents.md, configured once each: one implementation (lines,
 * totals, numbering, status rules) serves quotes, invoices and purchase orders.
 */
export type DocumentKind = 'invoice' | 'quote' | 'purchaseOrder';

/** A status move of a kind: `POST <base>/:id/<action>`. */
export interface Action {
  name: string;
  from: readonly number[];
  to: number;
  /** Assigns the number (leaving draft). */
  numbers?: boolean;
  summary: string;
}

export interface KindConfig {
  kind: DocumentKind;
  /** `object` of the answer; also the event prefix (`invoice.updated`) and the notes/labels parent type. */
  object: DocumentKind;
  basePath: string;
  tag: string;
  /** Words for messages: "invoice", "quote", "purchase order". */
  noun: string;
  party: 'client' | 'supplier';
  /** What its lines come from besides free lines. */
  source: 'jobs' | 'outsourcing';
  formatColumn: 'invoice_number_format' | 'quote_number_format' | 'purchase_order_number_format';
  statuses: Record<number, string>;
  /** Statuses in which a job or an outsourcing counts as "on" the document (one live document at a time). */
  live: readonly number[];
  actions: readonly Action[];
  hasPayments: boolean;
  hasValidityDate: boolean;
}

export const DRAFT = 1;

export const invoiceKind: KindConfig = {
  kind: 'invoice',
  object: 'invoice',
  basePath: '/v2/invoices',
  tag: 'Invoices',
  noun: 'invoice',
  party: 'client',
  source: 'jobs',
  formatColumn: 'invoice_number_format',
  statuses: { 1: 'draft', 2: 'sent', 3: 'paid', 4: 'credited' },
  live: [1, 2, 3],
  actions: [{ name: 'send', from: [1], to: 2, numbers: true, summary: 'Send an invoice: assigns its number (status 2)' }],
  hasPayments: true,
  hasValidityDate: false,
};

export const quoteKind: KindConfig = {
  kind: 'quote',
  object: 'quote',
  basePath: '/v2/quotes',
  tag: 'Quotes',
  noun: 'quote',
  party: 'client',
  source: 'jobs',
  formatColumn: 'quote_number_format',
  statuses: { 1: 'draft', 2: 'sent', 3: 'accepted', 4: 'refused' },
  live: [1, 2, 3],
  actions: [
    { name: 'send', from: [1], to: 2, numbers: true, summary: 'Send a quote: assigns its number (status 2)' },
    { name: 'accept', from: [2], to: 3, summary: 'Accept a sent quote (status 3): fixes the estimation of its jobs' },
    { name: 'refuse', from: [2], to: 4, summary: 'Refuse a sent quote (status 4)' },
  ],
  hasPayments: false,
  hasValidityDate: true,
};

export const purchaseOrderKind: KindConfig = {
  kind: 'purchaseOrder',
  object: 'purchaseOrder',
  basePath: '/v2/purchase-orders',
  tag: 'Purchase orders',
  noun: 'purchase order',
  party: 'supplier',
  source: 'outsourcing',
  formatColumn: 'purchase_order_number_format',
  statuses: { 1: 'draft', 2: 'sent', 3: 'accepted', 4: 'cancelled' },
  live: [1, 2, 3],
  actions: [
    { name: 'send', from: [1], to: 2, numbers: true, summary: 'Send a purchase order: assigns its number (status 2)' },
    { name: 'accept', from: [2], to: 3, summary: 'Mark a sent purchase order accepted (status 3)' },
    { name: 'cancel', from: [1, 2, 3], to: 4, summary: 'Cancel a purchase order (status 4)' },
  ],
  hasPayments: false,
  hasValidityDate: false,
};

export const KINDS: readonly KindConfig[] = [invoiceKind, quoteKind, purchaseOrderKind];

export const INVOICE_TYPE = { invoice: 1, creditNote: 2 } as const;
export const INVOICE_STATUS = { draft: 1, sent: 2, paid: 3, credited: 4 } as const;
export const QUOTE_ACCEPTED = 3;
