import { forUpdate, type DialectName, type Executor } from '../../core/db/dialect.js';
import type { SupplierUnavailabilitiesTable, SuppliersTable } from '../../core/db/schema.js';

export type SupplierRow = SuppliersTable;
export type UnavailabilityRow = SupplierUnavailabilitiesTable;

/** The three link lists of a supplier: API field → table and column. */
export const LINKS = {
  domains: { table: 'supplier_domains', column: 'domain_id' },
  languagePairs: { table: 'supplier_language_pairs', column: 'language_pair_id' },
  dedicatedClients: { table: 'supplier_dedicated_clients', column: 'client_id' },
} as const;
export type LinkKind = keyof typeof LINKS;

export interface LinkRow {
  supplierId: string;
  targetId: string;
}

// The link tables share their shape; one loosely typed table keeps each query written once.
const linkTable = (kind: LinkKind) => LINKS[kind].table as 'supplier_domains';
const linkColumn = (kind: LinkKind) => LINKS[kind].column as 'domain_id';

/** Suppliers, always scoped to one account (link rows through their supplier, which is). */
export const supplierRepository = {
  /** The row, locked until the transaction ends (PostgreSQL): its writes (lists, links) are serialised. */
  findForUpdate(db: Executor, dialect: DialectName, accountId: string, id: string): Promise<SupplierRow | undefined> {
    return forUpdate(db.selectFrom('suppliers').selectAll().where('account_id', '=', accountId).where('id', '=', id), dialect).executeTakeFirst();
  },

  /** Whether the id is one of the account's suppliers. */
  async exists(db: Executor, accountId: string, id: string): Promise<boolean> {
    const row = await db.selectFrom('suppliers').select('id').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  },

  /** Marks the row as changed (a part of it, a note, label, contact or file, changed). */
  async touch(db: Executor, accountId: string, id: string, now: string): Promise<void> {
    await db.updateTable('suppliers').set({ updated_at: now }).where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  findMany(db: Executor, accountId: string, ids: readonly string[]): Promise<SupplierRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('suppliers')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
  },

  async insert(db: Executor, row: SupplierRow): Promise<void> {
    await db.insertInto('suppliers').values(row).execute();
  },

  async update(db: Executor, accountId: string, id: string, changes: Partial<SupplierRow>): Promise<void> {
    await db.updateTable('suppliers').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  async delete(db: Executor, accountId: string, id: string): Promise<void> {
    await db.deleteFrom('suppliers').where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  // ---- links (domains, language pairs, dedicated clients) ----------------------------------

  /** One link list of several suppliers (already known to be the caller's), in list order. */
  async links(db: Executor, kind: LinkKind, supplierIds: readonly string[]): Promise<LinkRow[]> {
    if (supplierIds.length === 0) return [];
    const rows = await db
      .selectFrom(linkTable(kind))
      .select(['supplier_id as supplierId', `${linkColumn(kind)} as targetId`])
      .where('supplier_id', 'in', [...supplierIds])
      .orderBy('supplier_id')
      .orderBy('position')
      .execute();
    return rows;
  },

  /** Replaces a supplier's list by `targetIds`, in that order. */
  async replaceLinks(db: Executor, kind: LinkKind, supplierId: string, targetIds: readonly string[]): Promise<void> {
    await db.deleteFrom(linkTable(kind)).where('supplier_id', '=', supplierId).execute();
    if (targetIds.length === 0) return;
    const rows = targetIds.map((targetId, position) => ({ supplier_id: supplierId, [linkColumn(kind)]: targetId, position }));
    await db.insertInto(linkTable(kind)).values(rows).execute();
  },

  /** Appends one link at the end of the list. */
  async addLink(db: Executor, kind: LinkKind, supplierId: string, targetId: string): Promise<void> {
    const row = await db
      .selectFrom(linkTable(kind))
      .select((eb) => eb.fn.max('position').as('max'))
      .where('supplier_id', '=', supplierId)
      .executeTakeFirst();
    const position = Number(row?.max ?? -1) + 1;
    await db
      .insertInto(linkTable(kind))
      .values({ supplier_id: supplierId, [linkColumn(kind)]: targetId, position })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  },

  /** Removes one link; answers whether it existed. */
  async removeLink(db: Executor, kind: LinkKind, supplierId: string, targetId: string): Promise<boolean> {
    const result = await db.deleteFrom(linkTable(kind)).where('supplier_id', '=', supplierId).where(linkColumn(kind), '=', targetId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  // ---- unavailabilities --------------------------------------------------------------------

  unavailabilities(db: Executor, accountId: string, supplierId: string): Promise<UnavailabilityRow[]> {
    return db
      .selectFrom('supplier_unavailabilities')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('supplier_id', '=', supplierId)
      .orderBy('from_at')
      .orderBy('id')
      .execute();
  },

  findUnavailability(db: Executor, accountId: string, supplierId: string, id: string): Promise<UnavailabilityRow | undefined> {
    return db
      .selectFrom('supplier_unavailabilities')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('supplier_id', '=', supplierId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async insertUnavailability(db: Executor, row: UnavailabilityRow): Promise<void> {
    await db.insertInto('supplier_unavailabilities').values(row).execute();
  },

  async updateUnavailability(db: Executor, accountId: string, id: string, changes: Partial<UnavailabilityRow>): Promise<void> {
    await db.updateTable('supplier_unavailabilities').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  async deleteUnavailability(db: Executor, accountId: string, id: string): Promise<void> {
    await db.deleteFrom('supplier_unavailabilities').where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  /** Removes a supplier's own parts stored here: its links and unavailabilities. */
  async deleteParts(db: Executor, accountId: string, supplierId: string): Promise<void> {
    for (const kind of Object.keys(LINKS) as LinkKind[]) await db.deleteFrom(linkTable(kind)).where('supplier_id', '=', supplierId).execute();
    await db.deleteFrom('supplier_unavailabilities').where('account_id', '=', accountId).where('supplier_id', '=', supplierId).execute();
  },
};
