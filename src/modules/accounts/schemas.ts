import { Type } from '@sinclair/typebox';
import { CurrencyCode, CurrencyObject, DateOut, Input, RequiredText } from '../../core/schemas.js';
import { MAX_FORMAT_LENGTH } from './number-format.js';
import { AddressInput, AddressObject } from '../../core/address.js';

const NumberFormat = (example: string) =>
  Type.String({
    maxLength: MAX_FORMAT_LENGTH,
    description:
      `document number format, e.g. ${example}: {YYYY} year, {YY} year (two digits), {MM} month, ` +
      '{SEQ} sequence number or {SEQ:n} zero-padded to n digits (1–12); exactly one sequence token; other text is literal',
  });

/** The account settings (docs/operations.md#account-settings). */
export const Account = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    currency: CurrencyObject,
    targetMargin: Type.Number({ description: 'target margin rate, a fraction from 0 to 1 (0.3 means 30 %)' }),
    invoiceNumberFormat: Type.String(),
    quoteNumberFormat: Type.String(),
    purchaseOrderNumberFormat: Type.String(),
    address: AddressObject,
    createdAt: DateOut(),
    updatedAt: DateOut(),
  },
  { title: 'Account' },
);

export const UpdateAccount = Input({
  name: Type.Optional(RequiredText('name of the agency, shown on documents')),
  currency: Type.Optional(CurrencyCode()),
  targetMargin: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'target margin rate, a fraction from 0 to 1 (0.3 means 30 %)' })),
  invoiceNumberFormat: Type.Optional(NumberFormat('INV-{YYYY}-{SEQ:4}')),
  quoteNumberFormat: Type.Optional(NumberFormat('Q-{YYYY}-{SEQ:4}')),
  purchaseOrderNumberFormat: Type.Optional(NumberFormat('PO-{YYYY}-{SEQ:4}')),
  address: Type.Optional(AddressInput),
});
