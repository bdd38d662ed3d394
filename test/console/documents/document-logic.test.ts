import { describe, expect, it } from 'vitest';
import {
  acceptsPayments,
  allowedActions,
  checkJobSelection,
  isEditable,
  isOverdue,
  paymentSummary,
} from '../../../console/src/modules/documents/document-logic';
import { documentsApiQuery, parseDocumentsSearch, toggleSort } from '../../../console/src/modules/documents/documents-search';
import { invoiceKind, purchaseOrderKind, quoteKind } from '../../../console/src/modules/documents/kinds';

/** What each state allows (the API's rules of src/modules/documents/kinds.ts), and the list's address. */
const names = (kind: typeof quoteKind, status: number, type?: number) => allowedActions(kind, { status, type }).map((action) => action.name);

describe('allowed actions per state', () => {
  it('quotes: send and delete a draft; accept or refuse a sent one; nothing after', () => {
    expect(names(quoteKind, 1)).toEqual(['send', 'delete']);
    expect(names(quoteKind, 2)).toEqual(['accept', 'refuse']);
    expect(names(quoteKind, 3)).toEqual([]);
    expect(names(quoteKind, 4)).toEqual([]);
  });
  it('invoices: send a draft, credit a sent or paid invoice, never a credit note', () => {
    expect(names(invoiceKind, 1, 1)).toEqual(['send', 'delete']);
    expect(names(invoiceKind, 2, 1)).toEqual(['credit']);
    expect(names(invoiceKind, 3, 1)).toEqual(['credit']);
    expect(names(invoiceKind, 4, 1)).toEqual([]);
    expect(names(invoiceKind, 2, 2)).toEqual([]);
  });
  it('purchase orders: cancel from draft, sent or accepted; accept a sent one', () => {
    expect(names(purchaseOrderKind, 1)).toEqual(['send', 'cancel', 'delete']);
    expect(names(purchaseOrderKind, 2)).toEqual(['accept', 'cancel']);
    expect(names(purchaseOrderKind, 3)).toEqual(['cancel']);
    expect(names(purchaseOrderKind, 4)).toEqual([]);
  });
  it('editing while draft only; payments on sent or paid invoices (not credit notes)', () => {
    expect([1, 2, 3, 4].map((status) => isEditable({ status }))).toEqual([true, false, false, false]);
    expect([1, 2, 3, 4].map((status) => acceptsPayments(invoiceKind, { status, type: 1 }))).toEqual([false, true, true, false]);
    expect(acceptsPayments(invoiceKind, { status: 2, type: 2 })).toBe(false);
    expect(acceptsPayments(quoteKind, { status: 2 })).toBe(false);
  });
});

describe('overdue and outstanding', () => {
  it('an invoice is overdue when sent and past its due date (not on the due date, not paid, not a credit note)', () => {
    const invoice = { status: 2, type: 1, dueDate: '2026-03-01T00:00:00.000Z' };
    expect(isOverdue(invoiceKind, invoice, '2026-03-02')).toBe(true);
    expect(isOverdue(invoiceKind, invoice, '2026-03-01')).toBe(false);
    expect(isOverdue(invoiceKind, { ...invoice, status: 3 }, '2027-01-01')).toBe(false);
    expect(isOverdue(invoiceKind, { ...invoice, type: 2 }, '2027-01-01')).toBe(false);
    expect(isOverdue(quoteKind, invoice, '2027-01-01')).toBe(false);
  });
  it('sums payments exactly in minor units (0.1 + 0.2 is 0.3), nothing outstanding once paid', () => {
    const currency = { code: 'EUR', symbol: '€' };
    const total = { subtotal: 0.3, discount: 0, tax1: 0, tax2: 0, total: 0.3 };
    const payment = (amount: number) => ({ id: String(amount), amount, date: '', description: null, isFullyPaid: false, createdAt: '' });
    expect(paymentSummary({ currency, total, status: 2, payments: [payment(0.1), payment(0.2)] })).toEqual({ paid: 0.3, outstanding: 0 });
    expect(paymentSummary({ currency, total: { ...total, total: 1000.1 }, status: 2, payments: [payment(400.05)] })).toEqual({
      paid: 400.05,
      outstanding: 600.05,
    });
    expect(paymentSummary({ currency, total: { ...total, total: 100 }, status: 3, payments: [payment(90)] })).toEqual({ paid: 90, outstanding: 0 });
    expect(paymentSummary({ currency: { code: 'JPY', symbol: '¥' }, total: { ...total, total: 1001 }, status: 2, payments: [] })).toEqual({
      paid: 0,
      outstanding: 1001,
    });
  });
});

