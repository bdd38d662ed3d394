import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * The group of some jobs, read from an index alone (a measured saving, docs/performance.md): the files and group parts of a job
 * look its group up by job id; reading the job's row for it (a few kilobytes with its stored
 * estimation) made those two queries cost more than the job's own.
 */
export function jobGroupLookup(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('jobs_group_of').on('jobs').columns(['id', 'account_id', 'group_id']).execute();
    },
  };
}
