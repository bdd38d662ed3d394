import { Type, type TSchema } from '@sinclair/typebox';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Ctx } from '../../core/context.js';
import { bool, containsPattern, likeEscaped } from '../../core/db/dialect.js';
import type { DB } from '../../core/db/schema.js';
import { invalid } from '../../core/errors.js';
import { paginateIds, type Page, type PageRequest } from '../../core/pagination.js';
import { ArrayParam, CurrencyCode, Email, Id, Nullable, Text, pageQuery } from '../../core/schemas.js';
import { entityLabels } from '../labels/index.js';
import { clientContacts, contacts, supplierContacts } from '../contacts/index.js';
import { assertIdsExist } from '../../core/filter-ids.js';
import { catConfigurations } from '../cat-configurations/index.js';
import type { Ref } from '../master-data/index.js';
import { DocumentLanguageSchema, type DocumentLanguage } from '../../core/document-languages.js';

/**
 * What clients and suppliers ("parties") share: the address, the plain text fields, the search
 * text behind `q`, the list filters and sorts, the account currency default and `updated_at`.
 * Suppliers use it through `clients/index.ts`.
 */
export type PartyTable = 'clients' | 'suppliers';
export const entityTypeOf = (table: PartyTable) => (table === 'clients' ? 'client' : 'supplier');

// The address is shared with the account: core/address.ts.
export { AddressObject, AddressInput, EMPTY_ADDRESS, readAddress, mergeAddress, type Address, type AddressPatch } from '../../core/address.js';
import { AddressInput, EMPTY_ADDRESS, readAddress, mergeAddress, type AddressPatch } from '../../core/address.js';

// ---- plain text fields ---------------------------------------------------------------------

/** A plain text field of the object: name in the API, column in the table. */
export interface TextField {
  api: string;
  column: string;
}

/** The e-mail of a client or supplier: an address, or `''` for none. */
export const EmailOrEmpty = () => Type.Union([Email(), Type.Literal('')], { description: 'e-mail address, or empty' });

/** Request properties shared by client and supplier create/update (all optional here). */
export const partyInputProps = {
  archived: Type.Optional(Type.Boolean()),
  pinned: Type.Optional(Type.Boolean()),
  address: Type.Optional(AddressInput),
  email: Type.Optional(EmailOrEmpty()),
  phone: Type.Optional(Text()),
  vatNumber: Type.Optional(Text()),
  nationalIdentificationNumber: Type.Optional(Text()),
  details: Type.Optional(Text()),
  currency: Type.Optional(CurrencyCode()),
  catConfiguration: Type.Optional(Nullable(Id('default CAT configuration id (used by CAT analysis imports); null clears it'))),
  documentLanguage: Type.Optional(Nullable(DocumentLanguageSchema("language of the party's documents; null: the account's"))),
} satisfies Record<string, TSchema>;

export interface PartyInput {
  name?: string;
  archived?: boolean;
  pinned?: boolean;
  address?: AddressPatch;
  currency?: string;
  catConfiguration?: string | null;
  documentLanguage?: DocumentLanguage | null;
  [text: string]: unknown;
}

/** The stored row of a client or supplier, as far as the shared code reads it (other columns by name). */
export interface PartyRow {
  name: string;
  address: string;
}
// The columns named are text columns.
const column = (row: object, name: string) => (row as Record<string, string | null | undefined>)[name] ?? '';

export const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * The columns that a create or update sets from the shared parameters. `current` is the stored
 * row on update (the address is merged into it), undefined on create.
 */
export function partyChanges(input: PartyInput, textFields: readonly TextField[], current?: PartyRow): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (name === '') throw invalid('name', 'must not be empty');
    changes.name = name;
    changes.name_key = nameKey(name);
  }
  if (input.archived !== undefined) changes.archived = bool(input.archived);
  if (input.pinned !== undefined) changes.pinned = bool(input.pinned);
  if (input.address !== undefined) {
    changes.address = JSON.stringify(mergeAddress(current ? readAddress(current.address) : EMPTY_ADDRESS, input.address));
  }
  if (input.currency !== undefined) changes.currency = input.currency;
  if (input.documentLanguage !== undefined) changes.document_language = input.documentLanguage;
  for (const field of textFields) {
    const value = input[field.api];
    if (typeof value === 'string') changes[field.column] = value.trim();
  }
  return changes;
}

