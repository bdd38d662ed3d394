import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRESHNESS, readableColumns, type VersionedView, type WatchedColumns } from '../../../src/core/db/freshness.js';
import { loadGroups } from '../../../src/modules/groups/assembly.js';
import { loadJobs } from '../../../src/modules/jobs/assembly.js';
import { usingPostgres, type TestContext } from '../../helper.js';
import { fullObjects, recordedTestApp, type FullObjects } from './freshness-fixture.js';

/**
 * The queries that build a cached view (a job, a group: what core/view-cache.ts keeps) read only
 * columns the freshness manifest (src/core/db/freshness.ts) lists for that view: a column read but
 * not listed would be served stale when it changes, since no trigger watches it. The SQL of every
 * statement of a build is recorded on SQLite's connection and its column references (tables
 * aliased, unqualified names resolved against the tables of the statement) compared with the
 * manifest. SQLite only: the statements are the same Kysely builders on PostgreSQL.
 */
let t: TestContext;
let record: { statements: string[] };
let objects: FullObjects;
const columnsOfTable = new Map<string, Set<string>>();

beforeAll(async () => {
  if (usingPostgres) return;
  const app = await recordedTestApp({ FILE_STORAGE: 'db' });
  t = app.t;
  record = app.record!;
  objects = await fullObjects(t);
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.database.db);
  for (const { name } of tables.rows) {
    const columns = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(t.database.db);
    columnsOfTable.set(name, new Set(columns.rows.map((c) => c.name)));
  }
});
afterAll(async () => {
  await t?.close();
});

/** The columns a statement reads, by table ('*' for a whole row). */
export function columnReads(statement: string, columnsOf: (table: string) => Set<string> | undefined): Array<{ table: string; column: string }> {
  const text = statement.replace(/'(?:[^']|'')*'/g, "''");
  const aliases = new Map<string, string>();
  for (const match of text.matchAll(/\b(?:from|join)\s+"?(\w+)"?(?:\s+as\s+"(\w+)")?/gi)) {
    aliases.set(match[2] ?? match[1]!, match[1]!);
  }
  const tables = [...new Set(aliases.values())];
  const reads: Array<{ table: string; column: string }> = [];
  for (const match of text.matchAll(/"(\w+)"\.(?:"(\w+)"|(\*))/g)) {
    const table = aliases.get(match[1]!);
    if (table) reads.push({ table, column: match[2] ?? '*' });
  }
  // Unqualified: a quoted name that is not a table, an alias, or a qualified reference's part.
  const unqualified = text
    .replace(/"\w+"\.(?:"\w+"|\*)/g, ' ')
    .replace(/\bas\s+"\w+"/gi, ' ')
    .replace(/\b(?:from|join)\s+"\w+"/gi, ' ');
  for (const match of unqualified.matchAll(/"(\w+)"/g)) {
    const owners = tables.filter((table) => columnsOf(table)?.has(match[1]!));
    for (const table of owners) reads.push({ table, column: match[1]! });
  }
  if (/\bselect\s+\*/i.test(unqualified)) for (const table of tables) reads.push({ table, column: '*' });
  return reads;
}

const IDENTITY = new Set(['id', 'account_id']);

/** Every column read by `statements` that `view` does not list, as `table.column`. */
function unlisted(statements: readonly string[], view: VersionedView, epochs = FRESHNESS.viewEpochs): string[] {
  const allowed = readableColumns(view, epochs);
  const out = new Set<string>();
  for (const statement of statements) {
    for (const { table, column } of columnReads(statement, (name) => columnsOfTable.get(name))) {
      const listed: WatchedColumns | undefined = allowed.get(table);
      if (listed === 'row' || (column !== '*' && IDENTITY.has(column))) continue;
      if (listed === undefined || column === '*' || !listed.includes(column)) out.add(`${table}.${column}`);
    }
  }
  return [...out].sort();
}

const ctx = () => ({ db: t.database.db, dialect: t.database.dialect, accountId: t.account.accountId, userId: t.account.userId });

async function statementsOf(build: () => Promise<unknown>): Promise<string[]> {
  record.statements.length = 0;
  await build();
  const statements = [...record.statements];
  expect(statements.length).toBeGreaterThan(3);
  return statements;
}

describe.skipIf(usingPostgres)('the queries building cached views read only columns the freshness manifest lists', () => {
  it('a job with every part', async () => {
    const statements = await statementsOf(() => loadJobs(ctx(), [objects.jobId]));
    expect(unlisted(statements, FRESHNESS.jobViews)).toEqual([]);
    // What the manifest says is read but not shown is read (the list does not outlive the reads).
    const reads = statements.flatMap((s) => columnReads(s, (name) => columnsOfTable.get(name)));
    for (const { table, columns } of FRESHNESS.jobViews.readsNotShown ?? []) {
      for (const column of columns) expect(reads, `${table}.${column}`).toContainEqual({ table, column });
    }
  });

  it('a group with every part', async () => {
    const statements = await statementsOf(() => loadGroups(ctx(), [objects.groupId]));
    expect(unlisted(statements, FRESHNESS.groupViews)).toEqual([]);
  });

  it('a column read but not listed is caught: a name left out, a new column shown, a table not listed, a whole row', async () => {
    const statements = await statementsOf(() => loadJobs(ctx(), [objects.jobId]));
    // The job shows its owner's and project manager's names, and those of its notes' and trackers' users.
    const epochsWithoutUsers = FRESHNESS.viewEpochs.filter((source) => source.table !== 'users');
    expect(unlisted(statements, FRESHNESS.jobViews, epochsWithoutUsers)).toEqual(['users.name']);
    const renamesOnly = FRESHNESS.viewEpochs.map((source) => (source.table === 'language_pairs' ? { ...source, columns: ['source_code'] } : source));
    expect(unlisted(statements, FRESHNESS.jobViews, renamesOnly)).toEqual(
      expect.arrayContaining(['language_pairs.target_code', 'language_pairs.bidirectional']),
    );
    // (The account's currency is an epoch source: profitability converts to it; the view epoch keys the rate book.)
    expect(unlisted(statements, { ...FRESHNESS.jobViews, readsNotShown: [] })).toEqual(['clients.currency', 'clients.minimum_fee', 'view_epochs.epoch']);
    // A query that starts showing a client's email, aliased, and one unqualified.
    expect(
      unlisted(
        ['select "j"."id", "c"."email" as "client_email" from "jobs" as "j" inner join "clients" as "c" on "c"."id" = "j"."client_id"'],
        FRESHNESS.jobViews,
      ),
    ).toEqual(['clients.email']);
    expect(unlisted(['select "id", "email" from "clients" where "account_id" = ?'], FRESHNESS.jobViews)).toEqual(['clients.email']);
    // A table no dependency names, and a whole row of a table watched by some columns only.
    expect(unlisted(['select "number" from "documents" where "id" = ?'], FRESHNESS.jobViews)).toEqual(['documents.number']);
    expect(unlisted(['select "clients".* from "clients"'], FRESHNESS.groupViews)).toEqual(['clients.*']);
  });
});
