import type { Ctx } from '../../core/context.js';
import { isForeignKeyViolation, isTrue } from '../../core/db/dialect.js';
import { nowIso } from '../../core/dates.js';
import { excerpt, inUse, invalid, notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { isTimeZone } from '../../core/language.js';
import { currency, toDecimalString, toNumber } from '../../core/money.js';
import { withItems, type Page } from '../../core/pagination.js';
import { suppliersOfferingServices } from '../prices/index.js';
import { assertIdsExist } from '../../core/filter-ids.js';
import { entityLabels } from '../labels/index.js';
import { notes } from '../notes/index.js';
import { masterData, domains, type Ref } from '../master-data/index.js';
import { languagePairs, type LanguagePairReference } from '../language-pairs/index.js';
import { clients, party } from '../clients/index.js';
import { contacts, supplierContacts } from '../contacts/index.js';
import { files, supplierFiles } from '../files/index.js';
import { LINKS, supplierRepository as repo, type LinkKind, type LinkRow, type SupplierRow } from './repository.js';
import { SUPPLIER_SEARCH, SUPPLIER_TEXT, type SupplierFilters, type SupplierInput, type SupplierObject } from './schemas.js';

const ENTITY = 'supplier';
const LINK_KINDS = Object.keys(LINKS) as LinkKind[];

function group(rows: LinkRow[]): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const row of rows) {
    const list = result.get(row.supplierId);
    if (list) list.push(row.targetId);
    else result.set(row.supplierId, [row.targetId]);
  }
  return result;
}

function pick<T>(ids: readonly string[] | undefined, refs: Map<string, T>): T[] {
  return (ids ?? []).map((id) => refs.get(id)).filter((ref): ref is T => ref !== undefined);
}

/**
 * Full objects of several suppliers in a constant number of queries: rows, three link lists,
 * domain names, language pairs, dedicated client names, labels, contacts and notes.
 */
async function loadMany(ctx: Ctx, ids: readonly string[]): Promise<Map<string, SupplierObject>> {
  const rows = await repo.findMany(ctx.db, ctx.accountId, ids);
  const result = new Map<string, SupplierObject>();
  if (rows.length === 0) return result;
  const rowIds = rows.map((row) => row.id);
  const linkRows = {} as Record<LinkKind, LinkRow[]>;
  for (const kind of LINK_KINDS) linkRows[kind] = await repo.links(ctx.db, kind, rowIds);
  const targets = (kind: LinkKind) => linkRows[kind].map((row) => row.targetId);
  const domainRefs =
    linkRows.domains.length > 0
      ? new Map((await masterData.list(ctx, domains)).map((domain): [string, Ref] => [domain.id, { id: domain.id, name: domain.name }]))
      : new Map<string, Ref>();
  const pairRefs =
    linkRows.languagePairs.length > 0 ? await languagePairs.referencesByIds(ctx, targets('languagePairs')) : new Map<string, LanguagePairReference>();
  const clientRefs = linkRows.dedicatedClients.length > 0 ? await clients.referencesByIds(ctx, targets('dedicatedClients')) : new Map<string, Ref>();
  const catRefs = await party.catConfigurationRefs(ctx, rows);
  const labels = await entityLabels.listFor(ctx, ENTITY, rowIds);
  const contactLists = await contacts.listFor(ctx, supplierContacts, rowIds);
  const noteLists = await notes.listFor(ctx, ENTITY, rowIds);
  const fileLists = await files.listFor(ctx, supplierFiles, rowIds);
  const [domainIds, pairIds, clientIds] = LINK_KINDS.map((kind) => group(linkRows[kind]));

  for (const row of rows) {
    const text = party.textOutput(row, SUPPLIER_TEXT);
    result.set(row.id, {
      id: row.id,
      object: 'supplier',
      name: row.name,
      supplierType: row.supplier_type,
      archived: isTrue(row.archived),
      pinned: isTrue(row.pinned),
      address: party.readAddress(row.address),
      email: text.email!,
      phone: text.phone!,
      mobilePhone: text.mobilePhone!,
      nickname: text.nickname!,
      vatNumber: text.vatNumber!,
      nationalIdentificationNumber: text.nationalIdentificationNumber!,
      details: text.details!,
      currency: currency(row.currency),
      rating: toNumber(row.rating),
      timezone: row.timezone,
      domains: pick(domainIds!.get(row.id), domainRefs),
      languagePairs: pick(pairIds!.get(row.id), pairRefs),
      dedicatedClients: pick(clientIds!.get(row.id), clientRefs),
      catConfiguration: row.cat_configuration_id === null ? null : (catRefs.get(row.cat_configuration_id) ?? null),
      documentLanguage: row.document_language,
      labels: labels.get(row.id) ?? [],
      contacts: contactLists.get(row.id) ?? [],
      files: fileLists.get(row.id) ?? [],
      notes: noteLists.get(row.id) ?? [],
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    });
  }
  return result;
}

