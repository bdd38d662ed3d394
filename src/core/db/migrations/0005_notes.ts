import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Notes (docs/notes.md, specification "Note"): one table for every parent kind (clients, suppliers,
 * and later jobs, groups, quotes, invoices, purchase orders). Released: never edit.
 *
 * - `parent_type` + `parent_id` name the parent; there is no foreign key to the parent (it can be
 *   in any table): the parent's service deletes its notes with it (its own parts).
 * - The creator and the last editor reference users without cascade.
 * - `updated_at` and `edited_by_user_id` are null until the note is edited.
 * - A parent's notes are read in creation order: (parent_type, parent_id, created_at).
 */
export function notes(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('parent_type', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('edited_by_user_id', 'text', (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text')
        .execute();
      await db.schema.createIndex('notes_parent').on('notes').columns(['parent_type', 'parent_id', 'created_at']).execute();
    },
  };
}
