import { describe, expect, it } from 'vitest';
import {
  findHit,
  hitOfClient,
  hitOfDocument,
  hitOfGroup,
  hitOfJob,
  isSearchShortcut,
  searchTerm,
  targetOf,
  type SearchSection,
} from '../../../console/src/modules/search/search-results';

const key = (key: string, target: EventTarget | null = document.body, modifiers: { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean } = {}) => ({
  key,
  target,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

describe('the global search’s parts', () => {
  it('asks only from two characters, trimmed', () => {
    expect(searchTerm(' a ')).toBe('');
    expect(searchTerm('  po-47 ')).toBe('po-47');
  });

  it('tells hits apart by their reference, client, e-mail or city', () => {
    expect(hitOfJob({ id: 'j', name: 'Leaflet', number: 'J-2026-0042', externalReference: 'PO-1', client: { id: 'c', name: 'Acme' } })).toEqual({
      type: 'job',
      id: 'j',
      name: 'Leaflet',
      detail: 'J-2026-0042 · PO-1 · Acme',
    });
    expect(hitOfJob({ id: 'j', name: 'Leaflet', number: null, externalReference: null, client: { id: 'c', name: 'Acme' } }).detail).toBe('Acme');
    expect(hitOfGroup({ id: 'g', name: 'Spring', externalReference: null, client: null }).detail).toBe('');
    expect(hitOfClient({ id: 'c', name: 'Acme', email: '', address: { city: 'Brussels' } }).detail).toBe('Brussels');
    expect(
      hitOfDocument('invoice', { id: 'i', number: 'INV-2026-0004', issueDate: '2026-03-02T00:00:00.000Z', type: 1, client: { name: 'Acme' } }, 'Draft'),
    ).toEqual({
      type: 'invoice',
      id: 'i',
      name: 'INV-2026-0004',
      detail: 'Acme · 2026-03-02',
    });
    expect(hitOfDocument('invoice', { id: 'n', number: 'CN-2026-0001', issueDate: null, type: 2, client: { name: 'Acme' } }, 'Draft')).toMatchObject({
      name: 'CN-2026-0001',
      detail: 'Acme',
      creditNote: true,
    });
    expect(hitOfDocument('purchaseOrder', { id: 'p', number: null, issueDate: null, supplier: { name: 'Lingo' } }, 'Draft')).toMatchObject({
      name: 'Draft',
      detail: 'Lingo',
    });
  });

  it('opens each hit on its own page', () => {
    expect(targetOf({ type: 'job', id: 'j1', name: 'x', detail: '' })).toEqual({ to: '/jobs/$jobId', params: { jobId: 'j1' } });
    expect(targetOf({ type: 'quote', id: 'q1', name: 'x', detail: '' })).toEqual({ to: '/quotes/$quoteId', params: { quoteId: 'q1' } });
    expect(targetOf({ type: 'invoice', id: 'i1', name: 'x', detail: '', creditNote: true })).toEqual({
      to: '/invoices/$invoiceId',
      params: { invoiceId: 'i1' },
    });
    expect(targetOf({ type: 'purchaseOrder', id: 'p1', name: 'x', detail: '' })).toEqual({
      to: '/purchase-orders/$purchaseOrderId',
      params: { purchaseOrderId: 'p1' },
    });
    expect(targetOf({ type: 'group', id: 'g1', name: 'x', detail: '' })).toEqual({ to: '/groups/$groupId', params: { groupId: 'g1' } });
    expect(targetOf({ type: 'client', id: 'c1', name: 'Acme & Co', detail: '' })).toEqual({ to: '/clients/$clientId', params: { clientId: 'c1' } });
    expect(targetOf({ type: 'supplier', id: 's1', name: 'Lingo', detail: '' })).toEqual({ to: '/suppliers/$supplierId', params: { supplierId: 's1' } });
  });

  it('finds the hit of an option', () => {
    const sections: SearchSection[] = [{ type: 'group', hits: [{ type: 'group', id: 'g1', name: 'Spring', detail: '' }] }];
    expect(findHit(sections, 'group:g1')?.name).toBe('Spring');
    expect(findHit(sections, 'job:g1')).toBeUndefined();
  });

  it('takes "/" outside text fields and Ctrl+K or ⌘K anywhere as the shortcut', () => {
    const input = document.createElement('input');
    const editor = document.createElement('div');
    editor.setAttribute('contenteditable', 'true');
    const inEditor = document.createElement('p');
    editor.append(inEditor);
    document.body.append(input, editor);
    expect(isSearchShortcut(key('/'))).toBe(true);
    expect(isSearchShortcut(key('/', input))).toBe(false);
    expect(isSearchShortcut(key('/', inEditor))).toBe(false);
    expect(isSearchShortcut(key('k', input, { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('K', inEditor, { metaKey: true }))).toBe(true);
    expect(isSearchShortcut(key('k'))).toBe(false);
    expect(isSearchShortcut(key('k', document.body, { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSearchShortcut(key('/', document.body, { ctrlKey: true }))).toBe(false);
  });
});