/** The stored row for a write, locked until the transaction ends (concurrent list changes queue up). */
async function loadRow(ctx: Ctx, id: string): Promise<SupplierRow> {
  const row = await repo.findForUpdate(ctx.db, ctx.dialect, ctx.accountId, id);
  if (!row) throw notFound('supplier', id);
  return row;
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

/**
 * The link lists given in a create or update, validated (docs/reference.md#accounts-and-tenancy, docs/master-data.md#disabled-records): every id must be the
 * account's; a disabled language pair only when it is already on the supplier.
 */
async function linkParams(ctx: Ctx, input: SupplierInput, currentPairs: readonly string[]): Promise<Partial<Record<LinkKind, string[]>>> {
  const lists: Partial<Record<LinkKind, string[]>> = {};
  if (input.domains !== undefined) {
    lists.domains = unique(input.domains);
    for (const id of lists.domains) await masterData.reference(ctx, domains, id, 'domains');
  }
  if (input.languagePairs !== undefined) {
    lists.languagePairs = unique(input.languagePairs);
    for (const id of lists.languagePairs) await languagePairs.reference(ctx, id, 'languagePairs', currentPairs.includes(id) ? id : null);
  }
  if (input.dedicatedClients !== undefined) {
    lists.dedicatedClients = unique(input.dedicatedClients);
    await clients.references(ctx, lists.dedicatedClients, 'dedicatedClients');
  }
  return lists;
}

/** The columns of the supplier's own parameters (the shared ones are party.partyChanges). */
function supplierChanges(input: SupplierInput, current?: SupplierRow): Partial<SupplierRow> {
  const changes = party.partyChanges(input, SUPPLIER_TEXT, current) as Partial<SupplierRow>;
  if (input.supplierType !== undefined) changes.supplier_type = input.supplierType;
  if (input.rating !== undefined) changes.rating = input.rating === null ? null : toDecimalString(input.rating);
  if (input.timezone !== undefined) {
    const zone = input.timezone === null ? '' : input.timezone.trim();
    if (zone !== '' && !isTimeZone(zone)) throw invalid('timezone', `"${excerpt(String(input.timezone))}" is not an IANA time zone (e.g. Europe/Brussels)`);
    changes.timezone = zone === '' ? null : zone;
  }
  return changes;
}

export const suppliers = {
  async list(ctx: Ctx, filters: SupplierFilters): Promise<Page<SupplierObject>> {
    await party.validatePartyFilters(ctx, filters);
    await assertIdsExist(ctx, 'language_pairs', filters.languagePair, 'languagePair', 'language pair');
    await assertIdsExist(ctx, 'domains', filters.domain, 'domain', 'domain');
    await assertIdsExist(ctx, 'services', filters.service, 'service', 'service');
    let query = party.partyQuery(ctx, 'suppliers', filters);
    const linked = (kind: LinkKind, ids: string[]) =>
      ctx.db
        .selectFrom(LINKS[kind].table as 'supplier_domains')
        .select('supplier_id')
        .where(LINKS[kind].column as 'domain_id', 'in', ids);
    if (filters.languagePair && filters.languagePair.length > 0) query = query.where('id', 'in', linked('languagePairs', filters.languagePair));
    if (filters.domain && filters.domain.length > 0) query = query.where('id', 'in', linked('domains', filters.domain));
    if (filters.service && filters.service.length > 0) query = query.where('id', 'in', suppliersOfferingServices(ctx, filters.service));
    const page = await party.pageOfParties(query, 'suppliers', filters);
    return withItems(page, (ids) => loadMany(ctx, ids));
  },

  async get(ctx: Ctx, id: string): Promise<SupplierObject> {
    const supplier = (await loadMany(ctx, [id])).get(id);
    if (!supplier) throw notFound('supplier', id);
    return supplier;
  },

  async create(ctx: Ctx, input: SupplierInput & { name: string }): Promise<SupplierObject> {
    const now = nowIso();
    const row: SupplierRow = {
      id: newId(),
      account_id: ctx.accountId,
      name: '',
      name_key: '',
      search_text: '',
      supplier_type: 'freelance',
      archived: 0,
      pinned: 0,
      address: JSON.stringify(party.EMPTY_ADDRESS),
      email: '',
      phone: '',
      mobile_phone: '',
      nickname: '',
      vat_number: '',
      national_identification_number: '',
      details: '',
      currency: input.currency ?? (await party.accountCurrency(ctx)),
      rating: null,
      timezone: null,
      cat_configuration_id: null,
      document_language: null,
      created_at: now,
      updated_at: now,
    };
    Object.assign(row, supplierChanges(input));
    if (input.catConfiguration !== undefined) row.cat_configuration_id = await party.catConfigurationParam(ctx, input.catConfiguration);
    row.search_text = party.searchText(row, SUPPLIER_SEARCH);
    const lists = await linkParams(ctx, input, []);
    await repo.insert(ctx.db, row);
    for (const [kind, ids] of Object.entries(lists) as Array<[LinkKind, string[]]>) await repo.replaceLinks(ctx.db, kind, row.id, ids);
    const supplier = await suppliers.get(ctx, row.id);
    await recordEvent(ctx, 'supplier.created', supplier);
    return supplier;
  },

  async update(ctx: Ctx, id: string, input: SupplierInput): Promise<SupplierObject> {
    const current = await loadRow(ctx, id);
    const changes = supplierChanges(input, current);
    if (input.catConfiguration !== undefined) changes.cat_configuration_id = await party.catConfigurationParam(ctx, input.catConfiguration);
    changes.search_text = party.searchText({ ...current, ...changes }, SUPPLIER_SEARCH);
    changes.updated_at = nowIso();
    const currentPairs = input.languagePairs === undefined ? [] : (await repo.links(ctx.db, 'languagePairs', [id])).map((link) => link.targetId);
    const lists = await linkParams(ctx, input, currentPairs);
    await repo.update(ctx.db, ctx.accountId, id, changes);
    for (const [kind, ids] of Object.entries(lists) as Array<[LinkKind, string[]]>) await repo.replaceLinks(ctx.db, kind, id, ids);
    const supplier = await suppliers.get(ctx, id);
    await recordEvent(ctx, 'supplier.updated', supplier);
    return supplier;
  },

  /** Deletes the supplier with its own parts (contacts, links, unavailabilities, labels, notes); 409 while referenced. */
  async remove(ctx: Ctx, id: string): Promise<void> {
    const supplier = await suppliers.get(ctx, id);
    await contacts.removeAllFor(ctx, supplierContacts, id);
    await entityLabels.removeAll(ctx, ENTITY, id);
    await notes.removeAllFor(ctx, ENTITY, id);
    await repo.deleteParts(ctx.db, ctx.accountId, id);
    try {
      await repo.delete(ctx.db, ctx.accountId, id);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw inUse(`Supplier "${supplier.name}"`);
      throw error;
    }
    // Its files go with the row (they never block a delete); their content once the transaction commits (docs/files.md#lifecycle).
    await files.removeAllFor(ctx, supplierFiles, id);
    await recordEvent(ctx, 'supplier.deleted', supplier);
  },

  /** `POST /v2/suppliers/:id/language-pairs/:languagePairId`: adding a pair already there is harmless. */
  async addLanguagePair(ctx: Ctx, id: string, pairId: string): Promise<SupplierObject> {
    await loadRow(ctx, id);
    const current = (await repo.links(ctx.db, 'languagePairs', [id])).map((link) => link.targetId);
    if (current.includes(pairId)) return suppliers.get(ctx, id);
    await languagePairs.get(ctx, pairId); // 404 when not the account's
    await languagePairs.reference(ctx, pairId, 'languagePairId'); // 400 when disabled
    await repo.addLink(ctx.db, 'languagePairs', id, pairId);
    return suppliers.changed(ctx, id);
  },

  /** `DELETE /v2/suppliers/:id/language-pairs/:languagePairId`: 404 when the pair is not on the supplier. */
  async removeLanguagePair(ctx: Ctx, id: string, pairId: string): Promise<SupplierObject> {
    await loadRow(ctx, id);
    if (!(await repo.removeLink(ctx.db, 'languagePairs', id, pairId))) throw notFound(`language pair ${pairId} on this supplier`);
    return suppliers.changed(ctx, id);
  },

  /** Whether the id is one of the account's suppliers. */
  exists(ctx: Ctx, id: string): Promise<boolean> {
    return repo.exists(ctx.db, ctx.accountId, id);
  },

  async assertExists(ctx: Ctx, id: string): Promise<void> {
    if (!(await suppliers.exists(ctx, id))) throw notFound('supplier', id);
  },

  touch(ctx: Ctx, id: string, now: string): Promise<void> {
    return repo.touch(ctx.db, ctx.accountId, id, now);
  },

  /** A part of the supplier changed: bump updated_at, record `supplier.updated`, answer the supplier. */
  async changed(ctx: Ctx, id: string): Promise<SupplierObject> {
    await suppliers.touch(ctx, id, nowIso());
    const supplier = await suppliers.get(ctx, id);
    await recordEvent(ctx, 'supplier.updated', supplier);
    return supplier;
  },
};