/** The `catConfiguration` parameter: null clears it, an id must be a configuration of the account. */
export async function catConfigurationParam(ctx: Ctx, value: string | null): Promise<string | null> {
  return value === null ? null : (await catConfigurations.reference(ctx, value, 'catConfiguration')).id;
}

/** `catConfiguration` references of a batch of rows, in one query. */
export async function catConfigurationRefs(ctx: Ctx, rows: ReadonlyArray<{ cat_configuration_id: string | null }>): Promise<Map<string, Ref>> {
  const ids = rows.map((row) => row.cat_configuration_id).filter((id): id is string => id !== null);
  return ids.length === 0 ? new Map() : catConfigurations.referencesByIds(ctx, ids);
}

/** Plain text fields of a row, as answered. */
export function textOutput(row: object, textFields: readonly TextField[]): Record<string, string> {
  return Object.fromEntries(textFields.map((field) => [field.api, column(row, field.column)]));
}

/**
 * The lowercased text that `q` searches: the name, the given columns and the address name and
 * city, one per line (so that a search never matches across two fields).
 */
export function searchText(row: PartyRow, columns: readonly string[]): string {
  const address = readAddress(row.address);
  return [row.name, ...columns.map((name) => column(row, name)), address.name, address.city]
    .filter((part) => part !== '')
    .join('\n')
    .toLowerCase();
}

// ---- listing -------------------------------------------------------------------------------

export const PARTY_SORTS = ['createdAt', 'updatedAt', 'name'] as const;
const SORT_COLUMNS = { createdAt: 'created_at', updatedAt: 'updated_at', name: 'name_key' };

/** Query parameters shared by `GET /v2/clients` and `GET /v2/suppliers` (docs/reference.md#paginated-listings, docs/reference.md#filters). */
export const partyListProps = {
  ...pageQuery(PARTY_SORTS),
  archived: Type.Optional(Type.Boolean()),
  pinned: Type.Optional(Type.Boolean()),
  q: Type.Optional(Text({ description: 'case-insensitive substring of the searchable fields' })),
  label: ArrayParam(Id('label id')),
};

export interface PartyFilters extends PageRequest {
  archived?: boolean;
  pinned?: boolean;
  q?: string;
  label?: string[];
}

/** Both tables share the filtered columns; the query is typed on one of them and runs on either. */
export type PartyQuery = SelectQueryBuilder<DB, 'clients', object>;

/** The account's parties with the shared filters applied; a module adds its own filters to it. */
/** Ids in the shared filters must be the account's (docs/reference.md#accounts-and-tenancy). */
export async function validatePartyFilters(ctx: Ctx, filters: PartyFilters): Promise<void> {
  await assertIdsExist(ctx, 'labels', filters.label, 'label', 'label');
}

export function partyQuery(ctx: Ctx, table: PartyTable, filters: PartyFilters): PartyQuery {
  let query = ctx.db.selectFrom(table as 'clients').where('account_id', '=', ctx.accountId) as PartyQuery;
  if (filters.archived !== undefined) query = query.where('archived', '=', bool(filters.archived));
  if (filters.pinned !== undefined) query = query.where('pinned', '=', bool(filters.pinned));
  const q = filters.q?.trim();
  if (q) {
    // The party's own fields, or one of its contacts' names and e-mails (docs/clients-suppliers.md#listing-get-v2clients-get-v2suppliers).
    const pattern = containsPattern(q);
    const contactsOf = table === 'clients' ? clientContacts : supplierContacts;
    query = query.where((eb) => eb.or([likeEscaped(sql.ref('search_text'), pattern), eb('id', 'in', contacts.ownerIdsMatching(ctx, contactsOf, pattern))]));
  }
  if (filters.label && filters.label.length > 0) {
    query = query.where('id', 'in', entityLabels.entityIdsWithLabels(ctx, entityTypeOf(table), filters.label));
  }
  return query;
}

/** One page of ids of a filtered party query (sorted by createdAt, updatedAt or name). */
export function pageOfParties(query: PartyQuery, table: PartyTable, request: PageRequest): Promise<Page<string>> {
  return paginateIds(query, table as 'clients', request, SORT_COLUMNS);
}

// ---- storage helpers -----------------------------------------------------------------------

/** Default currency of new clients and suppliers: the account's (docs/operations.md#account-settings). */
export async function accountCurrency(ctx: Ctx): Promise<string> {
  const row = await ctx.db.selectFrom('accounts').select('currency').where('id', '=', ctx.accountId).executeTakeFirst();
  return row?.currency ?? 'EUR';
}
