import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.js';
import { foundation } from './migrations/0001_foundation.js';

/** Versioned migrations, in order. A released migration is never edited; add a new one. */
function migrations(database: Database): Record<string, Migration> {
  return {
    '0001_foundation': foundation(database.dialect),
  };
}

export async function migrateToLatest(database: Database): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(database) };
  const migrator = new Migrator({ db: database.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
