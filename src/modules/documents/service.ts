import type { Ctx } from '../../core/context.js';
import { bool, containsPattern, likeEscaped } from '../../core/db/dialect.js';
import { nowIso, toIsoDate } from '../../core/dates.js';
import { invalid, notFound, stateConflict } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { assertIdsExist } from '../../core/filter-ids.js';
import { newId } from '../../core/ids.js';
import { paginateIds, withItems, type Page } from '../../core/pagination.js';
import { sql } from 'kysely';
import { accounts } from '../accounts/index.js';
import { exchangeRates } from '../exchange-rates/index.js';
import { entityLabels } from '../labels/index.js';
import { masterData, taxes, units } from '../master-data/index.js';
import { notes } from '../notes/index.js';
import { loadDocumentRecord, loadDocuments, type DocumentRecord } from './assembly.js';
import { DRAFT, INVOICE_TYPE, QUOTE_ACCEPTED, type KindConfig } from './kinds.js';
import { assignNumber, today } from './numbering.js';
import { documentRepository as repo, type DocumentRow } from './repository.js';
import { NO_MAIL, queueDocumentMail, type QueueMail } from './mailing.js';
import type { EmailRequest } from './mail-request.js';
import type { DocumentFilters, DocumentInput, DocumentObject, SendAnswer } from './schemas.js';
import { addJobLine, addOutsourcingLine, freeLine, jobsMoved, jobsOfAcceptedQuote, lockSources, removeJobLine, removeOutsourcingLine } from './sources.js';
import { addDays, computeTotals, lineTotal } from './totals.js';

/** Documents of one kind (docs/documents.md): create, read, update, delete, lines, status moves. */
const date = (value: string | null | undefined) => (value === null || value === undefined ? null : toIsoDate(value));
const DEFAULT_PAYMENT_TERMS = 30;
const SORTS = { createdAt: 'created_at', updatedAt: 'updated_at', issueDate: 'issue_date', dueDate: 'due_date', status: 'status', number: 'number' };

/** The client of a quote or an invoice, the supplier of a purchase order. */
export const partyOf = (kind: KindConfig, row: DocumentRow): string => (kind.party === 'client' ? row.client_id : row.supplier_id) ?? '';

/** The event of each status move, recorded beside `<kind>.updated` (docs/webhooks.md#event-types). */
const ACTION_EVENTS: Readonly<Record<string, string>> = { send: 'sent', accept: 'accepted', refuse: 'refused', cancel: 'cancelled' };
/** The moments' names write the resource in snake case (`purchase_order.sent`); its `*.created` stays `purchaseOrder.created`. */
const MOMENT_RESOURCE: Readonly<Record<string, string>> = { invoice: 'invoice', quote: 'quote', purchaseOrder: 'purchase_order' };

/**
 * The rates a document records when it is issued (docs/exchange-rates.md#documents): its currency's
 * rate against the account's on the issue date (the latest on or before it), as stored. None in
 * the account's currency; none either when no rate is known: a missing rate never blocks issuing.
 */
async function ratesAtIssue(ctx: Ctx, currency: string, issueDate: string): Promise<string> {
  if (currency === (await accounts.get(ctx)).currency.code) return '[]';
  const rate = await exchangeRates.rateOn(ctx, currency, issueDate.slice(0, 10));
  return JSON.stringify(rate === null ? [] : [{ currency: rate.currency, date: rate.date, rate: rate.rate }]);
}

export async function lockDocument(ctx: Ctx, kind: KindConfig, id: string): Promise<DocumentRow> {
  const row = await repo.findForUpdate(ctx.db, ctx.dialect, ctx.accountId, kind.kind, id);
  if (!row) throw notFound(kind.noun, id);
  return row;
}

export function assertDraft(kind: KindConfig, row: DocumentRow, what: string): void {
  if (row.status !== DRAFT)
    throw stateConflict(`A ${kind.noun} that left draft (status ${row.status}, ${kind.statuses[row.status]}) cannot be changed: ${what}`);
}

