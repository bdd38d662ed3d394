import type { Kysely, Migration } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * Files of jobs and groups (docs/files.md#files-of-jobs-and-groups): their sharing with outsourcing. Released: never edit.
 *
 * - `files.share_with_all`: the file is shared with every outsourcing of its job (of the jobs of its group).
 * - `file_outsourcing_shares`: the outsourcing a file is shared with one by one; a row goes with its
 *   file and with its outsourcing (cascade), so deleting either leaves no share behind.
 */
export function jobFiles(dialect: DialectName): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('files')
        .addColumn('share_with_all', t.bool, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('file_outsourcing_shares')
        .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
        .addColumn('outsourcing_id', 'text', (c) => c.notNull().references('outsourcing.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('file_outsourcing_shares_pk', ['file_id', 'outsourcing_id'])
        .execute();
      await db.schema.createIndex('file_outsourcing_shares_outsourcing').on('file_outsourcing_shares').column('outsourcing_id').execute();
    },
  };
}
