import type { Ctx } from '../../core/context.js';
import { isTrue } from '../../core/db/dialect.js';
import { nullWhenEmpty } from '../../core/text.js';
import { Dec, currency } from '../../core/money.js';
import { entityLabels } from '../labels/index.js';
import { notes } from '../notes/index.js';
import { INVOICE_STATUS, INVOICE_TYPE, type KindConfig } from './kinds.js';
import { documentRepository as repo, type DocumentRow, type LineWithNames, type PaymentRow } from './repository.js';
import type { DocumentObject, EmailStatus } from './schemas.js';
import { money } from './totals.js';

/** Document objects for a page of ids, in a constant number of queries whatever the page size. */
const num = (value: string | number | null) => Number(value ?? 0);

function lineObject(line: LineWithNames): DocumentObject['lines'][number] {
  return {
    id: line.id,
    ...(line.job_id !== null ? { job: { id: line.job_id, name: line.job_name ?? '' } } : {}),
    ...(line.outsourcing_id !== null ? { outsourcing: { id: line.outsourcing_id, name: line.outsourcing_name ?? '' } } : {}),
    description: line.description,
    quantity: num(line.quantity),
    quantityType: line.unit_id === null ? null : { id: line.unit_id, name: line.unit_name ?? '' },
    unitCost: num(line.unit_cost),
    total: num(line.total),
  };
}

/**
 * The lines of a document (docs/documents.md#rules): one per row, except the rows of the jobs of a group with
 * `groupOnInvoice`, which make one line at the place of the first: the `group` reference, the
 * group name, quantity 1 (−1 on a credit note), unit cost = total = Σ the jobs' line totals.
 * The line's id is the first row's.
 */
function lineObjects(rows: readonly LineWithNames[], currencyCode: string, negated: boolean): DocumentObject['lines'] {
  const groups = new Map<string, LineWithNames[]>();
  for (const row of rows) if (row.group_id !== null && row.job_id !== null) groups.set(row.group_id, [...(groups.get(row.group_id) ?? []), row]);
  const result: DocumentObject['lines'] = [];
  for (const row of rows) {
    const members = row.group_id !== null && row.job_id !== null ? groups.get(row.group_id) : undefined;
    if (!members) {
      result.push(lineObject(row));
      continue;
    }
    if (members[0] !== row) continue;
    const total = Number(
      money(
        members.reduce((sum, member) => sum.plus(String(member.total)), new Dec(0)),
        currencyCode,
      ),
    );
    const quantity = negated ? -1 : 1;
    result.push({
      id: row.id,
      group: { id: row.group_id!, name: row.group_name ?? row.description },
      description: row.description,
      quantity,
      quantityType: null,
      unitCost: total === 0 ? 0 : total * quantity,
      total,
    });
  }
  return result;
}

const paymentObject = (row: PaymentRow) => ({
  id: row.id,
  amount: num(row.amount),
  date: row.date,
  description: nullWhenEmpty(row.description),
  isFullyPaid: isTrue(row.is_fully_paid),
  createdAt: row.created_at,
});

export async function loadDocuments(ctx: Ctx, kind: KindConfig, ids: readonly string[]): Promise<Map<string, DocumentObject>> {
  const records = await loadRecords(ctx, kind, ids);
  return new Map([...records].map(([id, record]) => [id, record.document]));
}

/**
 * A document with what it was built from, read once for whoever renders it (modules/document-rendering):
 * the object as answered, its stored row (totals as exact decimal strings), its line rows, and the
 * issue date of the invoice it credits.
 */
export interface DocumentRecord {
  document: DocumentObject;
  row: DocumentRow;
  lines: readonly LineWithNames[];
  creditedIssueDate: string | null;
}

export async function loadDocumentRecord(ctx: Ctx, kind: KindConfig, id: string): Promise<DocumentRecord | undefined> {
  return (await loadRecords(ctx, kind, [id])).get(id);
}