/** Recomputes and stores the totals from the lines and the pricing columns (after any change). */
export async function refreshTotals(ctx: Ctx, id: string): Promise<void> {
  const row = await ctx.db.selectFrom('documents').selectAll().where('account_id', '=', ctx.accountId).where('id', '=', id).executeTakeFirstOrThrow();
  const lines = await repo.lines(ctx.db, ctx.accountId, [id]);
  const totals = computeTotals({
    currency: row.currency,
    lineTotals: lines.map((line) => String(line.total)),
    discount: String(row.discount),
    tax1Rate: row.tax1_rate === null ? null : String(row.tax1_rate),
    tax2Rate: row.tax2_rate === null ? null : String(row.tax2_rate),
    reverseCharge: row.reverse_charge === 1,
  });
  await repo.update(ctx.db, ctx.accountId, id, {
    subtotal: totals.subtotal,
    discount_amount: totals.discount,
    tax1_amount: totals.tax1,
    tax2_amount: totals.tax2,
    total: totals.total,
  });
}

/** Reloads the document and records `<object>.<type>`. */
export async function settle(ctx: Ctx, kind: KindConfig, id: string, type: 'created' | 'updated'): Promise<DocumentObject> {
  const document = await documents.get(ctx, kind, id);
  await recordEvent(ctx, `${kind.object}.${type}`, document);
  return document;
}

async function taxColumns(ctx: Ctx, param: 'tax1' | 'tax2', id: string | null, current: string | null): Promise<{ id: string | null; rate: string | null }> {
  if (id === null) return { id: null, rate: null };
  const ref = await masterData.reference(ctx, taxes, id, param, current);
  const [tax] = await repo.taxes(ctx.db, ctx.accountId, [ref.id]);
  return { id: ref.id, rate: String(tax!.value) };
}

/** The columns that the editable parameters set (create and update while draft). */
async function editableChanges(ctx: Ctx, kind: KindConfig, input: DocumentInput, current: DocumentRow): Promise<Partial<DocumentRow>> {
  const changes: Partial<DocumentRow> = {};
  if (input.issueDate !== undefined) changes.issue_date = date(input.issueDate);
  if (input.validityDate !== undefined) changes.validity_date = date(input.validityDate);
  if (input.paymentTerms !== undefined) changes.payment_terms = input.paymentTerms;
  if (input.dueDate !== undefined) changes.due_date = date(input.dueDate);
  else if (kind.hasPayments && (changes.issue_date !== undefined || changes.payment_terms !== undefined)) {
    const issue = changes.issue_date === undefined ? current.issue_date : changes.issue_date;
    changes.due_date = issue === null ? null : addDays(issue, changes.payment_terms ?? current.payment_terms);
  }
  if (input.currency !== undefined) changes.currency = input.currency;
  if (input.discount !== undefined) changes.discount = String(input.discount);
  for (const param of ['tax1', 'tax2'] as const) {
    const value = input[param];
    if (value === undefined) continue;
    const tax = await taxColumns(ctx, param, value, current[`${param}_id`]);
    changes[`${param}_id`] = tax.id;
    changes[`${param}_rate`] = tax.rate;
  }
  if (input.applyVATReverseCharge !== undefined) changes.reverse_charge = bool(input.applyVATReverseCharge);
  if (input.terms !== undefined) changes.terms = input.terms ?? '';
  if (input.purchaseOrder !== undefined) changes.purchase_order = (input.purchaseOrder ?? '').trim();
  if (input.matchDisplay !== undefined) changes.match_display = input.matchDisplay;
  if (input.archive !== undefined) changes.archive = bool(input.archive);
  if (input.pinned !== undefined) changes.pinned = bool(input.pinned);
  return changes;
}

