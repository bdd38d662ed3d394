import { Type } from '@sinclair/typebox';
import { CurrencyCode, CurrencyObject, DateOut, Email, Input, Nullable, RequiredText, Text } from '../../core/schemas.js';
import { DocumentLanguageSchema } from '../../core/document-languages.js';
import { MAX_FORMAT_LENGTH } from './number-format.js';
import { AddressInput, AddressObject } from '../../core/address.js';

const NumberFormat = (example: string) =>
  Type.String({
    maxLength: MAX_FORMAT_LENGTH,
    description:
      `document number format, e.g. ${example}: {YYYY} year, {YY} year (two digits), {MM} month, ` +
      '{SEQ} sequence number or {SEQ:n} zero-padded to n digits (1–12); exactly one sequence token; other text is literal',
  });

/** What the account object tells of the logo (the image itself: `GET /v2/account/logo`). */
export const LogoObject = Type.Object(
  {
    contentType: Type.String({ description: 'image/png, image/jpeg or image/svg+xml' }),
    size: Type.Integer({ description: 'bytes, as stored (after sanitising for SVG)' }),
    width: Type.Number({ description: 'pixels (SVG: its width, or the width of its viewBox)' }),
    height: Type.Number(),
    updatedAt: DateOut(),
  },
  { title: 'AccountLogo' },
);

/**
 * The statuses the not-started jobs of an accepted quote may take (docs/documents.md#accepting-a-quote):
 * 1 leaves them not started, 2 moves them in progress (the default), 6 on hold.
 */
export const ACCEPTED_QUOTE_JOB_STATUSES = [1, 2, 6] as const;
export const DEFAULT_ACCEPTED_QUOTE_JOB_STATUS = 2;
const AcceptedQuoteJobStatus = () =>
  Type.Union(
    ACCEPTED_QUOTE_JOB_STATUSES.map((status) => Type.Literal(status)),
    {
      description:
        'the status the jobs of a quote still not started (1) take when the quote is accepted: 1 they stay not started, 2 in progress (default), 6 on hold',
    },
  );

const RequestEmail = () =>
  Type.Union([Email(), Type.Literal('')], {
    description: "where the client portal's new requests are e-mailed (docs/client-portal.md#requests); empty: the account's `email`",
  });
const RequestTerms = () =>
  Text({
    maxLength: 20000,
    description: "the agency's terms, shown with the client portal's request form and accepted with each request (docs/client-portal.md#terms); empty: none",
  });
const ClientsSee = (what: string) =>
  Type.Boolean({ description: `whether the client portal shows each job's ${what} (docs/client-portal.md#jobs-and-deliveries); true by default` });

const SuppliersSeeClientName = () =>
  Type.Boolean({
    description:
      "whether the supplier portal shows each piece of work's client name (docs/supplier-portal.md#the-clients-name); false by default: " +
      'the client stays the agency’s',
  });
const ManagersSeeRevenueAndMargins = () =>
  Type.Boolean({
    description:
      'whether users of the role manager (and their API keys) see revenue and margins: job profitability, revenue per hour, ' +
      "the dashboard's money and invoice totals, the margins and receivables reports (docs/access.md#revenue-and-margins); true by default",
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
    creditNoteNumberFormat: Type.String({ description: 'the number format of credit notes, their own series' }),
    address: AddressObject,
    legalName: Type.String({ description: 'legal name of the agency, shown on documents instead of `name` when set' }),
    vatNumber: Type.String(),
    registrationNumber: Type.String({ description: 'company registration number' }),
    email: Type.String(),
    phone: Type.String(),
    website: Type.String(),
    iban: Type.String({ description: 'electronic form: no spaces, upper case' }),
    bic: Type.String(),
    bankName: Type.String(),
    documentLanguage: DocumentLanguageSchema('default language of documents; a client or supplier may choose its own'),
    acceptedQuoteJobStatus: AcceptedQuoteJobStatus(),
    managersSeeRevenueAndMargins: ManagersSeeRevenueAndMargins(),
    suppliersSeeClientName: SuppliersSeeClientName(),
    requestEmail: RequestEmail(),
    requestTerms: RequestTerms(),
    clientsSeeProgress: ClientsSee('progress'),
    clientsSeeDueDates: ClientsSee('due date'),
    logo: Nullable(LogoObject),
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
  creditNoteNumberFormat: Type.Optional(NumberFormat('CN-{YYYY}-{SEQ:4}')),
  address: Type.Optional(AddressInput),
  legalName: Type.Optional(Text({ description: 'legal name, shown on documents instead of `name`; empty: the name' })),
  vatNumber: Type.Optional(Text()),
  registrationNumber: Type.Optional(Text()),
  email: Type.Optional(Type.Union([Email(), Type.Literal('')], { description: 'contact e-mail address on documents, or empty' })),
  phone: Type.Optional(Text()),
  website: Type.Optional(Text()),
  iban: Type.Optional(
    Text({ maxLength: 64, description: 'IBAN, spaces allowed (stored without); mod-97 check digits and the country length are checked; empty clears it' }),
  ),
  bic: Type.Optional(Text({ maxLength: 16, description: 'BIC (SWIFT code) of 8 or 11 characters; empty clears it' })),
  bankName: Type.Optional(Text()),
  documentLanguage: Type.Optional(DocumentLanguageSchema('default language of documents')),
  acceptedQuoteJobStatus: Type.Optional(AcceptedQuoteJobStatus()),
  managersSeeRevenueAndMargins: Type.Optional(ManagersSeeRevenueAndMargins()),
  suppliersSeeClientName: Type.Optional(SuppliersSeeClientName()),
  requestEmail: Type.Optional(RequestEmail()),
  requestTerms: Type.Optional(RequestTerms()),
  clientsSeeProgress: Type.Optional(ClientsSee('progress')),
  clientsSeeDueDates: Type.Optional(ClientsSee('due date')),
});
