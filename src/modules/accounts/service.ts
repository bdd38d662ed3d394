import type { Static } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import { nowIso } from '../../core/dates.js';
import { invalid, notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { isCountryCode } from '../../core/language.js';
import { currency, toDecimalString } from '../../core/money.js';
import { numberFormatError } from './number-format.js';
import { accountRepository as repo, type AccountRow } from './repository.js';
import type { Account, Address, UpdateAccount } from './schemas.js';

export type AccountObject = Static<typeof Account>;
export type AddressObject = Static<typeof Address>;
export type AccountUpdate = Static<typeof UpdateAccount>;
export type AddressUpdate = NonNullable<AccountUpdate['address']>;

export const ADDRESS_FIELDS = ['name', 'street', 'city', 'postalCode', 'state', 'country'] as const;

export const EMPTY_ADDRESS: AddressObject = { name: '', street: '', city: '', postalCode: '', state: '', country: '' };

/** A stored address (JSON text) with every field present. */
export function readAddress(json: string): AddressObject {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed === 'object' && parsed !== null) stored = parsed as Record<string, unknown>;
  } catch {
    // an unreadable address reads as empty
  }
  const address = { ...EMPTY_ADDRESS };
  for (const field of ADDRESS_FIELDS) if (typeof stored[field] === 'string') address[field] = stored[field];
  return address;
}

/**
 * Applies address parameters to an address: given fields replace, the others stay. Text is
 * trimmed; the country is an ISO 3166-1 alpha-2 code (any case in, upper case out) or empty.
 * `param` names the parameter in errors (`address`).
 */
export function applyAddress(current: AddressObject, input: AddressUpdate, param = 'address'): AddressObject {
  const next = { ...current };
  for (const field of ADDRESS_FIELDS) {
    const value = input[field];
    if (value !== undefined) next[field] = value.trim();
  }
  if (input.country !== undefined && next.country !== '') {
    next.country = next.country.toUpperCase();
    if (!isCountryCode(next.country)) throw invalid(`${param}[country]`, `"${input.country}" is not an ISO 3166-1 alpha-2 country code (e.g. BE, US)`);
  }
  return next;
}

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
    for (const [param, column] of Object.entries(FORMAT_COLUMNS) as Array<[keyof typeof FORMAT_COLUMNS, (typeof FORMAT_COLUMNS)[keyof typeof FORMAT_COLUMNS]]>) {
      const format = input[param];
      if (format === undefined) continue;
      const error = numberFormatError(format);
      if (error) throw invalid(param, error);
      changes[column] = format;
    }
    if (input.address !== undefined) changes.address = JSON.stringify(applyAddress(readAddress(row.address), input.address));
    await repo.update(ctx.db, ctx.accountId, changes);
    const account = toObject(await load(ctx));
    await recordEvent(ctx, 'account.updated', account);
    return account;
  },
};
