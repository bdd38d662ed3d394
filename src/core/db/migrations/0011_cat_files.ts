import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

/** `quantity.catFile.fileIds` of jobs and outsourcing (docs/cat-analysis.md): a JSON array of file ids. */
export function catFiles(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['jobs', 'outsourcing']) {
        await db.schema
          .alterTable(table)
          .addColumn('cat_file_ids', 'text', (c) => c.notNull().defaultTo('[]'))
          .execute();
      }
    },
  };
}
