import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { changed, createVersionTables, createVersionTriggers, type Versioned } from './version-triggers.js';

/**
 * Versions of group objects, kept by triggers (docs/performance.md#the-view-cache-jobs-and-groups), like those of jobs (migration 0014): the
 * group view cache (core/view-cache.ts) checks them on every read. Bumped by every write to the
 * group's row (its derived values are refreshed there by every write of one of its jobs), by a job
 * entering, leaving or moving in the group, and by its labels, notes, files and their shares.
 * Names shown in groups (client, domain, services, users, suppliers, labels) and the target margin
 * bump the account's `view_epochs`, whose triggers migration 0014 made.
 */
export const GROUP_VERSIONS: Versioned = {
  versions: 'group_versions',
  key: 'group_id',
  owners: 'groups',
  parts: [
    { table: 'groups', ownerOf: (row) => `group_id = ${row}.id`, operations: ['update'], updateRows: ['new'] },
    // The group's `jobs` (ids, in their order): a job added, removed, moved or deleted.
    { table: 'jobs', ownerOf: (row) => `group_id = ${row}.group_id`, updateWhen: changed('group_id', 'group_position') },
    { table: 'notes', ownerOf: (row) => `${row}.parent_type = 'group' and group_id = ${row}.parent_id` },
    { table: 'entity_labels', ownerOf: (row) => `${row}.entity_type = 'group' and group_id = ${row}.entity_id` },
    { table: 'files', ownerOf: (row) => `${row}.owner_type = 'group' and group_id = ${row}.owner_id` },
    {
      table: 'file_outsourcing_shares',
      ownerOf: (row) => `group_id = (select f.owner_id from files f where f.id = ${row}.file_id and f.owner_type = 'group')`,
    },
  ],
};

export function groupVersions(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createVersionTables(db, dialect, GROUP_VERSIONS, 'groups.id');
      await createVersionTriggers(db, dialect, GROUP_VERSIONS);
    },
  };
}
