import type { DialectName, Executor } from '../../core/db/dialect.js';
import type { CatConfigurationsTable } from '../../core/db/schema.js';

export type CatConfigurationRow = CatConfigurationsTable;
/** A configuration row with the name of its destination unit. */
export type CatConfigurationWithUnit = CatConfigurationRow & { unit_name: string };
export interface MappingRow {
  configuration_id: string;
  match_category_id: string;
  position: number;
  match_name: string;
}
export interface ToolMatchRow {
  configuration_id: string;
  match_category_id: string;
  tool_match: string;
  position: number;
}

/** How a read takes the configuration row on PostgreSQL (SQLite serialises write transactions). */
export type RowLock = 'update' | 'share';

function withUnit(db: Executor, accountId: string) {
  return db
    .selectFrom('cat_configurations')
    .innerJoin('units', 'units.id', 'cat_configurations.destination_unit_id')
    .selectAll('cat_configurations')
    .select('units.name as unit_name')
    .where('cat_configurations.account_id', '=', accountId);
}

export const catConfigurationRepository = {
  list(db: Executor, accountId: string): Promise<CatConfigurationWithUnit[]> {
    return withUnit(db, accountId).orderBy('cat_configurations.created_at').orderBy('cat_configurations.id').execute();
  },

  find(db: Executor, accountId: string, id: string): Promise<CatConfigurationWithUnit | undefined> {
    return withUnit(db, accountId).where('cat_configurations.id', '=', id).executeTakeFirst();
  },

  /** The bare row, locked until the transaction ends on PostgreSQL (`update` or `share`). */
  lock(db: Executor, dialect: DialectName, accountId: string, id: string, mode: RowLock): Promise<CatConfigurationRow | undefined> {
    let query = db.selectFrom('cat_configurations').selectAll().where('account_id', '=', accountId).where('id', '=', id);
    if (dialect === 'postgres') query = mode === 'update' ? query.forUpdate() : query.forShare();
    return query.executeTakeFirst();
  },

  names(db: Executor, accountId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([] as Array<{ id: string; name: string }>);
    return db
      .selectFrom('cat_configurations')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
  },

  insert(db: Executor, row: CatConfigurationRow) {
    return db.insertInto('cat_configurations').values(row).execute();
  },

  update(db: Executor, accountId: string, id: string, changes: Partial<CatConfigurationRow>) {
    return db.updateTable('cat_configurations').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  delete(db: Executor, accountId: string, id: string) {
    return db.deleteFrom('cat_configurations').where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  /** Clients and suppliers that have the configuration as their default `catConfiguration`. */
  async countUsers(db: Executor, accountId: string, id: string): Promise<number> {
    let count = 0;
    for (const table of ['clients', 'suppliers'] as const) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('account_id', '=', accountId)
        .where('cat_configuration_id', '=', id)
        .executeTakeFirst();
      count += Number(row?.n ?? 0);
    }
    return count;
  },

  /** Mappings of the given configurations with their match category names, in order. */
  mappings(db: Executor, accountId: string, configurationIds: readonly string[]): Promise<MappingRow[]> {
    if (configurationIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('cat_configuration_mappings as m')
      .innerJoin('match_categories as c', 'c.id', 'm.match_category_id')
      .select(['m.configuration_id', 'm.match_category_id', 'm.position', 'c.name as match_name'])
      .where('m.account_id', '=', accountId)
      .where('m.configuration_id', 'in', [...configurationIds])
      .orderBy('m.configuration_id')
      .orderBy('m.position')
      .execute();
  },

  /** Tool matches of the given configurations, in order within their mapping. */
  toolMatches(db: Executor, accountId: string, configurationIds: readonly string[]): Promise<ToolMatchRow[]> {
    if (configurationIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('cat_configuration_tool_matches')
      .select(['configuration_id', 'match_category_id', 'tool_match', 'position'])
      .where('account_id', '=', accountId)
      .where('configuration_id', 'in', [...configurationIds])
      .orderBy('configuration_id')
      .orderBy('match_category_id')
      .orderBy('position')
      .execute();
  },

  insertMapping(db: Executor, accountId: string, configurationId: string, matchCategoryId: string, position: number) {
    return db
      .insertInto('cat_configuration_mappings')
      .values({ configuration_id: configurationId, account_id: accountId, match_category_id: matchCategoryId, position })
      .execute();
  },

  setMappingPosition(db: Executor, accountId: string, configurationId: string, matchCategoryId: string, position: number) {
    return db
      .updateTable('cat_configuration_mappings')
      .set({ position })
      .where('account_id', '=', accountId)
      .where('configuration_id', '=', configurationId)
      .where('match_category_id', '=', matchCategoryId)
      .execute();
  },

  /** Removes a mapping; its tool matches go with it (cascade). */
  deleteMapping(db: Executor, accountId: string, configurationId: string, matchCategoryId: string) {
    return db
      .deleteFrom('cat_configuration_mappings')
      .where('account_id', '=', accountId)
      .where('configuration_id', '=', configurationId)
      .where('match_category_id', '=', matchCategoryId)
      .execute();
  },

  insertToolMatch(db: Executor, accountId: string, configurationId: string, matchCategoryId: string, toolMatch: string, position: number) {
    return db
      .insertInto('cat_configuration_tool_matches')
      .values({ configuration_id: configurationId, account_id: accountId, match_category_id: matchCategoryId, tool_match: toolMatch, position })
      .execute();
  },

  /** Moves a tool match to another mapping of the same configuration, at the given position. */
  moveToolMatch(db: Executor, accountId: string, configurationId: string, toolMatch: string, matchCategoryId: string, position: number) {
    return db
      .updateTable('cat_configuration_tool_matches')
      .set({ match_category_id: matchCategoryId, position })
      .where('account_id', '=', accountId)
      .where('configuration_id', '=', configurationId)
      .where('tool_match', '=', toolMatch)
      .execute();
  },

  deleteToolMatch(db: Executor, accountId: string, configurationId: string, toolMatch: string) {
    return db
      .deleteFrom('cat_configuration_tool_matches')
      .where('account_id', '=', accountId)
      .where('configuration_id', '=', configurationId)
      .where('tool_match', '=', toolMatch)
      .execute();
  },
};
