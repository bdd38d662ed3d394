import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { columnsOf, listedTables, qualifiedColumnsOf } from '../../src/core/db/columns.js';
import type { Database } from '../../src/core/db/database.js';
import { openTestDatabase } from '../helper.js';

/**
 * The column lists that prepared queries select instead of `*` (src/core/db/columns.ts) against
 * the migrated database of the suite (SQLite, or PostgreSQL with DATABASE_URL): a column a
 * migration adds must be listed, or reads of the table would silently leave it out.
 */
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop());

async function migratedColumns(table: string): Promise<string[]> {
  if (database.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(database.db);
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{
    name: string;
  }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(database.db);
  return rows.map((row) => row.name);
}

describe('table columns', () => {
  it('lists exactly the columns of each listed table after the migrations', async () => {
    expect(listedTables.length).toBeGreaterThan(10);
    for (const table of listedTables) {
      expect([...columnsOf(table)].sort(), table).toEqual((await migratedColumns(table)).sort());
    }
  });

  it('qualifies by the table or by an alias', () => {
    expect(qualifiedColumnsOf('price_matches')).toEqual(columnsOf('price_matches').map((column) => `price_matches.${column}`));
    expect(qualifiedColumnsOf('files', 'f')).toContain('f.share_with_all');
    expect(columnsOf('jobs')).toContain('estimation');
  });
});
