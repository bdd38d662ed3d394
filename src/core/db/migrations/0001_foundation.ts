import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/** Accounts, users, keys, events, master data, clients and suppliers. Released: never edit. */
export function foundation(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  const timestamps = <N extends string>(table: CreateTableBuilder<N>) =>
    table.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());
  const accountRef = <N extends string>(table: CreateTableBuilder<N>) => table.addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'));

  return {
    async up(db: Kysely<unknown>) {
      await timestamps(
        db.schema
          .createTable('accounts')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('target_margin', t.decimal, (c) => c.notNull())
          .addColumn('invoice_number_format', 'text', (c) => c.notNull())
          .addColumn('quote_number_format', 'text', (c) => c.notNull())
          .addColumn('purchase_order_number_format', 'text', (c) => c.notNull())
          .addColumn('address', 'text', (c) => c.notNull()),
      ).execute();

      await timestamps(
        accountRef(db.schema.createTable('users').addColumn('id', 'text', (c) => c.primaryKey()))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('email', 'text')
          .addColumn('is_owner', t.bool, (c) => c.notNull().defaultTo(0)),
      ).execute();
      await db.schema.createIndex('users_account').on('users').columns(['account_id', 'created_at', 'id']).execute();

      await accountRef(db.schema.createTable('api_keys').addColumn('id', 'text', (c) => c.primaryKey()))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();

      await accountRef(db.schema.createTable('events').addColumn('id', 'text', (c) => c.primaryKey()))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('events_account_created').on('events').columns(['account_id', 'created_at', 'id']).execute();

      // Named master data: unique names per account, case-insensitively (name_key is lowercased in code).
      const named = (name: string) =>
        timestamps(
          accountRef(db.schema.createTable(name).addColumn('id', 'text', (c) => c.primaryKey()))
            .addColumn('name', 'text', (c) => c.notNull())
            .addColumn('name_key', 'text', (c) => c.notNull()),
        ).addUniqueConstraint(`${name}_name_unique`, ['account_id', 'name_key'] as never);

      await named('services')
        .addColumn('pinned', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('disabled', t.bool, (c) => c.notNull().defaultTo(0))
        .execute();
      await named('match_categories')
        .addColumn('disabled', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await named('units')
        .addColumn('pinned', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('disabled', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('is_hours', t.bool, (c) => c.notNull().defaultTo(0))
        .execute();
      await named('domains').execute();
      await named('labels')
        .addColumn('color', 'text', (c) => c.notNull())
        .execute();
      await named('taxes')
        .addColumn('value', t.decimal, (c) => c.notNull())
        .addColumn('disabled', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('is_default_tax1', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('is_default_tax2', t.bool, (c) => c.notNull().defaultTo(0))
        .execute();

      await timestamps(
        accountRef(db.schema.createTable('language_pairs').addColumn('id', 'text', (c) => c.primaryKey()))
          .addColumn('source_code', 'text')
          .addColumn('target_code', 'text', (c) => c.notNull())
          .addColumn('pair_key', 'text', (c) => c.notNull())
          .addColumn('bidirectional', t.bool, (c) => c.notNull().defaultTo(0))
          .addColumn('pinned', t.bool, (c) => c.notNull().defaultTo(0))
          .addColumn('disabled', t.bool, (c) => c.notNull().defaultTo(0)),
      )
        .addUniqueConstraint('language_pairs_unique', ['account_id', 'pair_key'] as never)
        .execute();

      // Labels attached to any labelled record; the label cannot be deleted while attached.
      await accountRef(db.schema.createTable('entity_labels'))
        .addColumn('entity_type', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('label_id', 'text', (c) => c.notNull().references('labels.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('entity_labels_pk', ['entity_type', 'entity_id', 'label_id'])
        .execute();
      await db.schema.createIndex('entity_labels_label').on('entity_labels').column('label_id').execute();

      const party = (name: string) =>
        timestamps(
          accountRef(db.schema.createTable(name).addColumn('id', 'text', (c) => c.primaryKey()))
            .addColumn('name', 'text', (c) => c.notNull())
            .addColumn('name_key', 'text', (c) => c.notNull())
            .addColumn('search_text', 'text', (c) => c.notNull())
            .addColumn('archived', t.bool, (c) => c.notNull().defaultTo(0))
            .addColumn('pinned', t.bool, (c) => c.notNull().defaultTo(0))
            .addColumn('address', 'text', (c) => c.notNull())
            .addColumn('email', 'text', (c) => c.notNull())
            .addColumn('phone', 'text', (c) => c.notNull())
            .addColumn('vat_number', 'text', (c) => c.notNull())
            .addColumn('national_identification_number', 'text', (c) => c.notNull())
            .addColumn('details', 'text', (c) => c.notNull())
            .addColumn('currency', 'text', (c) => c.notNull())
            .addColumn('cat_configuration_id', 'text'),
        );

      await party('clients')
        .addColumn('website', 'text', (c) => c.notNull())
        .addColumn('minimum_fee', t.decimal)
        .addColumn('tax1_id', 'text', (c) => c.references('taxes.id'))
        .addColumn('tax2_id', 'text', (c) => c.references('taxes.id'))
        .execute();
      await party('suppliers')
        .addColumn('supplier_type', 'text', (c) => c.notNull())
        .addColumn('mobile_phone', 'text', (c) => c.notNull())
        .addColumn('nickname', 'text', (c) => c.notNull())
        .addColumn('rating', t.decimal)
        .addColumn('timezone', 'text')
        .execute();
      for (const table of ['clients', 'suppliers']) {
        for (const sort of ['created_at', 'updated_at', 'name_key']) {
          await db.schema.createIndex(`${table}_by_${sort}`).on(table).columns(['account_id', sort, 'id']).execute();
        }
      }

      const supplierLink = (name: string, column: string, target: string) =>
        db.schema
          .createTable(name)
          .addColumn('supplier_id', 'text', (c) => c.notNull().references('suppliers.id').onDelete('cascade'))
          .addColumn(column, 'text', (c) => c.notNull().references(`${target}.id`))
          .addColumn('position', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${name}_pk`, ['supplier_id', column])
          .execute();
      await supplierLink('supplier_domains', 'domain_id', 'domains');
      await supplierLink('supplier_language_pairs', 'language_pair_id', 'language_pairs');
      await supplierLink('supplier_dedicated_clients', 'client_id', 'clients');
      await db.schema.createIndex('supplier_domains_domain').on('supplier_domains').column('domain_id').execute();
      await db.schema.createIndex('supplier_language_pairs_pair').on('supplier_language_pairs').column('language_pair_id').execute();
      await db.schema.createIndex('supplier_dedicated_clients_client').on('supplier_dedicated_clients').column('client_id').execute();

      // Contacts of clients and of suppliers: one table, exactly one owner column set.
      await timestamps(
        accountRef(db.schema.createTable('contacts').addColumn('id', 'text', (c) => c.primaryKey()))
          .addColumn('client_id', 'text', (c) => c.references('clients.id').onDelete('cascade'))
          .addColumn('supplier_id', 'text', (c) => c.references('suppliers.id').onDelete('cascade'))
          .addColumn('full_name', 'text', (c) => c.notNull())
          .addColumn('email', 'text')
          .addColumn('emails', 'text', (c) => c.notNull())
          .addColumn('mobile', 'text', (c) => c.notNull())
          .addColumn('nickname', 'text')
          .addColumn('notes', 'text', (c) => c.notNull())
          .addColumn('phone', 'text', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('contacts_client').on('contacts').columns(['client_id', 'created_at']).execute();
      await db.schema.createIndex('contacts_supplier').on('contacts').columns(['supplier_id', 'created_at']).execute();

      await timestamps(
        accountRef(db.schema.createTable('supplier_unavailabilities').addColumn('id', 'text', (c) => c.primaryKey()))
          .addColumn('supplier_id', 'text', (c) => c.notNull().references('suppliers.id').onDelete('cascade'))
          .addColumn('from_at', 'text', (c) => c.notNull())
          .addColumn('to_at', 'text', (c) => c.notNull())
          .addColumn('reason', 'text', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('supplier_unavailabilities_supplier').on('supplier_unavailabilities').columns(['supplier_id', 'from_at']).execute();
    },
  };
}
