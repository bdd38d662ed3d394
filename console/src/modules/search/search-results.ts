import type { Answer } from '../../shared/api/client';
import { LIMITS } from '../../shared/api/limits.gen';

/**
 * What the header's search finds (docs/console.md#search): jobs, groups, clients, suppliers and
 * documents whose name, reference or number contains the words typed, each list's own `q` filter
 * (jobs: name, number, external reference, purchase order; groups: name, external reference,
 * purchase order; clients and suppliers: name, e-mail, phone, VAT number, city, …, and their
 * contacts' names and e-mails; quotes, invoices, credit notes and purchase orders: number and party name).
 */
export const SEARCH_TYPES = ['job', 'group', 'client', 'supplier', 'quote', 'invoice', 'purchaseOrder'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Results shown per type: the search finds a record, the lists browse them. */
export const RESULTS_PER_TYPE = 5;
/** Fewer characters than this match too much to be worth asking. */
export const MIN_QUERY_LENGTH = 2;

export interface SearchHit {
  type: SearchType;
  id: string;
  name: string;
  /** A second line that tells two hits apart: the client, the reference, the e-mail. */
  detail: string;
  /** An invoice's hit that is a credit note (found in the invoices' list, named as what it is). */
  creditNote?: boolean;
}

export interface SearchSection {
  type: SearchType;
  hits: SearchHit[];
}

// Only the fields a hit shows (the lists' items have many more).
type Job = Pick<Answer<'listJobs'>['items'][number], 'id' | 'name' | 'number' | 'externalReference' | 'client'>;
type Group = Pick<Answer<'listGroups'>['items'][number], 'id' | 'name' | 'externalReference' | 'client'>;
type Party = { id: string; name: string; email: string; address: { city: string } };
type DocumentItem = Pick<Answer<'listInvoices'>['items'][number], 'id' | 'number' | 'issueDate'> & {
  type?: number;
  client?: { name: string };
  supplier?: { name: string };
};
/** The invoice `type` of a credit note (docs/documents.md#credit-notes). */
const CREDIT_NOTE = 2;

const detailOf = (...parts: Array<string | null | undefined>) => parts.filter((part) => part !== null && part !== undefined && part.trim() !== '').join(' · ');

export const hitOfJob = (job: Job): SearchHit => ({
  type: 'job',
  id: job.id,
  name: job.name,
  detail: detailOf(job.number, job.externalReference, job.client.name),
});
export const hitOfGroup = (group: Group): SearchHit => ({
  type: 'group',
  id: group.id,
  name: group.name,
  detail: detailOf(group.externalReference, group.client?.name),
});
export const hitOfClient = (client: Party): SearchHit => ({
  type: 'client',
  id: client.id,
  name: client.name,
  detail: detailOf(client.email, client.address.city),
});
export const hitOfSupplier = (supplier: Party): SearchHit => ({
  type: 'supplier',
  id: supplier.id,
  name: supplier.name,
  detail: detailOf(supplier.email, supplier.address.city),
});

/** A document's hit: its number (a draft has none yet: `draftName`), its party and issue date. */
export const hitOfDocument = (type: 'quote' | 'invoice' | 'purchaseOrder', document: DocumentItem, draftName: string): SearchHit => ({
  type,
  id: document.id,
  name: document.number ?? draftName,
  detail: detailOf(document.client?.name ?? document.supplier?.name, document.issueDate?.slice(0, 10)),
  ...(document.type === CREDIT_NOTE ? { creditNote: true } : {}),
});

/** The query as sent: trimmed; empty when too short to ask. */
export function searchTerm(typed: string): string {
  const term = typed.trim();
  return term.length >= MIN_QUERY_LENGTH ? term.slice(0, LIMITS.text) : '';
}

/** The option value of a hit in the listbox, and back. */
export const hitValue = (hit: SearchHit) => `${hit.type}:${hit.id}`;
export function findHit(sections: readonly SearchSection[], value: string): SearchHit | undefined {
  return sections.flatMap((section) => section.hits).find((hit) => hitValue(hit) === value);
}

/** Where a hit opens: its own page. */
export type SearchTarget =
  | { to: '/jobs/$jobId'; params: { jobId: string } }
  | { to: '/groups/$groupId'; params: { groupId: string } }
  | { to: '/clients/$clientId'; params: { clientId: string } }
  | { to: '/suppliers/$supplierId'; params: { supplierId: string } }
  | { to: '/quotes/$quoteId'; params: { quoteId: string } }
  | { to: '/invoices/$invoiceId'; params: { invoiceId: string } }
  | { to: '/purchase-orders/$purchaseOrderId'; params: { purchaseOrderId: string } };

export function targetOf(hit: SearchHit): SearchTarget {
  switch (hit.type) {
    case 'job':
      return { to: '/jobs/$jobId', params: { jobId: hit.id } };
    case 'group':
      return { to: '/groups/$groupId', params: { groupId: hit.id } };
    case 'client':
      return { to: '/clients/$clientId', params: { clientId: hit.id } };
    case 'supplier':
      return { to: '/suppliers/$supplierId', params: { supplierId: hit.id } };
    case 'quote':
      return { to: '/quotes/$quoteId', params: { quoteId: hit.id } };
    case 'invoice':
      return { to: '/invoices/$invoiceId', params: { invoiceId: hit.id } };
    case 'purchaseOrder':
      return { to: '/purchase-orders/$purchaseOrderId', params: { purchaseOrderId: hit.id } };
  }
}

/** Is this key press the search's shortcut: "/" outside a text field, or Ctrl+K / ⌘K anywhere? */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') return true;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTextField(event.target);
}

function isTextField(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  return element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"]') !== null;
}