describe('jobs selected for a quote or an invoice', () => {
  const job = (id: string, client: string, extra: Partial<{ status: number; nonBillable: boolean }> = {}) => ({
    id,
    name: `Job ${id}`,
    status: 3,
    nonBillable: false,
    client: { id: client, name: client },
    ...extra,
  });
  it('one client: allowed; several clients: refused with the reason', () => {
    expect(checkJobSelection(invoiceKind, [job('1', 'a'), job('2', 'a')])).toEqual({ ok: true, client: { id: 'a', name: 'a' } });
    expect(checkJobSelection(invoiceKind, [job('1', 'a'), job('2', 'b')])).toEqual({ ok: false, reason: 'mixedClients' });
    expect(checkJobSelection(invoiceKind, [])).toEqual({ ok: false, reason: 'empty' });
  });
  it('cancelled and non-billable jobs never; invoiced jobs on a quote but not on an invoice', () => {
    expect(checkJobSelection(quoteKind, [job('1', 'a', { status: 5 })])).toEqual({ ok: false, reason: 'refused', jobs: ['Job 1'] });
    expect(checkJobSelection(quoteKind, [job('1', 'a', { nonBillable: true })])).toEqual({ ok: false, reason: 'refused', jobs: ['Job 1'] });
    expect(checkJobSelection(quoteKind, [job('1', 'a', { status: 4 })]).ok).toBe(true);
    expect(checkJobSelection(invoiceKind, [job('1', 'a', { status: 4 })])).toEqual({ ok: false, reason: 'refused', jobs: ['Job 1'] });
  });
});

describe("a list's view in the address", () => {
  it('keeps what it understands, drops the rest', () => {
    expect(
      parseDocumentsSearch({
        q: ' x ',
        status: '2,9,3',
        party: '0123456789abcdef01234567',
        from: '2026-01-01',
        to: 'soon',
        sort: 'dueDate',
        direction: 'up',
        page: '2',
        pageSize: 100,
      }),
    ).toEqual({ q: ' x ', status: [2, 3], party: '0123456789abcdef01234567', from: '2026-01-01', sort: 'dueDate', page: 2, pageSize: 100 });
  });
  it("asks the API with the party of the kind and inclusive dates (the API's are strict)", () => {
    expect(documentsApiQuery(purchaseOrderKind, { party: 'p', from: '2026-03-01', to: '2026-03-31' })).toMatchObject({
      supplier: ['p'],
      issuedAfter: '2026-02-28',
      issuedBefore: '2026-04-01',
      sort: 'createdAt',
      direction: 'desc',
      page: 1,
      pageSize: 20,
    });
    expect(documentsApiQuery(invoiceKind, { party: 'c' })).toMatchObject({ client: ['c'] });
  });
  it('sorting: the same column turns round, another starts ascending, back to page 1', () => {
    expect(toggleSort({ sort: 'dueDate', direction: 'asc', page: 3 }, 'dueDate')).toEqual({ sort: 'dueDate', direction: 'desc', page: undefined });
    expect(toggleSort({}, 'number')).toEqual({ sort: 'number', direction: 'asc', page: undefined });
  });
});
