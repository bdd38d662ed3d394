import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/core/db/database.js';
import { migrateToLatest } from '../../src/core/db/migrate.js';
import { usingPostgres } from '../helper.js';

/**
 * Migrations are all-or-nothing on SQLite too (core/db/database.ts, TransactionalDdlSqliteAdapter):
 * a start killed or failing mid-migration must leave a schema the next start can migrate. Before,
 * a table made by a migration that never got recorded stopped every later start with
 * `table "…" already exists` (found by the crash test, test/reliability/crash.test.ts).
 */
describe.skipIf(usingPostgres)('migrations on SQLite', () => {
  let dir: string;
  let database: Database;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'transdesk-migrate-'));
    database = openDatabase(`sqlite:${join(dir, 'migrate.sqlite')}`);
  });
  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const tables = async (db: Kysely<never>) =>
    (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name like 'm_%' order by name`.execute(db)).rows.map((r) => r.name);

  function migrator(failAfterSecond: boolean): Migrator {
    const create = (table: string, fail = false): Migration => ({
      up: async (db) => {
        await sql`create table ${sql.id(table)} (x integer)`.execute(db);
        await sql`insert into ${sql.id(table)} values (1)`.execute(db);
        if (fail) throw new Error('killed here');
      },
    });
    const migrations = { '1_one': create('m_one'), '2_two': create('m_two', failAfterSecond) };
    return new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
  }

  it('rolls back every table and row of a failed run, and records no migration', async () => {
    const { error, results } = await migrator(true).migrateToLatest();
    expect(String(error)).toContain('killed here');
    expect(results?.map((r) => [r.migrationName, r.status])).toEqual([
      ['1_one', 'Success'],
      ['2_two', 'Error'],
    ]);
    expect(await tables(database.db as never)).toEqual([]);
    const recorded = await sql<{ name: string }>`select name from kysely_migration`.execute(database.db);
    expect(recorded.rows).toEqual([]);
  });

  it('lets the next run apply the same migrations from the start', async () => {
    await migrator(true).migrateToLatest();
    const { error, results } = await migrator(false).migrateToLatest();
    expect(error).toBeUndefined();
    expect(results?.map((r) => r.status)).toEqual(['Success', 'Success']);
    expect(await tables(database.db as never)).toEqual(['m_one', 'm_two']);
  });

  it('applies the real migrations once, and a second run finds nothing to do', async () => {
    expect((await migrateToLatest(database)).length).toBeGreaterThan(10);
    expect(await migrateToLatest(database)).toEqual([]);
  });
});