async function loadRecords(ctx: Ctx, kind: KindConfig, ids: readonly string[]): Promise<Map<string, DocumentRecord>> {
  const result = new Map<string, DocumentRecord>();
  const rows = await repo.findMany(ctx.db, ctx.accountId, kind.kind, ids);
  if (rows.length === 0) return result;
  const rowIds = rows.map((row) => row.id);
  const partyIds = rows.map((row) => (kind.party === 'client' ? row.client_id : row.supplier_id)).filter((id): id is string => id !== null);
  const parties = new Map((await repo.parties(ctx.db, ctx.accountId, kind.party === 'client' ? 'clients' : 'suppliers', partyIds)).map((p) => [p.id, p.name]));
  const taxIds = rows.flatMap((row) => [row.tax1_id, row.tax2_id]).filter((id): id is string => id !== null);
  const taxNames = new Map((await repo.taxes(ctx.db, ctx.accountId, [...new Set(taxIds)])).map((tax) => [tax.id, tax.name]));
  const lines = new Map<string, LineWithNames[]>(rowIds.map((id) => [id, []]));
  for (const line of await repo.lines(ctx.db, ctx.accountId, rowIds)) lines.get(line.document_id)?.push(line);
  const payments = new Map<string, PaymentRow[]>(rowIds.map((id) => [id, []]));
  if (kind.hasPayments) for (const payment of await repo.payments(ctx.db, ctx.accountId, rowIds)) payments.get(payment.document_id)?.push(payment);
  const credited = rows.map((row) => row.credited_document_id).filter((id): id is string => id !== null);
  const creditedRows = new Map((await repo.findMany(ctx.db, ctx.accountId, kind.kind, credited)).map((row) => [row.id, row]));
  const creditedNumbers = new Map([...creditedRows].map(([id, row]) => [id, row.number]));
  const creditedTotals = kind.hasPayments ? await repo.creditedTotals(ctx.db, ctx.accountId, rowIds) : new Map<string, string>();
  const labelLists = await entityLabels.listFor(ctx, kind.object, rowIds);
  const noteLists = await notes.listFor(ctx, kind.object, rowIds);
  for (const row of rows)
    result.set(row.id, {
      document: toObject(kind, row, { parties, taxNames, lines, payments, creditedNumbers, creditedTotals, labelLists, noteLists }),
      row,
      lines: lines.get(row.id) ?? [],
      creditedIssueDate: row.credited_document_id === null ? null : (creditedRows.get(row.credited_document_id)?.issue_date ?? null),
    });
  return result;
}

/** The rates a document was issued with (stored as decimal text, answered as numbers). */
export function issuedRates(row: Pick<DocumentRow, 'exchange_rates'>): Array<{ currency: string; date: string; rate: number }> {
  const stored = JSON.parse(row.exchange_rates) as Array<{ currency: string; date: string; rate: string }>;
  return stored.map((entry) => ({ currency: entry.currency, date: entry.date, rate: Number(entry.rate) }));
}

interface Loaded {
  parties: Map<string, string>;
  taxNames: Map<string, string>;
  lines: Map<string, LineWithNames[]>;
  payments: Map<string, PaymentRow[]>;
  creditedNumbers: Map<string, string | null>;
  creditedTotals: Map<string, string>;
  labelLists: Map<string, DocumentObject['labels']>;
  noteLists: Map<string, DocumentObject['notes']>;
}

function toObject(kind: KindConfig, row: DocumentRow, loaded: Loaded): DocumentObject {
  const tax = (id: string | null, rate: string | null) => (id === null ? null : { id, name: loaded.taxNames.get(id) ?? '', value: num(rate) });
  const partyId = (kind.party === 'client' ? row.client_id : row.supplier_id) ?? '';
  const object: DocumentObject = {
    id: row.id,
    object: kind.object,
    number: row.number,
    status: row.status,
    issueDate: row.issue_date,
    dueDate: row.due_date,
    currency: currency(row.currency),
    lines: lineObjects(loaded.lines.get(row.id) ?? [], row.currency, kind.hasPayments && row.type === INVOICE_TYPE.creditNote),
    paymentTerms: row.payment_terms,
    discount: num(row.discount),
    tax1: tax(row.tax1_id, row.tax1_rate),
    tax2: tax(row.tax2_id, row.tax2_rate),
    applyVATReverseCharge: isTrue(row.reverse_charge),
    terms: nullWhenEmpty(row.terms),
    total: { subtotal: num(row.subtotal), discount: num(row.discount_amount), tax1: num(row.tax1_amount), tax2: num(row.tax2_amount), total: num(row.total) },
    exchangeRates: issuedRates(row),
    notes: loaded.noteLists.get(row.id) ?? [],
    labels: loaded.labelLists.get(row.id) ?? [],
    sentDate: row.sent_date,
    sentDateStatus:
      row.email_status === null ? null : { status: row.email_status as EmailStatus, updatedAt: row.email_status_at ?? row.sent_date ?? row.updated_at },
    archive: isTrue(row.archive),
    pinned: isTrue(row.pinned),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  object[kind.party] = { id: partyId, name: loaded.parties.get(partyId) ?? '' };
  if (kind.source === 'jobs') {
    object.purchaseOrder = nullWhenEmpty(row.purchase_order);
    object.matchDisplay = (row.match_display as DocumentObject['matchDisplay']) ?? null;
  }
  if (kind.hasValidityDate) object.validityDate = row.validity_date;
  if (kind.hasPayments) {
    const payments = loaded.payments.get(row.id) ?? [];
    object.type = row.type;
    object.creditedInvoice =
      row.credited_document_id === null ? null : { id: row.credited_document_id, number: loaded.creditedNumbers.get(row.credited_document_id) ?? null };
    object.creditReason = row.type === INVOICE_TYPE.creditNote ? nullWhenEmpty(row.credit_reason) : null;
    object.creditedAmount = num(loaded.creditedTotals.get(row.id) ?? '0');
    object.payments = payments.map(paymentObject);
    object.isPartiallyPaid = payments.length > 0 && row.status === INVOICE_STATUS.sent;
    object.paymentDate = row.payment_date;
  }
  return object;
}
