import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../../src/core/db/database.js';
import { READ_MODELS, TABLES_WRITTEN_BY_EXPRESSION, TABLE_OWNERS, WRITES_BY_OTHERS } from '../../src/core/db/table-owners.js';
import { openTestDatabase } from '../helper.js';
import { tableAccesses, type TableAccess } from './table-access.js';

/**
 * Every table has one owner (src/core/db/table-owners.ts, docs/development.md#every-table-has-one-owner):
 * only the owner writes it, and others read it only in a declared read model.
 */
const SRC = join(import.meta.dirname, '../../src');
const TABLES = new Set(Object.keys(TABLE_OWNERS));
const OWNERS: Record<string, string> = TABLE_OWNERS;

/** `modules/groups/repository.ts` is within `modules/groups` and within itself. */
const within = (file: string, place: string) => file === place || file.startsWith(`${place}/`);
/** The place a file writes as: its module, or its own path outside the modules. */
const allows = (entries: ReadonlyArray<{ place: string; tables: readonly string[] }>, file: string, table: string) =>
  entries.some((entry) => within(file, entry.place) && entry.tables.includes(table));

/** What the map does not allow, one line each. */
function breaches(accesses: readonly TableAccess[]): string[] {
  const out: string[] = [];
  for (const { file, line, kind, table } of accesses) {
    const at = `${file}:${line}`;
    if (kind === 'write') {
      const tables = table !== null ? [table] : TABLES_WRITTEN_BY_EXPRESSION[file];
      if (!tables) {
        out.push(`${at} writes a table named by an expression: list its tables in TABLES_WRITTEN_BY_EXPRESSION`);
        continue;
      }
      for (const written of tables) {
        const owner = OWNERS[written];
        if (owner === undefined) out.push(`${at} writes ${written}, which has no owner`);
        else if (!within(file, owner) && !allows(WRITES_BY_OTHERS, file, written)) out.push(`${at} writes ${written}, owned by ${owner}`);
      }
    } else if (table !== null) {
      const owner = OWNERS[table];
      if (owner === undefined || within(file, owner) || owner.startsWith('core/')) continue;
      if (!allows(READ_MODELS, file, table)) out.push(`${at} reads ${table}, owned by ${owner}, outside a declared read model`);
    }
  }
  return out;
}

let database: Database;
let drop: () => Promise<void>;
let accesses: TableAccess[];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  accesses = tableAccesses(SRC, TABLES);
});
afterAll(async () => drop());

async function migratedTables(): Promise<string[]> {
  const { rows } =
    database.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(database.db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(database.db);
  return rows.map((row) => row.name).filter((name) => !name.startsWith('kysely_migration'));
}

describe('table owners', () => {
  it('gives every table of the migrated database an owner that exists', async () => {
    // The key epoch and the price epochs are SQLite's (core/db/freshness.ts): PostgreSQL has neither table.
    const expected = database.dialect === 'sqlite' ? [...TABLES] : [...TABLES].filter((table) => table !== 'key_epoch' && table !== 'price_epochs');
    expect(expected.sort()).toEqual((await migratedTables()).sort());
    for (const owner of new Set(Object.values(OWNERS))) expect(existsSync(join(SRC, owner)), owner).toBe(true);
  });

  it('finds the writes and reads of the code', () => {
    // A scan that found nothing would pass for the wrong reason.
    expect(accesses.filter((access) => access.kind === 'write').length).toBeGreaterThan(80);
    expect(accesses).toContainEqual(expect.objectContaining({ file: 'modules/jobs/repository.ts', kind: 'write', table: 'jobs' }));
    expect(accesses).toContainEqual(expect.objectContaining({ file: 'modules/outbox/claims.ts', kind: 'write', table: 'deliveries' }));
    expect(accesses).toContainEqual(expect.objectContaining({ file: 'modules/reports/repository.ts', kind: 'read', table: 'documents' }));
  });

  it('lets only its owner write a table, and others read it only in a declared read model', () => {
    expect(breaches(accesses)).toEqual([]);
  });

  it('declares nothing the code no longer needs', () => {
    const stale: string[] = [];
    for (const [kind, entries] of [
      ['write', WRITES_BY_OTHERS],
      ['read', READ_MODELS],
    ] as const) {
      for (const entry of entries) {
        for (const table of entry.tables) {
          const used = accesses.some((access) => access.kind === kind && access.table === table && within(access.file, entry.place));
          const byExpression =
            kind === 'write' && Object.entries(TABLES_WRITTEN_BY_EXPRESSION).some(([file, tables]) => within(file, entry.place) && tables.includes(table));
          if (!used && !byExpression) stale.push(`${kind} ${entry.place} ${table}`);
        }
      }
    }
    for (const file of Object.keys(TABLES_WRITTEN_BY_EXPRESSION)) {
      if (!accesses.some((access) => access.file === file && access.kind === 'write' && access.table === null)) stale.push(`expression ${file}`);
    }
    expect(stale).toEqual([]);
  });

  describe('the check itself', () => {
    let dir: string;
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    };
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'table-owners-'));
      write('modules/groups/repository.ts', "db.updateTable('jobs').set({ group_id: null }); db.selectFrom('groups as g').innerJoin('payments', 'x', 'y');");
      write('modules/groups/raw.ts', 'sql`delete from jobs where id = ${id}`; sql`select 1 from clients`;');
      write('modules/groups/dynamic.ts', "db.insertInto(table as 'groups');");
      write('modules/groups/own.ts', "db.insertInto('groups'); db.deleteFrom('groups');");
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("refuses a write of another module's table, a read outside a read model and an undeclared expression", () => {
      expect(breaches(tableAccesses(dir, TABLES)).sort()).toEqual([
        'modules/groups/dynamic.ts:1 writes a table named by an expression: list its tables in TABLES_WRITTEN_BY_EXPRESSION',
        'modules/groups/raw.ts:1 reads clients, owned by modules/clients, outside a declared read model',
        'modules/groups/raw.ts:1 writes jobs, owned by modules/jobs',
        'modules/groups/repository.ts:1 reads payments, owned by modules/documents, outside a declared read model',
        'modules/groups/repository.ts:1 writes jobs, owned by modules/jobs',
      ]);
    });
  });
});
