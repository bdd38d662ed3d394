import type { Ctx } from '../../core/context.js';
import { bool, isForeignKeyViolation, isTrue } from '../../core/db/dialect.js';
import { nowIso } from '../../core/dates.js';
import { inUse, invalid, notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { currency, toDecimalString, toNumber } from '../../core/money.js';
import { withItems, type Page } from '../../core/pagination.js';
import { entityLabels, type Label } from '../labels/index.js';
import { notes, type Note } from '../notes/index.js';
import { masterData, taxes, type Ref } from '../master-data/index.js';
import { clientContacts, contacts, type ContactObject } from '../contacts/index.js';
import { clientFiles, files } from '../files/index.js';
import {
  EMPTY_ADDRESS,
  accountCurrency,
  catConfigurationParam,
  catConfigurationRefs,
  pageOfParties,
  partyChanges,
  partyQuery,
  readAddress,
  searchText,
  textOutput,
  validatePartyFilters,
} from './party.js';
import { clientRepository as repo, type ClientRow } from './repository.js';
import { CLIENT_SEARCH, CLIENT_TEXT, type ClientFilters, type ClientInput, type ClientObject } from './schemas.js';

const ENTITY = 'client';

function toClient(
  row: ClientRow,
  taxRefs: Map<string, Ref>,
  catRefs: Map<string, Ref>,
  labels: Label[],
  contactList: ContactObject[],
  noteList: Note[],
): ClientObject {
  const tax = (id: string | null) => (id === null ? null : (taxRefs.get(id) ?? null));
  const text = textOutput(row, CLIENT_TEXT);
  return {
    id: row.id,
    object: 'client',
    name: row.name,
    archived: isTrue(row.archived),
    pinned: isTrue(row.pinned),
    address: readAddress(row.address),
    email: text.email!,
    phone: text.phone!,
    website: text.website!,
    vatNumber: text.vatNumber!,
    nationalIdentificationNumber: text.nationalIdentificationNumber!,
    details: text.details!,
    currency: currency(row.currency),
    minimumFee: toNumber(row.minimum_fee),
    tax1: tax(row.tax1_id),
    tax2: tax(row.tax2_id),
    catConfiguration: row.cat_configuration_id === null ? null : (catRefs.get(row.cat_configuration_id) ?? null),
    documentLanguage: row.document_language,
    documentMatchDisplay: row.document_match_display,
    showExchangeRateOnInvoice: isTrue(row.show_exchange_rate_on_invoice),
    labels,
    contacts: contactList,
    files: [],
    notes: noteList,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Full objects of several clients in a constant number of queries (rows, taxes, labels, contacts, notes). */
async function loadMany(ctx: Ctx, ids: readonly string[]): Promise<Map<string, ClientObject>> {
  const rows = await repo.findMany(ctx.db, ctx.accountId, ids);
  const result = new Map<string, ClientObject>();
  if (rows.length === 0) return result;
  const rowIds = rows.map((row) => row.id);
  const taxRefs = rows.some((row) => row.tax1_id !== null || row.tax2_id !== null)
    ? new Map((await masterData.list(ctx, taxes)).map((tax): [string, Ref] => [tax.id, { id: tax.id, name: tax.name }]))
    : new Map<string, Ref>();
  const catRefs = await catConfigurationRefs(ctx, rows);
  const labels = await entityLabels.listFor(ctx, ENTITY, rowIds);
  const contactLists = await contacts.listFor(ctx, clientContacts, rowIds);
  const noteLists = await notes.listFor(ctx, ENTITY, rowIds);
  for (const row of rows)
    result.set(row.id, toClient(row, taxRefs, catRefs, labels.get(row.id) ?? [], contactLists.get(row.id) ?? [], noteLists.get(row.id) ?? []));
  // Files of the whole page in one query (docs/files.md).
  const fileLists = await files.listFor(ctx, clientFiles, rowIds);
  for (const [id, client] of result) client.files = fileLists.get(id) ?? [];
  return result;
}

/** The stored row for an update, locked until the transaction ends. */
async function loadRow(ctx: Ctx, id: string): Promise<ClientRow> {
  const row = await repo.findForUpdate(ctx.db, ctx.dialect, ctx.accountId, id);
  if (!row) throw notFound('client', id);
  return row;
}

/** A tax parameter: null clears it, an id must be an enabled tax of the account (or the current one). */
async function taxParam(ctx: Ctx, param: 'tax1' | 'tax2', value: string | null, current: string | null): Promise<string | null> {
  if (value === null) return null;
  return (await masterData.reference(ctx, taxes, value, param, current)).id;
}

/** The taxes flagged isDefaultTax1 / isDefaultTax2 that are not disabled (docs/clients-suppliers.md#client-object). */
async function defaultTaxes(ctx: Ctx): Promise<{ tax1: string | null; tax2: string | null }> {
  const all = await masterData.list(ctx, taxes);
  const flagged = (flag: string) => all.find((tax) => tax[flag] === true && tax.disabled !== true)?.id ?? null;
  return { tax1: flagged('isDefaultTax1'), tax2: flagged('isDefaultTax2') };
}

/**
 * What depends on a client's pricing terms (minimum fee, currency): the stored estimation of its
 * jobs. Passed in by the composition (src/modules/index.ts) because jobs already import clients.
 */
export interface ClientDependents {
  pricingTermsChanged(ctx: Ctx, clientId: string): Promise<void>;
}

export const clients = {
  async list(ctx: Ctx, filters: ClientFilters): Promise<Page<ClientObject>> {
    await validatePartyFilters(ctx, filters);
    const page = await pageOfParties(partyQuery(ctx, 'clients', filters), 'clients', filters);
    return withItems(page, (ids) => loadMany(ctx, ids));
  },

  async get(ctx: Ctx, id: string): Promise<ClientObject> {
    const client = (await loadMany(ctx, [id])).get(id);
    if (!client) throw notFound('client', id);
    return client;
  },

  async create(ctx: Ctx, input: ClientInput & { name: string }): Promise<ClientObject> {
    const now = nowIso();
    const row: ClientRow = {
      id: newId(),
      account_id: ctx.accountId,
      name: '',
      name_key: '',
      search_text: '',
      archived: 0,
      pinned: 0,
      address: JSON.stringify(EMPTY_ADDRESS),
      email: '',
      phone: '',
      website: '',
      vat_number: '',
      national_identification_number: '',
      details: '',
      currency: input.currency ?? (await accountCurrency(ctx)),
      minimum_fee: input.minimumFee === undefined || input.minimumFee === null ? null : toDecimalString(input.minimumFee),
      tax1_id: null,
      tax2_id: null,
      cat_configuration_id: null,
      document_language: null,
      document_match_display: input.documentMatchDisplay ?? 'none',
      show_exchange_rate_on_invoice: bool(input.showExchangeRateOnInvoice ?? false),
      created_at: now,
      updated_at: now,
    };
    Object.assign(row, partyChanges(input, CLIENT_TEXT));
    const defaults = input.tax1 === undefined || input.tax2 === undefined ? await defaultTaxes(ctx) : { tax1: null, tax2: null };
    row.tax1_id = input.tax1 === undefined ? defaults.tax1 : await taxParam(ctx, 'tax1', input.tax1, null);
    row.tax2_id = input.tax2 === undefined ? defaults.tax2 : await taxParam(ctx, 'tax2', input.tax2, null);
    if (input.catConfiguration !== undefined) row.cat_configuration_id = await catConfigurationParam(ctx, input.catConfiguration);
    row.search_text = searchText(row, CLIENT_SEARCH);
    await repo.insert(ctx.db, row);
    const client = await clients.get(ctx, row.id);
    await recordEvent(ctx, 'client.created', client);
    return client;
  },

  async update(ctx: Ctx, id: string, input: ClientInput, dependents: ClientDependents): Promise<ClientObject> {
    const current = await loadRow(ctx, id);
    const changes = partyChanges(input, CLIENT_TEXT, current) as Partial<ClientRow>;
    if (input.minimumFee !== undefined) changes.minimum_fee = input.minimumFee === null ? null : toDecimalString(input.minimumFee);
    if (input.documentMatchDisplay !== undefined) changes.document_match_display = input.documentMatchDisplay;
    if (input.showExchangeRateOnInvoice !== undefined) changes.show_exchange_rate_on_invoice = bool(input.showExchangeRateOnInvoice);
    if (input.tax1 !== undefined) changes.tax1_id = await taxParam(ctx, 'tax1', input.tax1, current.tax1_id);
    if (input.tax2 !== undefined) changes.tax2_id = await taxParam(ctx, 'tax2', input.tax2, current.tax2_id);
    if (input.catConfiguration !== undefined) changes.cat_configuration_id = await catConfigurationParam(ctx, input.catConfiguration);
    changes.search_text = searchText({ ...current, ...changes }, CLIENT_SEARCH);
    changes.updated_at = nowIso();
    await repo.update(ctx.db, ctx.accountId, id, changes);
    const client = await clients.get(ctx, id);
    await recordEvent(ctx, 'client.updated', client);
    // The stored estimation of the client's jobs depends on its minimum fee and currency (docs/estimation.md#3-minimum-fee-and-non-billable).
    if (changes.minimum_fee !== undefined || changes.currency !== undefined) await dependents.pricingTermsChanged(ctx, id);
    return client;
  },

  /** Deletes the client with its own parts (contacts, label attachments, notes); 409 while referenced. */
  async remove(ctx: Ctx, id: string): Promise<void> {
    const client = await clients.get(ctx, id);
    await contacts.removeAllFor(ctx, clientContacts, id);
    await entityLabels.removeAll(ctx, ENTITY, id);
    await notes.removeAllFor(ctx, ENTITY, id);
    try {
      await repo.delete(ctx.db, ctx.accountId, id);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw inUse(`Client "${client.name}"`);
      throw error;
    }
    // Its files go with the row (they never block a delete); their content once the transaction commits (docs/files.md#lifecycle).
    await files.removeAllFor(ctx, clientFiles, id);
    await recordEvent(ctx, 'client.deleted', client);
  },

  /** Whether the id is one of the account's clients. */
  exists(ctx: Ctx, id: string): Promise<boolean> {
    return repo.exists(ctx.db, ctx.accountId, id);
  },

  async assertExists(ctx: Ctx, id: string): Promise<void> {
    if (!(await clients.exists(ctx, id))) throw notFound('client', id);
  },

  touch(ctx: Ctx, id: string, now: string): Promise<void> {
    return repo.touch(ctx.db, ctx.accountId, id, now);
  },

  /** `{ id, name }` of several clients of the account, by id (unknown ids are left out). */
  async referencesByIds(ctx: Ctx, ids: readonly string[]): Promise<Map<string, Ref>> {
    const rows = await repo.names(ctx.db, ctx.accountId, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name }]));
  },

  /** Client ids given in a parameter: each must be a client of the account (400 otherwise). */
  async references(ctx: Ctx, ids: readonly string[], param: string): Promise<Ref[]> {
    const found = await clients.referencesByIds(ctx, ids);
    return ids.map((id) => {
      const ref = found.get(id);
      if (!ref) throw invalid(param, `no client with id ${id}`);
      return ref;
    });
  },
};
