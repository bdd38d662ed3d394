import type { Ctx } from '../../core/context.js';
import { bool, isTrue } from '../../core/db/dialect.js';
import { nowIso, toIsoDate } from '../../core/dates.js';
import { ApiError, notFound, stateConflict } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { Dec } from '../../core/money.js';
import { jobStore, type EstimationExtras, type JobExtension } from '../jobs/index.js';
import { INVOICE_STATUS, INVOICE_TYPE, QUOTE_ACCEPTED, invoiceKind as kind, quoteKind } from './kinds.js';
import { assignCreditNoteNumber, today } from './numbering.js';
import { planCredit, type CreditableRow } from './credit-plan.js';
import { documentRepository as repo, type DocumentRow, type LineWithNames } from './repository.js';
import { NO_MAIL, queueDocumentMail, type QueueMail } from './mailing.js';
import type { CreditInput, DocumentObject, PaymentInput, SendAnswer } from './schemas.js';
import { documents, lockDocument, partyOf, refreshTotals, settle } from './service.js';
import { jobsMoved } from './sources.js';
import { money } from './totals.js';

/**
 * What only invoices have (docs/documents.md#rules): payments, credit notes, and the job extension that
 * ties jobs to invoices and accepted quotes (estimation fixed by a line, delete and status guards).
 */
const JOB_INVOICED = 4;

/** Status 3 and the payment date when fully paid (a payment flagged so, or payments and partial credits covering the total); else 2. */
async function settlePayments(ctx: Ctx, row: DocumentRow): Promise<void> {
  const payments = await repo.payments(ctx.db, ctx.accountId, [row.id]);
  // Partial credit notes lower what is left to pay (docs/documents.md#credit-notes).
  const credited = (await repo.creditNotesOf(ctx.db, ctx.accountId, row.id)).reduce((sum, note) => sum.minus(String(note.total)), new Dec(0));
  const paid = payments.reduce((sum, payment) => sum.plus(String(payment.amount)), new Dec(0));
  const fully = payments.length > 0 && (payments.some((payment) => isTrue(payment.is_fully_paid)) || paid.plus(credited).gte(new Dec(String(row.total)).abs()));
  const lastDate =
    payments
      .map((payment) => payment.date)
      .sort()
      .at(-1) ?? null;
  await repo.update(ctx.db, ctx.accountId, row.id, {
    status: fully ? INVOICE_STATUS.paid : INVOICE_STATUS.sent,
    payment_date: fully ? lastDate : null,
    updated_at: nowIso(),
  });
}

function assertPayable(row: DocumentRow): void {
  if (row.status !== INVOICE_STATUS.sent && row.status !== INVOICE_STATUS.paid) {
    throw stateConflict(`Payments apply to sent or paid invoices; this one is in status ${row.status} (${kind.statuses[row.status]})`);
  }
}

