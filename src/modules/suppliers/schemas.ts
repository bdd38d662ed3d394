import { Type, type Static } from '@sinclair/typebox';
import { ArrayParam, CurrencyObject, DateInput, DateOut, Id, Input, Nullable, Reference, RequiredText, Text } from '../../core/schemas.js';
import { LabelObject } from '../labels/index.js';
import { contactSchemas, supplierContacts } from '../contacts/index.js';
import { LanguagePairRef } from '../language-pairs/index.js';
import { party } from '../clients/index.js';
import { NoteObject } from '../notes/index.js';
import { SupplierFile } from '../files/index.js';
import { DocumentLanguageSchema } from '../../core/document-languages.js';

/** Plain text fields of a supplier, in the order of the object (docs/clients-suppliers.md#supplier-object). */
export const SUPPLIER_TEXT: readonly party.TextField[] = [
  { api: 'email', column: 'email' },
  { api: 'phone', column: 'phone' },
  { api: 'mobilePhone', column: 'mobile_phone' },
  { api: 'nickname', column: 'nickname' },
  { api: 'vatNumber', column: 'vat_number' },
  { api: 'nationalIdentificationNumber', column: 'national_identification_number' },
  { api: 'details', column: 'details' },
];

/** Columns besides the name and the address that `q` searches. */
export const SUPPLIER_SEARCH = ['nickname', 'email', 'phone', 'mobile_phone', 'vat_number', 'national_identification_number'];

const SupplierType = Type.Union([Type.Literal('freelance'), Type.Literal('company')]);

export const Supplier = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('supplier'),
    name: Type.String(),
    supplierType: SupplierType,
    archived: Type.Boolean(),
    pinned: Type.Boolean(),
    address: party.AddressObject,
    email: Type.String(),
    phone: Type.String(),
    mobilePhone: Type.String(),
    nickname: Type.String(),
    vatNumber: Type.String(),
    nationalIdentificationNumber: Type.String(),
    details: Type.String(),
    currency: CurrencyObject,
    rating: Nullable(Type.Number({ minimum: 0, maximum: 5 })),
    timezone: Nullable(Type.String({ description: 'IANA time zone' })),
    domains: Type.Array(Reference),
    languagePairs: Type.Array(LanguagePairRef),
    dedicatedClients: Type.Array(Reference),
    catConfiguration: Nullable(Reference),
    documentLanguage: Nullable(DocumentLanguageSchema("language of the supplier's documents (purchase orders); null: the account's")),
    labels: Type.Array(LabelObject),
    contacts: Type.Array(contactSchemas(supplierContacts).Contact),
    files: Type.Array(SupplierFile),
    notes: Type.Array(NoteObject),
    createdAt: DateOut(),
    updatedAt: DateOut(),
  },
  { title: 'supplier' },
);
export type SupplierObject = Static<typeof Supplier>;

const IdList = (what: string) => ArrayParam(Id(`${what} id`));

const supplierInputProps = {
  ...party.partyInputProps,
  supplierType: Type.Optional(SupplierType),
  mobilePhone: Type.Optional(Text()),
  nickname: Type.Optional(Text()),
  rating: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 5, description: 'from 0 to 5; null for none' }))),
  timezone: Type.Optional(Nullable(Text({ description: 'IANA time zone, e.g. Europe/Brussels; null for none' }))),
  domains: IdList('domain'),
  languagePairs: IdList('language pair'),
  dedicatedClients: IdList('client'),
};

export const CreateSupplier = Input({ name: RequiredText('supplier name'), ...supplierInputProps });
export const UpdateSupplier = Input({ name: Type.Optional(RequiredText('supplier name')), ...supplierInputProps });

export interface SupplierInput extends party.PartyInput {
  supplierType?: 'freelance' | 'company';
  rating?: number | null;
  timezone?: string | null;
  domains?: string[];
  languagePairs?: string[];
  dedicatedClients?: string[];
}

export const SupplierListQuery = Input({
  ...party.partyListProps,
  languagePair: IdList('language pair'),
  domain: IdList('domain'),
  service: IdList('service'),
});
export interface SupplierFilters extends party.PartyFilters {
  languagePair?: string[];
  domain?: string[];
  service?: string[];
}

export const Unavailability = Type.Object(
  { id: Type.String(), from: DateOut(), to: DateOut(), reason: Type.String(), createdAt: DateOut(), updatedAt: DateOut() },
  { title: 'unavailability' },
);
export type UnavailabilityObject = Static<typeof Unavailability>;
export const Unavailabilities = Type.Object({ currents: Type.Array(Unavailability), old: Type.Array(Unavailability) });

export const CreateUnavailability = Input({ from: DateInput(), to: DateInput(), reason: Type.Optional(Text()) });
export const UpdateUnavailability = Input({ from: Type.Optional(DateInput()), to: Type.Optional(DateInput()), reason: Type.Optional(Text()) });
export interface UnavailabilityInput {
  from?: string;
  to?: string;
  reason?: string;
}
