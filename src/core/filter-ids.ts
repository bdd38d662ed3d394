import type { Ctx } from './context.js';
import type { DB } from './db/schema.js';
import { invalid } from './errors.js';

/** Tables whose ids may appear in filter and search parameters. */
export type FilterTable = keyof DB & ('services' | 'units' | 'domains' | 'labels' | 'clients' | 'suppliers' | 'language_pairs' | 'match_categories' | 'users');

/**
 * Ids given in a filter or search parameter must be records of the caller's account (docs/reference.md#accounts-and-tenancy:
 * another account's id, or a missing one, is 400 `parameter_invalid`, not an empty result).
 * Disabled and archived records are valid filter values.
 */
export async function assertIdsExist(ctx: Ctx, table: FilterTable, ids: readonly string[] | undefined, param: string, label: string): Promise<void> {
  if (!ids || ids.length === 0) return;
  const rows = await ctx.db
    .selectFrom(table as 'services')
    .select('id')
    .where('account_id', '=', ctx.accountId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  const found = new Set(rows.map((row) => row.id));
  const unknown = ids.find((id) => !found.has(id));
  if (unknown !== undefined) throw invalid(param, `no ${label} with id ${unknown}`);
}
