import type { Executor } from '../../core/db/dialect.js';
import { preparedQuery } from '../../core/db/prepared.js';
import type { Line, NamedLine } from './lines.js';

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
  const linesOf = preparedQuery((db, p: { accountId: string; ownerIds: readonly string[] }) =>
    db
      .selectFrom(t)
      .innerJoin('match_categories', 'match_categories.id', `${t}.match_category_id`)
      .selectAll(t)
      .select('match_categories.name as name')
      .where(`${t}.account_id`, '=', p.accountId)
      .where(`${t}.${o}`, 'in', p.ownerIds)
      .orderBy(`${t}.${o}`)
      .orderBy(`${t}.position`),
  );
  return {
    /** Match lines of several owners with their category names, in line order. */
    async lines(db: Executor, accountId: string, ownerIds: readonly string[]): Promise<Map<string, NamedLine[]>> {
      const result = new Map<string, NamedLine[]>(ownerIds.map((id) => [id, []]));
      if (ownerIds.length === 0) return result;
      const rows = await linesOf(db, { accountId, ownerIds });
      for (const row of rows) {
        const entry = row.unit_cost === null || row.percentage === null ? null : { unitCost: String(row.unit_cost), percentage: String(row.percentage) };
        result.get(row[o])?.push({ id: row.match_category_id, name: row.name, value: String(row.value), entry });
      }
      return result;
    },

    /** Replaces the match lines of one owner. */
    async replaceLines(db: Executor, accountId: string, ownerId: string, lines: readonly Line[]): Promise<void> {
      await db.deleteFrom(t).where('account_id', '=', accountId).where(o, '=', ownerId).execute();
      if (lines.length === 0) return;
      await db
        .insertInto(t)
        .values(
          lines.map((line, position) => ({
            [o]: ownerId,
            match_category_id: line.id,
            account_id: accountId,
            position,
            value: line.value,
            unit_cost: line.entry?.unitCost ?? null,
            percentage: line.entry?.percentage ?? null,
          })) as never,
        )
        .execute();
    },
  };
}

export const jobLines = lineStore({ table: 'job_matches', owner: 'job_id' });
export const outsourcingLines = lineStore({ table: 'outsourcing_matches', owner: 'outsourcing_id' });
