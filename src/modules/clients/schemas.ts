import { Type, type Static } from '@sinclair/typebox';
import { Amount, CurrencyObject, DateOut, Id, Input, Nullable, Reference, RequiredText, Text } from '../../core/schemas.js';
import { LabelObject } from '../labels/index.js';
import { clientContacts, contactSchemas } from '../contacts/index.js';
import { AddressObject, partyInputProps, partyListProps, type PartyFilters, type PartyInput, type TextField } from './party.js';
import { NoteObject } from '../notes/index.js';
import { ClientFile } from '../files/index.js';
import { DocumentLanguageSchema } from '../../core/document-languages.js';
import type { DocumentMatchDisplay } from '../../core/db/schema.js';

/** What the client's documents show of a job line's match bands (docs/clients-suppliers.md#client-object). */
export const DOCUMENT_MATCH_DISPLAYS = ['none', 'breakdown', 'hiddenMatches'] as const satisfies readonly DocumentMatchDisplay[];
const DocumentMatchDisplaySchema = Type.Union(
  DOCUMENT_MATCH_DISPLAYS.map((value) => Type.Literal(value)),
  {
    description:
      "what the client's documents show of a job line's match bands: none; breakdown (each band with its quantity and rate); " +
      'hiddenMatches (the equivalent full-rate quantity)',
  },
);

/** Plain text fields of a client, in the order of the object (docs/clients-suppliers.md#client-object). */
export const CLIENT_TEXT: readonly TextField[] = [
  { api: 'email', column: 'email' },
  { api: 'phone', column: 'phone' },
  { api: 'website', column: 'website' },
  { api: 'vatNumber', column: 'vat_number' },
  { api: 'nationalIdentificationNumber', column: 'national_identification_number' },
  { api: 'details', column: 'details' },
];

/** Columns besides the name and the address that `q` searches. */
export const CLIENT_SEARCH = ['email', 'phone', 'website', 'vat_number', 'national_identification_number'];

/** Not implemented yet (their modules come later): always empty arrays. */

const ShowRateDescription =
  "the PDF of the client's quotes, invoices and credit notes in another currency than the account's shows the total in the account currency and the rate it was issued with (docs/exchange-rates.md#documents)";

export const Client = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('client'),
    name: Type.String(),
    archived: Type.Boolean(),
    pinned: Type.Boolean(),
    address: AddressObject,
    email: Type.String(),
    phone: Type.String(),
    website: Type.String(),
    vatNumber: Type.String(),
    nationalIdentificationNumber: Type.String(),
    details: Type.String(),
    currency: CurrencyObject,
    minimumFee: Nullable(Type.Number({ description: 'in the client currency' })),
    tax1: Nullable(Reference),
    tax2: Nullable(Reference),
    catConfiguration: Nullable(Reference),
    documentLanguage: Nullable(DocumentLanguageSchema("language of the client's documents; null: the account's")),
    documentMatchDisplay: DocumentMatchDisplaySchema,
    showExchangeRateOnInvoice: Type.Boolean({ description: ShowRateDescription }),
    labels: Type.Array(LabelObject),
    contacts: Type.Array(contactSchemas(clientContacts).Contact),
    files: Type.Array(ClientFile),
    notes: Type.Array(NoteObject),
    createdAt: DateOut(),
    updatedAt: DateOut(),
  },
  { title: 'client' },
);
export type ClientObject = Static<typeof Client>;

const clientInputProps = {
  ...partyInputProps,
  website: Type.Optional(Text()),
  minimumFee: Type.Optional(Nullable(Amount({ minimum: 0, description: 'minimum fee in the client currency; null for none' }))),
  tax1: Type.Optional(Nullable(Id('tax id; null for none'))),
  tax2: Type.Optional(Nullable(Id('tax id; null for none'))),
  documentMatchDisplay: Type.Optional(DocumentMatchDisplaySchema),
  showExchangeRateOnInvoice: Type.Optional(Type.Boolean({ description: `${ShowRateDescription} (default false)` })),
};

export const CreateClient = Input({ name: RequiredText('client name'), ...clientInputProps });
export const UpdateClient = Input({ name: Type.Optional(RequiredText('client name')), ...clientInputProps });

export interface ClientInput extends PartyInput {
  minimumFee?: number | null;
  tax1?: string | null;
  tax2?: string | null;
  documentMatchDisplay?: DocumentMatchDisplay;
  showExchangeRateOnInvoice?: boolean;
}

export const ClientListQuery = Input(partyListProps);
export type ClientFilters = PartyFilters;
