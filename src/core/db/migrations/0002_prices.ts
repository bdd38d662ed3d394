import type { Kysely, Migration } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * The four price families in one table, and their match entries (docs/prices.md). Released: never edit.
 *
 * References to master data, language pairs and the client restriction have no cascade, so that
 * deleting one still used by a price is refused (409 `resource_in_use`). A price owned by a client
 * (client price) or a supplier (supplier service) is a part of it and goes with it. Match entries
 * go with their price and keep their match category from being deleted.
 */
export function prices(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('prices')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('family', 'text', (c) => c.notNull())
        .addColumn('owner_client_id', 'text', (c) => c.references('clients.id').onDelete('cascade'))
        .addColumn('owner_supplier_id', 'text', (c) => c.references('suppliers.id').onDelete('cascade'))
        .addColumn('client_id', 'text', (c) => c.references('clients.id'))
        .addColumn('service_id', 'text', (c) => c.notNull().references('services.id'))
        .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('language_pair_id', 'text', (c) => c.references('language_pairs.id'))
        .addColumn('domain_id', 'text', (c) => c.references('domains.id'))
        .addColumn('unit_cost', t.decimal, (c) => c.notNull())
        .addColumn('matches_type', 'text', (c) => c.notNull())
        .addColumn('has_price', t.bool, (c) => c.notNull().defaultTo(1))
        // family, owner, service, unit, currency, pair, domain and client restriction (docs/prices.md#uniqueness)
        .addColumn('unique_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('prices_unique_key', ['account_id', 'unique_key'])
        .execute();
      for (const sort of ['created_at', 'updated_at']) {
        await db.schema.createIndex(`prices_by_${sort}`).on('prices').columns(['account_id', 'family', sort, 'id']).execute();
      }
      // Price resolution (docs/prices.md#which-price-applies) looks prices up by service, unit and currency.
      await db.schema.createIndex('prices_lookup').on('prices').columns(['account_id', 'service_id', 'unit_id', 'currency']).execute();
      // Foreign keys are indexed so that deletes of the referenced rows do not scan prices.
      for (const column of ['owner_client_id', 'owner_supplier_id', 'client_id', 'service_id', 'unit_id', 'language_pair_id', 'domain_id']) {
        await db.schema.createIndex(`prices_${column}`).on('prices').column(column).execute();
      }

      await db.schema
        .createTable('price_matches')
        .addColumn('price_id', 'text', (c) => c.notNull().references('prices.id').onDelete('cascade'))
        .addColumn('match_category_id', 'text', (c) => c.notNull().references('match_categories.id'))
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        // exactly one is set: unit_cost in fixed mode, percentage in percentage mode
        .addColumn('unit_cost', t.decimal)
        .addColumn('percentage', t.decimal)
        .addPrimaryKeyConstraint('price_matches_pk', ['price_id', 'match_category_id'])
        .execute();
      await db.schema.createIndex('price_matches_category').on('price_matches').column('match_category_id').execute();
      await db.schema.createIndex('price_matches_order').on('price_matches').columns(['price_id', 'position']).execute();
    },
  };
}
