import type { Kysely, Migration } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * Files (docs/files.md): one table for the files of every owner kind (`owner_type` = client, supplier,
 * later job and group), and the content of the `db` storage backend in chunks. Released: never edit.
 *
 * - The owner is polymorphic (no foreign key): the owner's service deletes its files with it.
 * - `blob_id` names the content in the storage backend (a file of the `fs` backend, or the chunks
 *   of `file_chunks`); one blob per file, never shared.
 * - `file_chunks` has no foreign key to `files`: chunks are written before the file row exists
 *   (the row is inserted only once the content is complete).
 */
export function files(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('files')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('owner_type', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('size', t.bigint, (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('blob_id', 'text', (c) => c.notNull().unique())
        .addColumn('share_on_jobs', t.bool, (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('files_owner').on('files').columns(['account_id', 'owner_type', 'owner_id', 'created_at', 'id']).execute();

      await db.schema
        .createTable('file_chunks')
        .addColumn('blob_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('data', t.blob, (c) => c.notNull())
        .addPrimaryKeyConstraint('file_chunks_pk', ['blob_id', 'seq'])
        .execute();
    },
  };
}
