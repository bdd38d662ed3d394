import { inspect } from 'node:util';
import { randomBytes } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/core/db/database.js';
import type { DialectName } from '../../src/core/db/dialect.js';
import { FRESHNESS, type FreshnessManifest } from '../../src/core/db/freshness.js';
import { freshnessTriggerStatements, replaceFreshnessTriggers } from '../../src/core/db/freshness-triggers.js';
import { FRESHNESS_MIGRATIONS, migrationNames, migrations } from '../../src/core/db/migrate.js';
import { dropSchema, usingPostgres, whileNoSchemaIsDropped } from '../helper.js';

/**
 * The triggers installed by the migrations are exactly those of the freshness manifest
 * (src/core/db/freshness.ts): none missing, none extra, none with other columns or conditions; and
 * the migration that generated them (0020) installed, statement for statement, what the hand-written
 * migrations before it had (same SQL work on every write).
 */

const opened: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of opened) await close();
});

/** An empty database (SQLite in memory, or a fresh PostgreSQL schema), migrated up to `target`. */
async function migratedTo(target?: string): Promise<Database> {
  let database: Database;
  let schema: string | undefined;
  let adminDatabase: Database | undefined;
  if (usingPostgres) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = openDatabase(process.env.DATABASE_URL!, { poolSize: 1 });
    adminDatabase = admin;
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    database = openDatabase(process.env.DATABASE_URL!, { pgSchema: schema, poolSize: 2 });
    opened.push(async () => {
      await database.close();
      await dropSchema(admin, schema!);
      await admin.close();
    });
  } else {
    database = openDatabase('sqlite::memory:');
    opened.push(() => database.close());
  }
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations(database) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const migrate = () => (target ? migrator.migrateTo(target) : migrator.migrateToLatest());
  const { error } = adminDatabase ? await whileNoSchemaIsDropped(adminDatabase, migrate) : await migrate();
  if (error) throw error instanceof Error ? error : new Error(inspect(error));
  return database;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Every trigger of the database: name (with its table) → its definition (and function body). */
export async function installedTriggers(db: Kysely<any>, dialect: DialectName): Promise<Map<string, string>> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string; table: string; sql: string }>`
      select name, tbl_name as "table", sql from sqlite_master where type = 'trigger'`.execute(db);
    return new Map(rows.map((row) => [`${row.table}.${row.name}`, squash(row.sql)]));
  }
  const { rows } = await sql<{ name: string; table: string; def: string; body: string; fn: string }>`
    select t.tgname as name, c.relname as "table", pg_get_triggerdef(t.oid) as def, p.proname as fn, p.prosrc as body
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace`.execute(db);
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s;
  const result = new Map(rows.map((row) => [`${row.table}.${row.name}`, squash(`${row.def.replaceAll(`${schema}.`, '')} -- ${row.fn}: ${row.body}`)]));
  // Trigger functions no trigger uses are extra too.
  const functions = await sql<{ name: string; body: string }>`
    select proname as name, prosrc as body from pg_proc
    where pronamespace = current_schema()::regnamespace and prorettype = 'trigger'::regtype`.execute(db);
  for (const fn of functions.rows) result.set(`function ${fn.name}`, squash(fn.body));
  return result;
}

/** What differs between two sets of triggers, one line each (empty when equal). */
function differences(actual: Map<string, string>, expected: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [name, text] of expected) {
    if (!actual.has(name)) out.push(`missing ${name}: ${text}`);
    else if (actual.get(name) !== text) out.push(`differs ${name}:\n  installed ${actual.get(name)}\n  expected  ${text}`);
  }
  for (const name of actual.keys()) if (!expected.has(name)) out.push(`extra ${name}: ${actual.get(name)}`);
  return out;
}

/** The triggers a manifest gives, as installed by the database (PostgreSQL rewrites their definitions). */
async function triggersOf(manifest: FreshnessManifest): Promise<Map<string, string>> {
  const scratch = await migratedTo();
  await replaceFreshnessTriggers(scratch.db as Kysely<unknown>, scratch.dialect, { installed: FRESHNESS, next: manifest });
  return installedTriggers(scratch.db, scratch.dialect);
}

const dialect: DialectName = usingPostgres ? 'postgres' : 'sqlite';