export const invoicing = {
  async addPayment(ctx: Ctx, id: string, input: PaymentInput): Promise<DocumentObject> {
    const row = await lockDocument(ctx, kind, id);
    assertPayable(row);
    await repo.insertPayment(ctx.db, {
      id: newId(),
      account_id: ctx.accountId,
      document_id: id,
      amount: money(new Dec(input.amount), row.currency),
      date: toIsoDate(input.date),
      description: (input.description ?? '').trim(),
      is_fully_paid: bool(input.isFullyPaid ?? false),
      created_at: nowIso(),
    });
    await settlePayments(ctx, row);
    const document = await settle(ctx, kind, id, 'updated');
    if (row.status !== INVOICE_STATUS.paid && document.status === INVOICE_STATUS.paid) await recordEvent(ctx, 'invoice.paid', document);
    return document;
  },

  async removePayment(ctx: Ctx, id: string, paymentId: string): Promise<DocumentObject> {
    const row = await lockDocument(ctx, kind, id);
    assertPayable(row);
    if ((await repo.deletePayment(ctx.db, ctx.accountId, id, paymentId)) === 0) throw notFound('payment', paymentId);
    await settlePayments(ctx, row);
    return settle(ctx, kind, id, 'updated');
  },

  /**
   * A credit note for a sent or paid invoice (docs/documents.md#credit-notes): the whole invoice (no
   * body: negated lines, as before), chosen lines or quantities, or an amount, with a reason. Numbered
   * now in the credit notes' own series. The invoice moves to 4 and its jobs to 3 once its credits
   * reach its total; before that, its credits count with its payments towards settling it.
   */
  async credit(ctx: Ctx, id: string, input: CreditInput = {}, queueMail: QueueMail = NO_MAIL): Promise<DocumentObject & SendAnswer> {
    const row = await lockDocument(ctx, kind, id);
    if (row.type !== INVOICE_TYPE.invoice) throw stateConflict('A credit note cannot be credited');
    if (row.status !== INVOICE_STATUS.sent && row.status !== INVOICE_STATUS.paid) {
      throw stateConflict(`Only a sent or paid invoice can be credited; this one is in status ${row.status} (${kind.statuses[row.status]})`);
    }
    const lines = await repo.lines(ctx.db, ctx.accountId, [row.id]);
    const earlier = await creditsOf(ctx, row.id);
    const plan = planCredit(
      {
        currency: row.currency,
        discount: String(row.discount),
        tax1Rate: row.tax1_rate === null ? null : String(row.tax1_rate),
        tax2Rate: row.tax2_rate === null ? null : String(row.tax2_rate),
        reverseCharge: isTrue(row.reverse_charge),
        invoiceTotal: String(row.total),
        creditedTotal: earlier.total,
        rows: creditableRows(lines, earlier.lines),
      },
      input,
    );
    // What the invoice still asked for before this credit: the part of the credit beyond it is refunded.
    const paid = (await repo.payments(ctx.db, ctx.accountId, [row.id])).reduce((sum, payment) => sum.plus(String(payment.amount)), new Dec(0));
    const outstanding = Dec.max(new Dec(String(row.total)).minus(paid).minus(earlier.total), 0);
    const refund = row.status === INVOICE_STATUS.paid ? new Dec(plan.credit) : Dec.max(new Dec(plan.credit).minus(outstanding), 0);

    const now = nowIso();
    const issueDate = today();
    const number = await assignCreditNoteNumber(ctx, issueDate);
    if (await repo.numberTaken(ctx.db, ctx.accountId, kind.kind, number)) {
      throw stateConflict(
        `The credit note number ${number} is already used by an invoice: give credit notes a number format of their own (PUT /v2/account creditNoteNumberFormat)`,
      );
    }
    const credit: DocumentRow = {
      ...row,
      id: newId(),
      number,
      status: INVOICE_STATUS.sent,
      type: INVOICE_TYPE.creditNote,
      credited_document_id: row.id,
      issue_date: issueDate,
      // A credit note asks for no payment: it has no due date.
      due_date: null,
      payment_date: null,
      // Issued sent: stamped and e-mailed like a sent invoice (below), never the invoice's e-mail state.
      sent_date: now,
      email_status: null,
      email_status_at: null,
      archive: 0,
      pinned: 0,
      search_text: number.toLowerCase(),
      credit_reason: plan.reason,
      credit_refund: money(refund, row.currency),
      created_at: now,
      updated_at: now,
    };
    await repo.insert(ctx.db, credit);
    const byId = new Map(lines.map((line) => [line.id, line]));
    const jobIds = [...new Set(plan.lines.flatMap((line) => (line.rowId !== null && byId.get(line.rowId)?.job_id ? [byId.get(line.rowId)!.job_id!] : [])))];
    // The jobs (and groups) first, in id order: the lines' foreign keys lock the jobs in line order.
    await jobStore.lockAll(ctx, jobIds);
    await repo.insertLines(
      ctx.db,
      plan.lines.map((planned, index) => {
        const source = planned.rowId === null ? undefined : byId.get(planned.rowId);
        return {
          id: newId(),
          account_id: ctx.accountId,
          document_id: credit.id,
          position: source?.position ?? lines.length + index,
          job_id: source?.job_id ?? null,
          group_id: source?.group_id ?? null,
          outsourcing_id: source?.outsourcing_id ?? null,
          description: source?.description ?? plan.reason,
          quantity: planned.quantity,
          unit_id: source?.unit_id ?? null,
          unit_cost: planned.unitCost,
          total: planned.total,
          credited_line_id: planned.rowId,
        };
      }),
    );
    await refreshTotals(ctx, credit.id);
    if (plan.completes) {
      await repo.update(ctx.db, ctx.accountId, row.id, { status: INVOICE_STATUS.credited, updated_at: now });
      await recordEvent(ctx, 'invoice.credited', await settle(ctx, kind, row.id, 'updated'));
      await jobsMoved(ctx, [...new Set(lines.flatMap((line) => (line.job_id ? [line.job_id] : [])))], 3);
    } else {
      // A partial credit lowers what is left to pay: the invoice may be settled by it.
      await settlePayments(ctx, row);
      await repo.update(ctx.db, ctx.accountId, row.id, { updated_at: now });
      await recordEvent(ctx, 'invoice.credited', await settle(ctx, kind, row.id, 'updated'));
    }
    const mail = await queueDocumentMail(ctx, queueMail, { kind, id: credit.id, type: INVOICE_TYPE.creditNote, partyId: partyOf(kind, credit) });
    return { ...(await settle(ctx, kind, credit.id, 'created')), ...mail };
  },
};

