import type { Answer } from '../../api/client';

/**
 * What the header's search finds (docs/console.md#search): jobs, groups, clients and suppliers
 * whose name or reference contains the words typed, each list's own `q` filter
 * (jobs: name, number, external reference, purchase order; groups: name, external reference,
 * purchase order; clients and suppliers: name,
 * e-mail, phone, VAT number, city, …).
 */
export const SEARCH_TYPES = ['job', 'group', 'client', 'supplier'] as const;
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
}

export interface SearchSection {
  type: SearchType;
  hits: SearchHit[];
}

// Only the fields a hit shows (the lists' items have many more).
type Job = Pick<Answer<'listJobs'>['items'][number], 'id' | 'name' | 'number' | 'externalReference' | 'client'>;
type Group = Pick<Answer<'listGroups'>['items'][number], 'id' | 'name' | 'externalReference' | 'client'>;
type Party = { id: string; name: string; email: string; address: { city: string } };

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

/** The query as sent: trimmed; empty when too short to ask. */
export function searchTerm(typed: string): string {
  const term = typed.trim();
  return term.length >= MIN_QUERY_LENGTH ? term.slice(0, 255) : '';
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
  | { to: '/suppliers/$supplierId'; params: { supplierId: string } };

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
