import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/core/db/database.js';
import { openTestDatabase, usingPostgres } from '../helper.js';

/**
 * The indexes of `jobs` after migration 0018: no index that only serves a foreign key; the filter
 * indexes start with the filtered column and the account, so they serve both the listing's filters
 * and the foreign-key look-ups of deleting what a job references.
 */
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop());

/** Index name → its columns in order. */
async function jobIndexes(): Promise<Map<string, string[]>> {
  if (database.dialect === 'sqlite') {
    const names = database
      .sqlite!.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'jobs' and sql is not null")
      .pluck()
      .all() as string[];
    return new Map(
      names.map((name) => [name, (database.sqlite!.prepare(`pragma index_info('${name}')`).all() as Array<{ name: string }>).map((column) => column.name)]),
    );
  }
  const rows = (
    await sql<{
      indexname: string;
      indexdef: string;
    }>`select indexname, indexdef from pg_indexes where tablename = 'jobs' and schemaname = current_schema()`.execute(database.db)
  ).rows;
  return new Map(
    rows.map((row) => [
      row.indexname,
      /\((.*)\)\s*$/
        .exec(row.indexdef)![1]!
        .split(',')
        .map((column) => column.trim().replaceAll('"', '')),
    ]),
  );
}

describe('indexes of jobs (migration 0018)', () => {
  it('has no index only for a foreign key; filters start with their column and the account', async () => {
    const indexes = await jobIndexes();
    for (const column of ['client_id', 'service_id', 'language_pair_id', 'user_id', 'group_id']) expect(indexes.has(`jobs_fk_${column}`)).toBe(false);
    expect(indexes.get('jobs_by_client')).toEqual(['client_id', 'account_id', 'created_at', 'id']);
    expect(indexes.get('jobs_by_service')).toEqual(['service_id', 'account_id', 'created_at', 'id']);
    expect(indexes.get('jobs_by_language_pair')).toEqual(['language_pair_id', 'account_id', 'created_at', 'id']);
    expect(indexes.get('jobs_by_user')).toEqual(['user_id', 'account_id', 'created_at', 'id']);
    expect(indexes.get('jobs_by_group')).toEqual(['group_id', 'account_id', 'group_position', 'id']);
    // Every foreign key of jobs still has an index that starts with it.
    for (const column of ['client_id', 'service_id', 'unit_id', 'language_pair_id', 'domain_id', 'user_id', 'project_manager_id', 'group_id']) {
      expect(
        [...indexes.values()].some((columns) => columns[0] === column),
        column,
      ).toBe(true);
    }
  });

  it.skipIf(usingPostgres)('SQLite plans: each filter walks its index in the listing order; each foreign-key look-up searches it', () => {
    const plan = (query: string) =>
      (database.sqlite!.prepare(`explain query plan ${query}`).all() as Array<{ detail: string }>).map((row) => row.detail).join(' | ');
    for (const [column, index] of [
      ['client_id', 'jobs_by_client'],
      ['service_id', 'jobs_by_service'],
      ['language_pair_id', 'jobs_by_language_pair'],
      ['user_id', 'jobs_by_user'],
    ] as const) {
      const listed = plan(`select id from jobs where account_id = 'a' and ${column} = 'x' order by created_at, id limit 20`);
      expect(listed).toContain(`USING COVERING INDEX ${index} (${column}=? AND account_id=?)`);
      expect(listed).not.toContain('TEMP B-TREE');
      expect(plan(`select 1 from jobs where ${column} = 'x'`)).toMatch(new RegExp(`SEARCH jobs USING (COVERING )?INDEX \\w+ \\(${column}=\\?\\)`));
    }
    expect(plan(`select id from jobs where account_id = 'a' and group_id = 'g' order by group_position, id`)).toContain(
      'USING COVERING INDEX jobs_by_group (group_id=? AND account_id=?)',
    );
    expect(plan(`select 1 from jobs where group_id = 'g'`)).toContain('(group_id=?)');
  });
});
