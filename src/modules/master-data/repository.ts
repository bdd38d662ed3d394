import type { Executor } from '../../core/db/dialect.js';
import { preparedQuery, type PreparedQuery } from '../../core/db/prepared.js';
import { columnsOf } from '../../core/db/columns.js';
import type { NamedKind } from './kinds.js';

/**
 * Rows of the named master-data tables, always scoped to one account. Listings come back in
 * storage order; the service puts them in the API order (names are compared in code so that
 * SQLite and PostgreSQL, whatever its collation, answer the same order).
 */
export type NamedRow = Record<string, unknown> & { id: string; name: string; name_key: string };

// The kinds share their core columns; one loosely typed table name keeps the queries written once.
type AnyTable = 'services';
const table = (kind: NamedKind) => kind.table as AnyTable;

/** What checking a reference needs of a row: its id, its name, and whether it is disabled. */
export type ReferenceRow = { id: string; name: string; disabled?: number };

type ByIds<R> = PreparedQuery<{ accountId: string; ids: readonly string[] }, R>;

/** The look-ups by id of each table, prepared once (they run on every reference a write checks). */
const byIdQueries = new Map<string, ByIds<NamedRow>>();
const referenceQueries = new Map<string, ByIds<ReferenceRow>>();
function byIds(kind: NamedKind): ByIds<NamedRow> {
  let query = byIdQueries.get(kind.table);
  if (query === undefined) {
    query = preparedQuery((db, p: { accountId: string; ids: readonly string[] }) =>
      db
        .selectFrom(table(kind))
        .select(columnsOf(kind.table) as never)
        .where('account_id', '=', p.accountId)
        .where('id', 'in', p.ids),
    );
    byIdQueries.set(kind.table, query);
  }
  return query;
}
// Three columns instead of all of them: a reference check of eight match categories took 90 µs with `*`, 34 with these.
function referencesByIds(kind: NamedKind): ByIds<ReferenceRow> {
  let query = referenceQueries.get(kind.table);
  if (query === undefined) {
    const columns = kind.disableable ? ['id', 'name', 'disabled'] : ['id', 'name'];
    query = preparedQuery((db, p: { accountId: string; ids: readonly string[] }) =>
      db
        .selectFrom(table(kind))
        .select(columns as never)
        .where('account_id', '=', p.accountId)
        .where('id', 'in', p.ids),
    );
    referenceQueries.set(kind.table, query);
  }
  return query;
}

export const namedRepository = {
  async list(db: Executor, kind: NamedKind, accountId: string): Promise<NamedRow[]> {
    let query = db.selectFrom(table(kind)).selectAll().where('account_id', '=', accountId);
    if (kind.order === 'pinnedName') query = query.orderBy('pinned', 'desc');
    if (kind.order === 'position') query = query.orderBy('position' as never, 'asc');
    query = query.orderBy('name_key', 'asc').orderBy('id', 'asc');
    return await query.execute();
  },

  async find(db: Executor, kind: NamedKind, accountId: string, id: string): Promise<NamedRow | undefined> {
    return byIds(kind).first(db, { accountId, ids: [id] });
  },

  /** The rows of some ids as a reference check needs them (id, name, disabled). */
  async references(db: Executor, kind: NamedKind, accountId: string, ids: readonly string[]): Promise<ReferenceRow[]> {
    if (ids.length === 0) return [];
    return referencesByIds(kind)(db, { accountId, ids: [...new Set(ids)] });
  },

  async findByNameKey(db: Executor, kind: NamedKind, accountId: string, nameKey: string): Promise<NamedRow | undefined> {
    return await db.selectFrom(table(kind)).selectAll().where('account_id', '=', accountId).where('name_key', '=', nameKey).executeTakeFirst();
  },

  async nextPosition(db: Executor, kind: NamedKind, accountId: string): Promise<number> {
    const row = await db
      .selectFrom('match_categories')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    void kind;
    return Number(row?.max ?? -1) + 1;
  },

  async insert(db: Executor, kind: NamedKind, row: Record<string, unknown>): Promise<void> {
    await db
      .insertInto(table(kind))
      .values(row as never)
      .execute();
  },

  async update(db: Executor, kind: NamedKind, accountId: string, id: string, changes: Record<string, unknown>): Promise<void> {
    await db
      .updateTable(table(kind))
      .set(changes as never)
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .execute();
  },

  /** Clears an exclusive flag on every other record of the account; answers the ids it cleared. */
  async clearFlag(db: Executor, kind: NamedKind, accountId: string, column: string, exceptId: string, now: string): Promise<string[]> {
    const flagged = await db
      .selectFrom(table(kind))
      .select('id')
      .where('account_id', '=', accountId)
      .where(column as 'pinned', '=', 1)
      .where('id', '!=', exceptId)
      .execute();
    if (flagged.length === 0) return [];
    const ids = flagged.map((row) => row.id);
    await db
      .updateTable(table(kind))
      .set({ [column]: 0, updated_at: now } as never)
      .where('account_id', '=', accountId)
      .where('id', 'in', ids)
      .execute();
    return ids;
  },

  async delete(db: Executor, kind: NamedKind, accountId: string, id: string): Promise<void> {
    await db.deleteFrom(table(kind)).where('account_id', '=', accountId).where('id', '=', id).execute();
  },
};
