import type { Ctx } from '../../core/context.js';
import { CellError } from './runner.js';

/**
 * The account's clients or suppliers by id and by name (case-insensitive), read once per import
 * and kept up to date with what the import creates. Read from the table directly: the modules'
 * services answer full objects page by page, and an import of thousands of rows needs only this.
 */
export interface PartyNames {
  /** The id of the party with this id; undefined when the account has none. */
  byId(id: string, column: string): Promise<string | undefined>;
  /** The id of the party with this name; several with it: an error naming the column. */
  byName(name: string, column: string, optional: boolean): Promise<string | undefined>;
  add(id: string, name: string): void;
}

export function partyNames(ctx: Ctx, table: 'clients' | 'suppliers'): PartyNames {
  type Index = { ids: Set<string>; names: Map<string, string[]> };
  let index: Index | undefined;
  const load = async (): Promise<Index> =>
    (index ??= await (async () => {
      const rows = await ctx.db
        .selectFrom(table as 'clients')
        .select(['id', 'name_key'])
        .where('account_id', '=', ctx.accountId)
        .execute();
      const names = new Map<string, string[]>();
      for (const row of rows) names.set(row.name_key, [...(names.get(row.name_key) ?? []), row.id]);
      return { ids: new Set(rows.map((row) => row.id)), names };
    })());
  const label = table === 'clients' ? 'client' : 'supplier';
  return {
    async byId(id) {
      return (await load()).ids.has(id) ? id : undefined;
    },
    async byName(name, column, optional) {
      const found = (await load()).names.get(name.trim().toLowerCase()) ?? [];
      if (found.length > 1) throw new CellError(column, `${found.length} ${label}s are named "${name}": give the id instead`);
      if (found.length === 0 && !optional) throw new CellError(column, `no ${label} named "${name}"`);
      return found[0];
    },
    add(id, name) {
      // Always loaded by then: a row is looked up before it is written.
      if (!index) return;
      index.ids.add(id);
      const key = name.trim().toLowerCase();
      index.names.set(key, [...(index.names.get(key) ?? []), id]);
    },
  };
}

/** A client or supplier named in a cell by id or by name (the id first). */
export async function partyRef(names: PartyNames, value: string, column: string): Promise<string> {
  const byId = /^[0-9a-f]{24}$/i.test(value) ? await names.byId(value.toLowerCase(), column) : undefined;
  return byId ?? (await names.byName(value, column, false))!;
}