/** The earlier credit notes of an invoice: their total (positive) and their lines. */
async function creditsOf(ctx: Ctx, invoiceId: string): Promise<{ total: string; lines: LineWithNames[] }> {
  const notes = await repo.creditNotesOf(ctx.db, ctx.accountId, invoiceId);
  const total = notes.reduce((sum, note) => sum.minus(String(note.total)), new Dec(0));
  return {
    total: total.toFixed(),
    lines: await repo.lines(
      ctx.db,
      ctx.accountId,
      notes.map((note) => note.id),
    ),
  };
}

/** The invoice's rows with what earlier credit-note lines credited of each (magnitudes). */
function creditableRows(rows: readonly LineWithNames[], creditLines: readonly LineWithNames[]): CreditableRow[] {
  const groupFirst = new Map<string, string>();
  for (const row of rows) if (row.group_id !== null && row.job_id !== null && !groupFirst.has(row.group_id)) groupFirst.set(row.group_id, row.id);
  return rows.map((row) => {
    const credits = creditLines.filter((line) => line.credited_line_id === row.id);
    const grouped = row.group_id !== null && row.job_id !== null;
    return {
      id: row.id,
      lineId: grouped ? groupFirst.get(row.group_id!)! : row.id,
      grouped,
      quantity: String(row.quantity),
      unitCost: String(row.unit_cost),
      total: String(row.total),
      creditedQuantity: credits.reduce((sum, line) => sum.plus(new Dec(String(line.quantity)).abs()), new Dec(0)).toFixed(),
      creditedTotal: credits.reduce((sum, line) => sum.plus(new Dec(String(line.total)).abs()), new Dec(0)).toFixed(),
      creditedLines: credits.length,
    };
  });
}

// ---- jobs ----------------------------------------------------------------------------------

const LIVE_INVOICE = [INVOICE_STATUS.draft, INVOICE_STATUS.sent, INVOICE_STATUS.paid];

export const documentsJobExtension: JobExtension = {
  name: 'documents',
  /** docs/estimation.md#4-the-job-estimation-object-buildjobestimation: an accepted quote line fixes the total (`quote`); an invoice line wins (`invoiced`). */
  async estimationInputs(ctx, jobIds) {
    const result = new Map<string, Partial<EstimationExtras>>();
    for (const line of await repo.onLive(ctx.db, ctx.accountId, quoteKind.kind, [QUOTE_ACCEPTED], 'job_id', jobIds)) {
      result.set(line.ref!, { fixedBy: { type: 'quote', total: String(line.total) } });
    }
    for (const line of await repo.onLive(ctx.db, ctx.accountId, kind.kind, LIVE_INVOICE, 'job_id', jobIds, INVOICE_TYPE.invoice)) {
      result.set(line.ref!, { fixedBy: { type: 'invoiced', total: String(line.total) } });
    }
    return result;
  },
  /** docs/jobs.md#delete: a job on a quote or an invoice cannot be deleted. */
  async beforeDelete(ctx, job) {
    if (await repo.jobReferenced(ctx.db, ctx.accountId, job.id)) {
      throw new ApiError('resource_in_use', `Job "${job.name}" is on a quote or an invoice and cannot be deleted; archive it instead`);
    }
  },
  /** docs/jobs.md#status: 4 → 3 only when the job is on no invoice. */
  async beforeStatusChange(ctx, job, to) {
    if (job.status !== JOB_INVOICED || to === JOB_INVOICED) return;
    const live = await repo.onLive(ctx.db, ctx.accountId, kind.kind, LIVE_INVOICE, 'job_id', [job.id], INVOICE_TYPE.invoice);
    if (live.length > 0) {
      throw new ApiError(
        'invalid_transition',
        `Job "${job.name}" is on an invoice and cannot move from status 4 (invoiced) to ${to}; remove it from the invoice or credit the invoice`,
      );
    }
  },
};

export { documents };
