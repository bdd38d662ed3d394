import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * The job ids of a group, in their order, read from the index alone (a measured saving, docs/performance.md): a group's object
 * lists its job ids; with `jobs_by_group` (account, group, position) each id was read from the job's
 * row, a few kilobytes each, 200 rows for a group of 200 jobs. The index gains `id` (and keeps its
 * name and every use it had).
 */
export function groupJobIds(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('jobs_by_group').execute();
      await db.schema.createIndex('jobs_by_group').on('jobs').columns(['account_id', 'group_id', 'group_position', 'id']).execute();
    },
  };
}
