import type { Static } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import type { Executor } from '../../core/db/dialect.js';
import { nowIso } from '../../core/dates.js';
import { bool, isTrue } from '../../core/db/dialect.js';
import { invalid, notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { currency, toDecimalString } from '../../core/money.js';
import { numberFormatError } from './number-format.js';
import { accountRepository as repo, type AccountRow, type LogoInfo } from './repository.js';
import { IDENTITY_TEXT, normaliseBic, normaliseIban } from './identity.js';
import { readLogo } from './logo-image.js';
import type { Account, UpdateAccount } from './schemas.js';
import { mergeAddress, readAddress } from '../../core/address.js';

export type AccountObject = Static<typeof Account>;
export type AccountUpdate = Static<typeof UpdateAccount>;

export function toObject(row: AccountRow, logo: LogoInfo | undefined): AccountObject {
  return {
    id: row.id,
    name: row.name,
    currency: currency(row.currency),
    targetMargin: Number(row.target_margin),
    invoiceNumberFormat: row.invoice_number_format,
    quoteNumberFormat: row.quote_number_format,
    purchaseOrderNumberFormat: row.purchase_order_number_format,
    creditNoteNumberFormat: row.credit_note_number_format,
    address: readAddress(row.address),
    legalName: row.legal_name,
    vatNumber: row.vat_number,
    registrationNumber: row.registration_number,
    email: row.email,
    phone: row.phone,
    website: row.website,
    iban: row.iban,
    bic: row.bic,
    bankName: row.bank_name,
    documentLanguage: row.document_language,
    acceptedQuoteJobStatus: row.accepted_quote_job_status as AccountObject['acceptedQuoteJobStatus'],
    managersSeeRevenueAndMargins: isTrue(row.managers_see_revenue_and_margins),
    suppliersSeeClientName: isTrue(row.suppliers_see_client_name),
    requestEmail: row.request_email,
    requestTerms: row.request_terms,
    clientsSeeProgress: isTrue(row.clients_see_progress),
    clientsSeeDueDates: isTrue(row.clients_see_due_dates),
    logo: logo ? { contentType: logo.content_type, size: logo.size, width: logo.width, height: logo.height, updatedAt: logo.updated_at } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function load(ctx: Ctx): Promise<AccountRow> {
  const row = await repo.find(ctx.db, ctx.accountId);
  if (!row) throw notFound('account');
  return row;
}

const FORMAT_COLUMNS = {
  invoiceNumberFormat: 'invoice_number_format',
  quoteNumberFormat: 'quote_number_format',
  purchaseOrderNumberFormat: 'purchase_order_number_format',
  creditNoteNumberFormat: 'credit_note_number_format',
} as const;

export const accounts = {
  /** The caller's account settings (also what documents need: currency, formats, address, identity, language). */
  async get(ctx: Ctx): Promise<AccountObject> {
    const row = await load(ctx);
    return toObject(row, await repo.logoInfo(ctx.db, ctx.accountId));
  },

  /** The account's logo as stored (SVG already sanitised), for documents; null when it has none. */
  async logo(ctx: Ctx): Promise<{ contentType: string; content: Buffer; width: number; height: number } | null> {
    return accounts.logoOf(ctx.db, ctx.accountId);
  },

  /** The name of an account read without an agency user (what heads the portal's e-mails); '' for none. */
  async nameOf(db: Executor, accountId: string): Promise<string> {
    return (await repo.find(db, accountId))?.name ?? '';
  },

  /** The logo of an account read without an agency user (the portal's pages and e-mails show it). */
  async logoOf(db: Executor, accountId: string): Promise<{ contentType: string; content: Buffer; width: number; height: number } | null> {
    const row = await repo.logo(db, accountId);
    if (!row) return null;
    return { contentType: row.content_type, content: Buffer.from(row.content), width: row.width, height: row.height };
  },

  async update(ctx: Ctx, input: AccountUpdate): Promise<AccountObject> {
    const row = await load(ctx);
    const changes: Partial<AccountRow> = { updated_at: nowIso() };
    if (input.name !== undefined) {
      const name = input.name.trim();
      if (name === '') throw invalid('name', 'must not be empty');
      changes.name = name;
    }
    if (input.currency !== undefined) changes.currency = input.currency;
    if (input.targetMargin !== undefined) changes.target_margin = toDecimalString(input.targetMargin);
    for (const [param, column] of Object.entries(FORMAT_COLUMNS) as Array<
      [keyof typeof FORMAT_COLUMNS, (typeof FORMAT_COLUMNS)[keyof typeof FORMAT_COLUMNS]]
    >) {
      const format = input[param];
      if (format === undefined) continue;
      const error = numberFormatError(format);
      if (error) throw invalid(param, error);
      changes[column] = format;
    }
    if (input.address !== undefined) changes.address = JSON.stringify(mergeAddress(readAddress(row.address), input.address));
    for (const [param, column] of Object.entries(IDENTITY_TEXT) as Array<[keyof typeof IDENTITY_TEXT, (typeof IDENTITY_TEXT)[keyof typeof IDENTITY_TEXT]]>) {
      const value = input[param];
      if (value !== undefined) changes[column] = value.trim();
    }
    if (input.iban !== undefined) changes.iban = normaliseIban(input.iban);
    if (input.bic !== undefined) changes.bic = normaliseBic(input.bic);
    if (input.documentLanguage !== undefined) changes.document_language = input.documentLanguage;
    if (input.acceptedQuoteJobStatus !== undefined) changes.accepted_quote_job_status = input.acceptedQuoteJobStatus;
    if (input.managersSeeRevenueAndMargins !== undefined) changes.managers_see_revenue_and_margins = bool(input.managersSeeRevenueAndMargins);
    if (input.suppliersSeeClientName !== undefined) changes.suppliers_see_client_name = bool(input.suppliersSeeClientName);
    if (input.requestEmail !== undefined) changes.request_email = input.requestEmail.trim();
    if (input.requestTerms !== undefined) changes.request_terms = input.requestTerms.trim();
    if (input.clientsSeeProgress !== undefined) changes.clients_see_progress = bool(input.clientsSeeProgress);
    if (input.clientsSeeDueDates !== undefined) changes.clients_see_due_dates = bool(input.clientsSeeDueDates);
    await repo.update(ctx.db, ctx.accountId, changes);
    const account = await accounts.get(ctx);
    await recordEvent(ctx, 'account.updated', account);
    return account;
  },

  /**
   * Replaces the logo with an uploaded image (checked, SVG sanitised: logo-image.ts) and answers
   * the account; records `account.updated`.
   */
  async setLogo(ctx: Ctx, upload: Buffer): Promise<AccountObject> {
    const image = readLogo(upload);
    await load(ctx);
    const now = nowIso();
    await repo.putLogo(ctx.db, {
      account_id: ctx.accountId,
      content_type: image.contentType,
      content: image.content,
      size: image.content.length,
      width: image.width,
      height: image.height,
      updated_at: now,
    });
    await repo.update(ctx.db, ctx.accountId, { updated_at: now });
    const account = await accounts.get(ctx);
    await recordEvent(ctx, 'account.updated', account);
    return account;
  },

  /** Removes the logo (404 when there is none); records `account.updated`. */
  async removeLogo(ctx: Ctx): Promise<void> {
    if (!(await repo.deleteLogo(ctx.db, ctx.accountId))) throw notFound('logo');
    await repo.update(ctx.db, ctx.accountId, { updated_at: nowIso() });
    await recordEvent(ctx, 'account.updated', await accounts.get(ctx));
  },
};
