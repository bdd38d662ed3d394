import type { Area } from '../../shared/session/session';
import type { Answer } from '../../shared/api/client';
import type { MessageKey } from '../../shared/i18n';

/**
 * Quotes, invoices (credit notes among them) and purchase orders: one implementation (lists,
 * pages, actions) configured once per kind, as the API is (src/modules/documents/kinds.ts).
 */
export type DocumentKindKey = 'quote' | 'invoice' | 'purchaseOrder';

/** A document as the API answers it; the kinds differ by a few optional fields. */
export type DocumentObject = Answer<'getInvoice'> | Answer<'getQuote'> | Answer<'getPurchaseOrder'>;
export interface AnyDocument {
  id: string;
  object: string;
  number: string | null;
  status: number;
  type?: number;
  creditedInvoice?: { id: string; number: string | null } | null;
  /** Credit notes: why; invoices: the sum of their credit notes (docs/documents.md#credit-notes). */
  creditReason?: string | null;
  creditedAmount?: number;
  issueDate: string | null;
  dueDate: string | null;
  validityDate?: string | null;
  currency: { code: string; symbol: string };
  client?: { id: string; name: string };
  supplier?: { id: string; name: string };
  lines: Array<{
    id: string;
    job?: { id: string; name: string };
    group?: { id: string; name: string };
    outsourcing?: { id: string; name: string };
    description: string;
    quantity: number;
    quantityType: { id: string; name: string } | null;
    unitCost: number;
    total: number;
  }>;
  paymentTerms: number;
  discount: number;
  tax1: { id: string; name: string; value: number } | null;
  tax2: { id: string; name: string; value: number } | null;
  applyVATReverseCharge: boolean;
  terms: string | null;
  /** Quotes and invoices: the client's purchase-order reference, and how job lines show their matches (null: the client's setting). */
  purchaseOrder?: string | null;
  matchDisplay?: MatchDisplay | null;
  total: { subtotal: number; discount: number; tax1: number; tax2: number; total: number };
  payments?: Array<{ id: string; amount: number; date: string; description: string | null; isFullyPaid: boolean; createdAt: string }>;
  isPartiallyPaid?: boolean;
  paymentDate?: string | null;
  archive: boolean;
  pinned: boolean;
  createdAt: string;
  updatedAt: string;
}

export type MatchDisplay = 'none' | 'breakdown' | 'hiddenMatches';

export type ActionName = 'send' | 'accept' | 'refuse' | 'cancel' | 'credit' | 'delete';

export interface StatusConfig {
  code: number;
  label: MessageKey;
  color: string;
}

export interface ActionConfig {
  name: ActionName;
  /** Statuses the API allows it from (src/modules/documents/kinds.ts). */
  from: readonly number[];
  label: MessageKey;
  /** What the confirmation says happens. */
  explain: MessageKey;
  /** Credit notes are not credited; only invoices of type 1 are. */
  invoicesOnly?: boolean;
  danger?: boolean;
}

export interface DocumentKind {
  key: DocumentKindKey;
  /** The API's collection: `/v2/<collection>`; also the first word of the query keys. */
  collection: 'quotes' | 'invoices' | 'purchase-orders';
  /** The console's list path. */
  path: '/quotes' | '/invoices' | '/purchase-orders';
  party: 'client' | 'supplier';
  source: 'jobs' | 'outsourcing';
  area: Area;
  title: MessageKey;
  noun: MessageKey;
  statuses: readonly StatusConfig[];
  actions: readonly ActionConfig[];
  hasPayments: boolean;
  hasValidityDate: boolean;
}

const DELETE: ActionConfig = { name: 'delete', from: [1], label: 'documents.action.delete', explain: 'documents.explain.delete', danger: true };
const SEND: ActionConfig = { name: 'send', from: [1], label: 'documents.action.send', explain: 'documents.explain.send' };

export const quoteKind: DocumentKind = {
  key: 'quote',
  collection: 'quotes',
  path: '/quotes',
  party: 'client',
  source: 'jobs',
  area: 'quotes-and-orders',
  title: 'nav.quotes',
  noun: 'documents.noun.quote',
  statuses: [
    { code: 1, label: 'documents.status.draft', color: 'gray' },
    { code: 2, label: 'documents.status.sent', color: 'blue' },
    { code: 3, label: 'documents.status.accepted', color: 'teal' },
    { code: 4, label: 'documents.status.refused', color: 'red' },
  ],
  actions: [
    SEND,
    { name: 'accept', from: [2], label: 'documents.action.accept', explain: 'documents.explain.acceptQuote' },
    { name: 'refuse', from: [2], label: 'documents.action.refuse', explain: 'documents.explain.refuse', danger: true },
    DELETE,
  ],
  hasPayments: false,
  hasValidityDate: true,
};

export const invoiceKind: DocumentKind = {
  key: 'invoice',
  collection: 'invoices',
  path: '/invoices',
  party: 'client',
  source: 'jobs',
  area: 'invoices',
  title: 'nav.invoices',
  noun: 'documents.noun.invoice',
  statuses: [
    { code: 1, label: 'documents.status.draft', color: 'gray' },
    { code: 2, label: 'documents.status.sent', color: 'blue' },
    { code: 3, label: 'documents.status.paid', color: 'teal' },
    { code: 4, label: 'documents.status.credited', color: 'grape' },
  ],
  actions: [
    SEND,
    { name: 'credit', from: [2, 3], label: 'documents.action.credit', explain: 'documents.explain.credit', invoicesOnly: true, danger: true },
    DELETE,
  ],
  hasPayments: true,
  hasValidityDate: false,
};

export const purchaseOrderKind: DocumentKind = {
  key: 'purchaseOrder',
  collection: 'purchase-orders',
  path: '/purchase-orders',
  party: 'supplier',
  source: 'outsourcing',
  area: 'quotes-and-orders',
  title: 'nav.purchaseOrders',
  noun: 'documents.noun.purchaseOrder',
  statuses: [
    { code: 1, label: 'documents.status.draft', color: 'gray' },
    { code: 2, label: 'documents.status.sent', color: 'blue' },
    { code: 3, label: 'documents.status.accepted', color: 'teal' },
    { code: 4, label: 'documents.status.cancelled', color: 'red' },
  ],
  actions: [
    SEND,
    { name: 'accept', from: [2], label: 'documents.action.accept', explain: 'documents.explain.acceptPurchaseOrder' },
    { name: 'cancel', from: [1, 2, 3], label: 'documents.action.cancelOrder', explain: 'documents.explain.cancelOrder', danger: true },
    DELETE,
  ],
  hasPayments: false,
  hasValidityDate: false,
};

export const DOCUMENT_KINDS: Record<DocumentKindKey, DocumentKind> = { quote: quoteKind, invoice: invoiceKind, purchaseOrder: purchaseOrderKind };
