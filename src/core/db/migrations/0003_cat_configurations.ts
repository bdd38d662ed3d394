import type { Kysely, Migration } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * CAT configurations (specification "CAT configuration", docs/cat-configurations.md): the configuration, its
 * mappings (one per match category, ordered) and the tool matches of each mapping. Released: never
 * edit.
 *
 * - The destination unit and the mapped match categories are referenced without cascade: deleting
 *   a unit or a match category in use fails (409 `resource_in_use`).
 * - Mappings and tool matches are parts of their configuration and go with it.
 * - A tool match feeds one category only: (configuration, tool match) is the primary key of the
 *   tool matches.
 * - `clients.cat_configuration_id` and `suppliers.cat_configuration_id` (0001) cannot get a foreign
 *   key on SQLite without rebuilding those tables; the service checks them before a delete.
 */
export function catConfigurations(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('cat_configurations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('cat_tool', 'text', (c) => c.notNull())
        .addColumn('conversion_factor', t.decimal, (c) => c.notNull())
        .addColumn('destination_unit_id', 'text', (c) => c.notNull().references('units.id'))
        .addColumn('source_quantity_type', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('cat_configurations_account').on('cat_configurations').columns(['account_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('cat_configurations_unit').on('cat_configurations').column('destination_unit_id').execute();

      await db.schema
        .createTable('cat_configuration_mappings')
        .addColumn('configuration_id', 'text', (c) => c.notNull().references('cat_configurations.id').onDelete('cascade'))
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('match_category_id', 'text', (c) => c.notNull().references('match_categories.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('cat_configuration_mappings_pk', ['configuration_id', 'match_category_id'])
        .execute();
      await db.schema.createIndex('cat_configuration_mappings_match').on('cat_configuration_mappings').column('match_category_id').execute();

      await db.schema
        .createTable('cat_configuration_tool_matches')
        .addColumn('configuration_id', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('tool_match', 'text', (c) => c.notNull())
        .addColumn('match_category_id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('cat_configuration_tool_matches_pk', ['configuration_id', 'tool_match'])
        .addForeignKeyConstraint(
          'cat_configuration_tool_matches_mapping',
          ['configuration_id', 'match_category_id'],
          'cat_configuration_mappings',
          ['configuration_id', 'match_category_id'],
          (fk) => fk.onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createIndex('cat_configuration_tool_matches_mapping')
        .on('cat_configuration_tool_matches')
        .columns(['configuration_id', 'match_category_id'])
        .execute();
    },
  };
}
