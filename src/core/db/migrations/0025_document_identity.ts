import type { Kysely, Migration } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * What documents show of the agency and in which language (docs/operations.md#account-settings,
 * docs/clients-suppliers.md):
 *
 * - the account's identity on documents: legal name, VAT and registration numbers, contact
 *   details, bank details ('' when unset) and the default document language (`en`);
 * - `account_logos`: the account's logo, at most one, its bytes in the database (at most 1 MB,
 *   checked and sanitised before it is stored) so that every process and every backup has it
 *   without the file storage; apart from `accounts` because the account row is read on most requests;
 * - a client's and a supplier's document language (null: the account's), a client's
 *   `document_match_display` (`none`, `breakdown`, `hiddenMatches`).
 *
 * Every new column has a default: a server of the previous version keeps inserting rows while a
 * rolling upgrade runs. Released: never edit.
 */
export function documentIdentity(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['legal_name', 'vat_number', 'registration_number', 'email', 'phone', 'website', 'iban', 'bic', 'bank_name']) {
        await db.schema
          .alterTable('accounts')
          .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
          .execute();
      }
      await db.schema
        .alterTable('accounts')
        .addColumn('document_language', 'text', (c) => c.notNull().defaultTo('en'))
        .execute();
      await db.schema
        .createTable('account_logos')
        .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id'))
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('content', t.blob, (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('clients').addColumn('document_language', 'text').execute();
      await db.schema
        .alterTable('clients')
        .addColumn('document_match_display', 'text', (c) => c.notNull().defaultTo('none'))
        .execute();
      await db.schema.alterTable('suppliers').addColumn('document_language', 'text').execute();
    },
  };
}