describe('the triggers of the database are those of the freshness manifest', () => {
  it('a migrated database has exactly the triggers the manifest gives', async () => {
    const database = await migratedTo();
    const installed = await installedTriggers(database.db, database.dialect);
    expect(installed.size).toBeGreaterThan(usingPostgres ? 40 : 80);
    expect(differences(installed, await triggersOf(FRESHNESS))).toEqual([]);
  });

  it('the migration generating them installed exactly what the hand-written migrations before it had', async () => {
    const before = await installedTriggers((await migratedTo('0019_price_epochs')).db, dialect);
    const after = await installedTriggers((await migratedTo('0020_freshness_triggers')).db, dialect);
    expect(differences(after, before)).toEqual([]);
  });

  it('would fail for a trigger missing, extra, or watching other columns', async () => {
    const database = await migratedTo();
    const installed = await installedTriggers(database.db, database.dialect);
    const clientsWithEmail: FreshnessManifest = {
      ...FRESHNESS,
      viewEpochs: FRESHNESS.viewEpochs.map((source) => (source.table === 'clients' ? { ...source, columns: ['name', 'email'] } : source)),
    };
    const changed = differences(installed, await triggersOf(clientsWithEmail));
    expect(changed.join('\n')).toMatch(/differs clients\.view_epochs_clients/);
    const withoutNotes: FreshnessManifest = {
      ...FRESHNESS,
      jobViews: { ...FRESHNESS.jobViews, parts: FRESHNESS.jobViews.parts.filter((p) => p.table !== 'notes') },
    };
    expect(differences(installed, await triggersOf(withoutNotes)).join('\n')).toMatch(/extra notes\.job_versions_notes/);
    const countingGroups: FreshnessManifest = { ...FRESHNESS, rowCounts: [...FRESHNESS.rowCounts, 'groups'] };
    expect(differences(installed, await triggersOf(countingGroups)).join('\n')).toMatch(/missing groups\.groups_count/);
  });

  it('generates WHEN conditions from the watched columns, and none for whole rows', () => {
    const statements = freshnessTriggerStatements(dialect, FRESHNESS);
    const clients = statements.find((s) => /view_epochs_clients(_update)? after update on clients/.test(s))!;
    expect(squash(clients)).toContain(usingPostgres ? 'when (old.name is distinct from new.name)' : 'when old.name is not new.name');
    const groupJobs = statements.find((s) => /group_versions_jobs\w* after (update )?.*on jobs/s.test(s) && /group_position/.test(s))!;
    expect(groupJobs).toMatch(/old\.group_id .* new\.group_id or old\.group_position .* new\.group_position/);
    const jobMatches = statements.filter((s) => / on job_matches\b/.test(s));
    expect(jobMatches.length).toBeGreaterThan(0);
    for (const statement of jobMatches) expect(statement).not.toMatch(/\bwhen\b/);
  });
});

describe('freshness migrations', () => {
  it("replacing the triggers leaves a trigger that is not the manifest's (an operator's own) alone", async () => {
    const database = await migratedTo();
    const db = database.db as Kysely<unknown>;
    if (dialect === 'sqlite') {
      await sql`create trigger audit_clients after update on clients begin select 1; end`.execute(db);
    } else {
      await sql`create function audit_clients() returns trigger language plpgsql as $$ begin return null; end $$`.execute(db);
      await sql`create trigger audit_clients after update on clients for each row execute function audit_clients()`.execute(db);
    }
    const before = await installedTriggers(database.db, dialect);
    await replaceFreshnessTriggers(db, dialect, { installed: FRESHNESS, next: FRESHNESS });
    expect(differences(await installedTriggers(database.db, dialect), before)).toEqual([]);
    expect([...before.keys()]).toContain('clients.audit_clients');
  });

  it('only the latest passes the live manifest; earlier ones pass the manifest they were released with', () => {
    const names = migrationNames();
    const last = FRESHNESS_MIGRATIONS.at(-1)!;
    expect(last.manifest).toBe(FRESHNESS);
    for (const earlier of FRESHNESS_MIGRATIONS.slice(0, -1)) expect(earlier.manifest).not.toBe(FRESHNESS);
    for (const { name } of FRESHNESS_MIGRATIONS) expect(names).toContain(name);
  });
});
