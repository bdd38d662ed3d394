import type { Executor } from '../../core/db/dialect.js';
import { preparedQuery } from '../../core/db/prepared.js';
import { qualifiedColumnsOf } from '../../core/db/columns.js';
import type { Line, StoredLine } from './lines.js';

/**
 * Storage of match lines (category, quantity, frozen rate entry, position), shared by jobs and
 * their outsourcing: one implementation, configured with the table and its owner column.
 */
interface LineTable {
  table: 'job_matches' | 'outsourcing_matches';
  owner: 'job_id' | 'outsourcing_id';
}

// One loosely typed table keeps the queries written once for both configurations.
type T = 'job_matches';
type C = 'job_id';

export function lineStore({ table, owner }: LineTable) {
  const t = table as T;
  const o = owner as C;
  const linesOf = preparedQuery(
    (db, p: { accountId: string; ownerIds: readonly string[] }) =>
      db
        .selectFrom(t)
        .innerJoin('match_categories', 'match_categories.id', `${t}.match_category_id`)
        .select(qualifiedColumnsOf(t))
        .select('match_categories.name as name')
        .where(`${t}.account_id`, '=', p.accountId)
        // No ORDER BY: sorting by position in SQL took a temporary b-tree (a third of the query); lines() sorts.
        .where(`${t}.${o}`, 'in', p.ownerIds),
    // Several lines per owner, for pages of jobs: many rows, read as arrays.
    { rowsAsArrays: true },
  );
  const deleteAll = preparedQuery((db, p: { accountId: string; ownerId: string }) =>
    db.deleteFrom(t).where('account_id', '=', p.accountId).where(o, '=', p.ownerId),
  );
  const deleteSome = preparedQuery((db, p: { accountId: string; ownerId: string; categoryIds: readonly string[] }) =>
    db.deleteFrom(t).where('account_id', '=', p.accountId).where(o, '=', p.ownerId).where('match_category_id', 'in', p.categoryIds),
  );
  const updateOne = preparedQuery(
    (db, p: { position: number; value: string; unitCost: string | null; percentage: string | null; accountId: string; ownerId: string; categoryId: string }) =>
      db
        .updateTable(t)
        .set({ position: p.position, value: p.value, unit_cost: p.unitCost, percentage: p.percentage })
        .where('account_id', '=', p.accountId)
        .where(o, '=', p.ownerId)
        .where('match_category_id', '=', p.categoryId),
  );
  // Rows as flat arrays of seven values (one `values` row each): the shape is keyed by their count.
  const insertRows = preparedQuery((db, p: { values: ReadonlyArray<string | number | null> }) =>
    db.insertInto(t).values(
      Array.from({ length: p.values.length / 7 }, (_, i) => ({
        [o]: p.values[i * 7],
        match_category_id: p.values[i * 7 + 1],
        account_id: p.values[i * 7 + 2],
        position: p.values[i * 7 + 3],
        value: p.values[i * 7 + 4],
        unit_cost: p.values[i * 7 + 5],
        percentage: p.values[i * 7 + 6],
      })) as never,
    ),
  );
  const insert = (db: Executor, accountId: string, ownerId: string, rows: ReadonlyArray<{ line: Line; position: number }>) =>
    insertRows(db, {
      values: rows.flatMap(({ line, position }) => [
        ownerId,
        line.id,
        accountId,
        position,
        line.value,
        line.entry?.unitCost ?? null,
        line.entry?.percentage ?? null,
      ]),
    });
  const same = (stored: StoredLine, line: Line, position: number) =>
    stored.position === position &&
    stored.value === line.value &&
    (stored.entry?.unitCost ?? null) === (line.entry?.unitCost ?? null) &&
    (stored.entry?.percentage ?? null) === (line.entry?.percentage ?? null);

  return {
    /** Match lines of several owners with their category names, in line order. */
    async lines(db: Executor, accountId: string, ownerIds: readonly string[]): Promise<Map<string, StoredLine[]>> {
      const result = new Map<string, StoredLine[]>(ownerIds.map((id) => [id, []]));
      if (ownerIds.length === 0) return result;
      const rows = await linesOf(db, { accountId, ownerIds });
      for (const row of rows) {
        const entry = row.unit_cost === null || row.percentage === null ? null : { unitCost: String(row.unit_cost), percentage: String(row.percentage) };
        result.get(row[o])?.push({ id: row.match_category_id, name: row.name, value: String(row.value), entry, position: Number(row.position) });
      }
      for (const lines of result.values()) if (lines.length > 1) lines.sort((a, b) => a.position - b.position);
      return result;
    },

    /**
     * Replaces the match lines of one owner (each category once). Given the lines stored now, as
     * read in this transaction, only what differs is written: a price edit that sends the lines the
     * job already has writes none, and changing one line writes one row. Without them, all anew.
     */
    async replaceLines(db: Executor, accountId: string, ownerId: string, lines: readonly Line[], stored?: readonly StoredLine[]): Promise<void> {
      if (stored === undefined) {
        await deleteAll(db, { accountId, ownerId });
        if (lines.length > 0)
          await insert(
            db,
            accountId,
            ownerId,
            lines.map((line, position) => ({ line, position })),
          );
        return;
      }
      const before = new Map(stored.map((line) => [line.id, line]));
      const kept = new Set(lines.map((line) => line.id));
      const gone = stored.filter((line) => !kept.has(line.id)).map((line) => line.id);
      if (gone.length > 0) await deleteSome(db, { accountId, ownerId, categoryIds: gone });
      const added: Array<{ line: Line; position: number }> = [];
      for (const [position, line] of lines.entries()) {
        const old = before.get(line.id);
        if (old === undefined) added.push({ line, position });
        else if (!same(old, line, position)) {
          await updateOne(db, {
            position,
            value: line.value,
            unitCost: line.entry?.unitCost ?? null,
            percentage: line.entry?.percentage ?? null,
            accountId,
            ownerId,
            categoryId: line.id,
          });
        }
      }
      if (added.length > 0) await insert(db, accountId, ownerId, added);
    },
  };
}

export const jobLines = lineStore({ table: 'job_matches', owner: 'job_id' });
export const outsourcingLines = lineStore({ table: 'outsourcing_matches', owner: 'outsourcing_id' });
