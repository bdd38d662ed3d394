import type { Static } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import { nowIso } from '../../core/dates.js';
import { invalid, notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { currency, toDecimalString } from '../../core/money.js';
import { numberFormatError } from './number-format.js';
import { accountRepository as repo, type AccountRow } from './repository.js';
import type { Account, UpdateAccount } from './schemas.js';
import { mergeAddress, readAddress } from '../../core/address.js';

export type AccountObject = Static<typeof Account>;
export type AccountUpdate = Static<typeof UpdateAccount>;

export function toObject(row: AccountRow): AccountObject {
  return {
    id: row.id,
    name: row.name,
    currency: currency(row.currency),
    targetMargin: Number(row.target_margin),
    invoiceNumberFormat: row.invoice_number_format,
    quoteNumberFormat: row.quote_number_format,
    purchaseOrderNumberFormat: row.purchase_order_number_format,
    address: readAddress(row.address),
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
} as const;

export const accounts = {
  /** The caller's account settings (also what documents need: currency, formats, address). */
  async get(ctx: Ctx): Promise<AccountObject> {
    return toObject(await load(ctx));
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
    await repo.update(ctx.db, ctx.accountId, changes);
    const account = toObject(await load(ctx));
    await recordEvent(ctx, 'account.updated', account);
    return account;
  },
};