/** The party of a new document: `{ currency, tax1, tax2 }` defaults, 400 when not the account's. */
async function partyDefaults(ctx: Ctx, kind: KindConfig, id: string): Promise<{ currency: string; tax1_id: string | null; tax2_id: string | null }> {
  if (kind.party === 'client') {
    const row = await ctx.db
      .selectFrom('clients')
      .select(['currency', 'tax1_id', 'tax2_id'])
      .where('account_id', '=', ctx.accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw invalid('client', `no client with id ${id}`);
    return row;
  }
  const row = await ctx.db.selectFrom('suppliers').select(['currency']).where('account_id', '=', ctx.accountId).where('id', '=', id).executeTakeFirst();
  if (!row) throw invalid('supplier', `no supplier with id ${id}`);
  return { currency: row.currency, tax1_id: null, tax2_id: null };
}

export const documents = {
  async list(ctx: Ctx, kind: KindConfig, filters: DocumentFilters): Promise<Page<DocumentObject>> {
    const partyIds = filters[kind.party];
    await assertIdsExist(ctx, kind.party === 'client' ? 'clients' : 'suppliers', partyIds, kind.party, kind.party);
    let query = ctx.db.selectFrom('documents').where('account_id', '=', ctx.accountId).where('kind', '=', kind.kind);
    if (filters.status && filters.status.length > 0) query = query.where('status', 'in', filters.status);
    if (partyIds && partyIds.length > 0) query = query.where(kind.party === 'client' ? 'client_id' : 'supplier_id', 'in', partyIds);
    if (filters.issuedAfter) query = query.where('issue_date', '>', toIsoDate(filters.issuedAfter));
    if (filters.issuedBefore) query = query.where('issue_date', '<', toIsoDate(filters.issuedBefore));
    if (filters.creditedInvoice !== undefined) {
      const invoice = await ctx.db
        .selectFrom('documents')
        .select('id')
        .where('account_id', '=', ctx.accountId)
        .where('kind', '=', kind.kind)
        .where('id', '=', filters.creditedInvoice)
        .executeTakeFirst();
      if (!invoice) throw invalid('creditedInvoice', `no invoice with id ${filters.creditedInvoice}`);
      query = query.where('credited_document_id', '=', invoice.id);
    }
    const q = filters.q?.trim();
    if (q) {
      const pattern = containsPattern(q);
      const table = kind.party === 'client' ? 'clients' : 'suppliers';
      const partyColumn = kind.party === 'client' ? 'client_id' : 'supplier_id';
      query = query.where((eb) =>
        eb.or([
          likeEscaped(sql.ref('search_text'), pattern),
          eb(
            partyColumn,
            'in',
            eb
              .selectFrom(table as 'clients')
              .select('id')
              .where('account_id', '=', ctx.accountId)
              .where(likeEscaped(sql`lower(name)`, pattern)),
          ),
        ]),
      );
    }
    const page = await paginateIds(query, 'documents', filters, SORTS);
    return withItems(page, (ids) => loadDocuments(ctx, kind, ids));
  },

  async get(ctx: Ctx, kind: KindConfig, id: string): Promise<DocumentObject> {
    const document = (await loadDocuments(ctx, kind, [id])).get(id);
    if (!document) throw notFound(kind.noun, id);
    return document;
  },

  async create(ctx: Ctx, kind: KindConfig, input: DocumentInput): Promise<DocumentObject> {
    const partyId = input[kind.party]!;
    const party = await partyDefaults(ctx, kind, partyId);
    const now = nowIso();
    const row: DocumentRow = {
      id: newId(),
      account_id: ctx.accountId,
      kind: kind.kind,
      number: null,
      status: DRAFT,
      type: INVOICE_TYPE.invoice,
      credited_document_id: null,
      client_id: kind.party === 'client' ? partyId : null,
      supplier_id: kind.party === 'supplier' ? partyId : null,
      issue_date: null,
      due_date: null,
      validity_date: null,
      payment_terms: DEFAULT_PAYMENT_TERMS,
      currency: party.currency || (await accounts.get(ctx)).currency.code,
      discount: '0',
      tax1_id: null,
      tax1_rate: null,
      tax2_id: null,
      tax2_rate: null,
      reverse_charge: 0,
      terms: '',
      purchase_order: '',
      match_display: null,
      sent_date: null,
      email_status: null,
      email_status_at: null,
      exchange_rates: '[]',
      credit_reason: '',
      credit_refund: '0',
      subtotal: '0',
      discount_amount: '0',
      tax1_amount: '0',
      tax2_amount: '0',
      total: '0',
      payment_date: null,
      archive: 0,
      pinned: 0,
      search_text: '',
      created_at: now,
      updated_at: now,
    };
    // The party's default taxes, unless given (rates frozen now).
    const defaults = { ...input, tax1: input.tax1 === undefined ? party.tax1_id : input.tax1, tax2: input.tax2 === undefined ? party.tax2_id : input.tax2 };
    Object.assign(row, await editableChanges(ctx, kind, defaults, row));
    await repo.insert(ctx.db, row);
    const free = input.lines ?? [];
    const lines = [];
    for (const [index, line] of free.entries()) {
      const unitId = line.quantityType ? (await masterData.reference(ctx, units, line.quantityType, `lines[${index}][quantityType]`)).id : null;
      if (line.description.trim() === '') throw invalid(`lines[${index}][description]`, 'must not be empty');
      lines.push(freeLine(ctx, row, index, line, unitId));
    }
    await repo.insertLines(ctx.db, lines);
    const sourceIds = (kind.source === 'jobs' ? input.jobs : input.outsourcing) ?? [];
    const param = kind.source === 'jobs' ? 'jobs' : 'outsourcing';
    await lockSources(ctx, kind, sourceIds);
    for (const sourceId of sourceIds) {
      if (kind.source === 'jobs') await addJobLine(ctx, kind, row, sourceId, param);
      else await addOutsourcingLine(ctx, kind, row, sourceId, param);
    }
    await refreshTotals(ctx, row.id);
    return settle(ctx, kind, row.id, 'created');
  },

  async update(ctx: Ctx, kind: KindConfig, id: string, input: DocumentInput): Promise<DocumentObject> {
    const current = await lockDocument(ctx, kind, id);
    const restricted = Object.keys(input).filter((key) => key !== 'archive' && key !== 'pinned' && input[key as keyof DocumentInput] !== undefined);
    if (restricted.length > 0) assertDraft(kind, current, `only archive and pinned are editable (got ${restricted.join(', ')})`);
    const changes = await editableChanges(ctx, kind, input, current);
    const lines = await repo.lines(ctx.db, ctx.accountId, [id]);
    if (changes.currency !== undefined && changes.currency !== current.currency) {
      if (lines.some((line) => line.job_id !== null || line.outsourcing_id !== null)) {
        throw stateConflict(`The currency of a ${kind.noun} with ${kind.source === 'jobs' ? 'jobs' : 'outsourcing'} cannot change: remove them first`);
      }
      for (const line of lines) {
        await ctx.db
          .updateTable('document_lines')
          .set({ total: lineTotal(String(line.quantity), String(line.unit_cost), changes.currency) })
          .where('id', '=', line.id)
          .execute();
      }
    }
    changes.updated_at = nowIso();
    await repo.update(ctx.db, ctx.accountId, id, changes);
    await refreshTotals(ctx, id);
    return settle(ctx, kind, id, 'updated');
  },

  /** Drafts only (409 otherwise); invoiced jobs go back to 3. */
  async remove(ctx: Ctx, kind: KindConfig, id: string): Promise<void> {
    const row = await lockDocument(ctx, kind, id);
    assertDraft(kind, row, 'only a draft can be deleted');
    const document = await documents.get(ctx, kind, id);
    // From the rows: a group line (docs/documents.md#rules) stands for several jobs.
    const jobIds = (await repo.lines(ctx.db, ctx.accountId, [id])).flatMap((line) => (line.job_id ? [line.job_id] : []));
    await entityLabels.removeAll(ctx, kind.object, id);
    await notes.removeAllFor(ctx, kind.object, id);
    await repo.delete(ctx.db, ctx.accountId, id);
    if (kind.hasPayments) await jobsMoved(ctx, jobIds, 3);
    await recordEvent(ctx, `${kind.object}.deleted`, document);
  },

  /** Adds (or removes) a job or an outsourcing of a draft; answers the document. */
  async changeSource(ctx: Ctx, kind: KindConfig, id: string, sourceId: string, add: boolean): Promise<DocumentObject> {
    const row = await lockDocument(ctx, kind, id);
    assertDraft(kind, row, `${kind.source} can be added and removed while draft only`);
    if (kind.source === 'jobs') await (add ? addJobLine(ctx, kind, row, sourceId) : removeJobLine(ctx, kind, row, sourceId));
    else await (add ? addOutsourcingLine(ctx, kind, row, sourceId) : removeOutsourcingLine(ctx, kind, row, sourceId));
    await repo.update(ctx.db, ctx.accountId, id, { updated_at: nowIso() });
    await refreshTotals(ctx, id);
    return settle(ctx, kind, id, 'updated');
  },

  /**
   * A status move of the kind's table (`send`, `accept`, `refuse`, `cancel`); 409 from another status.
   * `send` also stamps `sent_date` and e-mails the document through `queueMail` (its answer says whether).
   */
  async act(
    ctx: Ctx,
    kind: KindConfig,
    id: string,
    name: string,
    queueMail: QueueMail = NO_MAIL,
    request?: EmailRequest,
  ): Promise<DocumentObject & Partial<SendAnswer>> {
    const action = kind.actions.find((item) => item.name === name)!;
    const row = await lockDocument(ctx, kind, id);
    if (!action.from.includes(row.status)) {
      throw stateConflict(
        `A ${kind.noun} in status ${row.status} (${kind.statuses[row.status]}) cannot be moved by ${name}; it must be in status ${action.from.join(' or ')}`,
      );
    }
    const changes: Partial<DocumentRow> = { status: action.to, updated_at: nowIso() };
    if (action.numbers) {
      const issueDate = row.issue_date ?? today();
      changes.issue_date = issueDate;
      if (kind.hasPayments && row.due_date === null) changes.due_date = addDays(issueDate, row.payment_terms);
      changes.number = await assignNumber(ctx, kind, issueDate);
      // Invoices and credit notes share the kind but not the series (docs/documents.md#credit-notes).
      if (kind.hasPayments && (await repo.numberTaken(ctx.db, ctx.accountId, kind.kind, changes.number))) {
        throw stateConflict(
          `The number ${changes.number} is already used by a credit note: give invoices and credit notes different number formats (PUT /v2/account)`,
        );
      }
      changes.search_text = changes.number.toLowerCase();
      changes.exchange_rates = await ratesAtIssue(ctx, row.currency, issueDate);
    }
    if (name === 'send') changes.sent_date = changes.updated_at!;
    await repo.update(ctx.db, ctx.accountId, id, changes);
    const mail =
      name === 'send'
        ? await queueDocumentMail(ctx, queueMail, { kind, id, type: row.type, partyId: partyOf(kind, row), ...(request ? { request } : {}) })
        : undefined;
    const document = await settle(ctx, kind, id, 'updated');
    await recordEvent(ctx, `${MOMENT_RESOURCE[kind.object]}.${ACTION_EVENTS[name]}`, document);
    // docs/documents.md#accepting-a-quote: accepting a quote fixes the estimation of its jobs to their line totals
    // and moves those not started yet to the account's chosen status.
    if (kind.kind === 'quote' && action.to === QUOTE_ACCEPTED) {
      await jobsOfAcceptedQuote(
        ctx,
        (await repo.lines(ctx.db, ctx.accountId, [id])).flatMap((line) => (line.job_id ? [line.job_id] : [])),
        (await accounts.get(ctx)).acceptedQuoteJobStatus,
      );
    }
    return mail === undefined ? document : { ...document, ...mail };
  },

  touch(ctx: Ctx, id: string, now: string): Promise<void> {
    return repo.update(ctx.db, ctx.accountId, id, { updated_at: now });
  },
};

/** The document with its stored row and line rows, read once, for its PDF and e-invoice (404 when the account has none). */
export async function documentRecord(ctx: Ctx, kind: KindConfig, id: string): Promise<DocumentRecord> {
  const record = await loadDocumentRecord(ctx, kind, id);
  if (!record) throw notFound(kind.noun, id);
  return record;
}
