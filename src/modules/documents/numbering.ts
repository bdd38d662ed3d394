import type { Ctx } from '../../core/context.js';
import { accounts, renderNumber, restartsYearly } from '../accounts/index.js';
import type { KindConfig } from './kinds.js';
import { documentRepository as repo } from './repository.js';

const FORMATS = {
  invoice_number_format: 'invoiceNumberFormat',
  quote_number_format: 'quoteNumberFormat',
  purchase_order_number_format: 'purchaseOrderNumberFormat',
} as const;

/** The sequence kind of credit notes in `document_sequences`: their own series (docs/documents.md#credit-notes). */
export const CREDIT_NOTE_SEQUENCE = 'creditNote';

/**
 * The number of a document leaving draft (docs/documents.md#rules): the account's format of the kind,
 * rendered with the issue date's year and month and the next number of the sequence of the
 * account, kind and year (one continuous sequence when the format has no year). The sequence row
 * is locked and incremented in the caller's transaction: numbers are unique and without gaps.
 */
export async function assignNumber(ctx: Ctx, kind: KindConfig, issueDate: string): Promise<string> {
  const account = await accounts.get(ctx);
  return numberIn(ctx, kind.kind, account[FORMATS[kind.formatColumn]], issueDate);
}

/** The number of a credit note: the same rules in its own series (`creditNoteNumberFormat`, sequence kind `creditNote`). */
export async function assignCreditNoteNumber(ctx: Ctx, issueDate: string): Promise<string> {
  const account = await accounts.get(ctx);
  return numberIn(ctx, CREDIT_NOTE_SEQUENCE, account.creditNoteNumberFormat, issueDate);
}

async function numberIn(ctx: Ctx, sequence: string, format: string, issueDate: string): Promise<string> {
  const date = new Date(issueDate);
  const year = date.getUTCFullYear();
  const seq = await repo.nextInSequence(ctx.db, ctx.dialect, ctx.accountId, sequence, restartsYearly(format) ? year : 0);
  return renderNumber(format, { year, month: date.getUTCMonth() + 1, seq });
}

/** Today at midnight UTC: the default issue date of a document leaving draft. */
export function today(): string {
  return `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
}
