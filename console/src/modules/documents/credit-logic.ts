import type { Contact } from '../contacts';
import { currencyDecimals } from './document-logic';
import type { AnyDocument } from './kinds';
import { LIMITS } from '../../shared/api/limits.gen';

/**
 * The credit dialog's rules (docs/documents.md#credit-notes), checked as the API checks them:
 * the whole invoice, chosen lines (each whole or a quantity of it) or an amount before taxes, with a
 * reason for a partial credit. Money is compared in minor units (integers), never in float sums.
 */

export type CreditMode = 'whole' | 'lines' | 'amount';

export interface CreditLineValue {
  checked: boolean;
  /** empty: what is left of the line */
  quantity: string;
}

export interface CreditValues {
  mode: CreditMode;
  reason: string;
  lines: Record<string, CreditLineValue>;
  amount: string;
}

export interface CreditBody {
  reason?: string;
  lines?: Array<{ line: string; quantity?: number }>;
  amount?: number;
}

export const REASON_MAX = LIMITS.creditReason;

const minorUnits = currencyDecimals;

const decimals = (text: string) => (text.includes('.') ? text.split('.')[1]!.length : 0);
const NUMBER = /^\d+(\.\d+)?$/;

/** What is left to credit of an invoice: its total less its credit notes, never below 0. */
export function leftToCredit(document: Pick<AnyDocument, 'total' | 'currency'> & { creditedAmount?: number }): number {
  const scale = 10 ** minorUnits(document.currency.code);
  return Math.max(0, Math.round(document.total.total * scale) - Math.round((document.creditedAmount ?? 0) * scale)) / scale;
}

/** Whether the whole invoice may still be credited at once (nothing credited yet). */
export function wholeAllowed(document: { creditedAmount?: number }): boolean {
  return (document.creditedAmount ?? 0) === 0;
}

/** The lines a partial credit may name: all of the invoice's (a group line is credited whole). */
export function creditableLines(document: Pick<AnyDocument, 'lines'>) {
  return document.lines.map((line) => ({ ...line, wholeOnly: line.group !== undefined || line.quantity === 0 }));
}

/** Field errors (keys: `reason`, `lines`, `amount`, `line:<id>`) and the body to send when there are none. */
export function creditRequest(
  document: Pick<AnyDocument, 'lines' | 'currency' | 'total'> & { creditedAmount?: number },
  values: CreditValues,
): { errors: Record<string, string>; body: CreditBody | null } {
  const errors: Record<string, string> = {};
  const reason = values.reason.trim();
  if (reason.length > REASON_MAX) errors.reason = `At most ${REASON_MAX} characters`;
  if (values.mode !== 'whole' && reason === '') errors.reason = 'Say why the invoice is credited';
  let body: CreditBody = reason === '' ? {} : { reason };
  if (values.mode === 'lines') {
    const chosen: Array<{ line: string; quantity?: number }> = [];
    for (const line of creditableLines(document)) {
      const value = values.lines[line.id];
      if (!value?.checked) continue;
      const text = value.quantity.trim();
      if (text === '' || line.wholeOnly) {
        chosen.push({ line: line.id });
        continue;
      }
      const max = Math.abs(line.quantity);
      if (!NUMBER.test(text) || Number(text) <= 0) errors[`line:${line.id}`] = 'A quantity above 0';
      else if (decimals(text) > 6) errors[`line:${line.id}`] = 'At most 6 decimals';
      else if (Number(text) > max) errors[`line:${line.id}`] = `At most ${max}`;
      else chosen.push({ line: line.id, quantity: Number(text) });
    }
    if (chosen.length === 0 && !Object.keys(errors).some((key) => key.startsWith('line:'))) errors.lines = 'Choose at least one line';
    body = { ...body, lines: chosen };
  } else if (values.mode === 'amount') {
    const text = values.amount.trim();
    const places = minorUnits(document.currency.code);
    if (!NUMBER.test(text) || Number(text) <= 0) errors.amount = 'An amount above 0';
    else if (decimals(text) > places) errors.amount = `At most ${places} decimals`;
    else if (Number(text) > leftToCredit(document)) errors.amount = `At most what is left to credit (${leftToCredit(document)})`;
    else body = { ...body, amount: Number(text) };
  }
  return Object.keys(errors).length > 0 ? { errors, body: null } : { errors, body };
}

export interface Recipient {
  name: string;
  address: string;
}

/**
 * Who the credit note will be e-mailed to, as the send step picks them (docs/documents.md#e-mailing-documents):
 * the client's contacts with an e-mail and the `invoice` flag, copied to those with `ccInvoice` who
 * are not addressed already; each address once (without regard to case), in the contacts' order.
 */
export function creditRecipients(contacts: readonly Contact[]): { to: Recipient[]; cc: Recipient[] } {
  const seen = new Set<string>();
  const pick = (flag: string) =>
    contacts.flatMap((contact) => {
      const address = contact.email?.trim() ?? '';
      if (address === '' || contact.emails[flag] !== true || seen.has(address.toLowerCase())) return [];
      seen.add(address.toLowerCase());
      return [{ name: contact.fullName, address }];
    });
  const to = pick('invoice');
  return { to, cc: pick('ccInvoice') };
}
