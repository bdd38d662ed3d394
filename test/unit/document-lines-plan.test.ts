import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/core/db/database.js';
import { migrateToLatest } from '../../src/core/db/migrate.js';
import { documentRepository } from '../../src/modules/documents/repository.js';
import { usingPostgres } from '../helper.js';

/**
 * Every estimation of a job looks up its live document lines (migration 0032,
 * docs/performance.md#document-lines-of-a-job). With the statistics of a database whose lines are
 * all free lines (no job), SQLite walked every document of the statuses instead of taking the
 * lines' index by job: 1.1 ms per estimation at 2 000 invoices. The statistics below are what
 * ANALYZE wrote for such a database (the benchmark's: 2 400 documents, 4 400 lines, none with a job).
 */
describe.skipIf(usingPostgres)('the look-up of the live lines of jobs on SQLite', () => {
  let database: Database | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const column of ['job_id', 'outsourcing_id'] as const) {
    it(`goes from the lines by ${column} to their documents, even when no line has one`, async () => {
      dir = mkdtempSync(join(tmpdir(), 'transdesk-plan-'));
      const file = join(dir, 'plan.sqlite');
      database = openDatabase(`sqlite:${file}`);
      await migrateToLatest(database);
      await sql`analyze`.execute(database.db);
      await sql`delete from sqlite_stat1`.execute(database.db);
      const stats = [
        ['documents', 'documents_by_status', '2400 2400 800 480 3 1'],
        ['documents', 'documents_by_created', '2400 2400 800 1 1'],
        ['documents', 'sqlite_autoindex_documents_1', '2400 1'],
        ['document_lines', 'document_lines_document', '4400 2 1'],
        ['document_lines', 'sqlite_autoindex_document_lines_1', '4400 1'],
      ];
      for (const [table, index, stat] of stats) await sql`insert into sqlite_stat1 (tbl, idx, stat) values (${table}, ${index}, ${stat})`.execute(database.db);

      const prepared: string[] = [];
      const prepare = BetterSqlite3.prototype.prepare;
      vi.spyOn(BetterSqlite3.prototype, 'prepare').mockImplementation(function (this: BetterSqlite3.Database, source: string) {
        prepared.push(source);
        return prepare.call(this, source);
      });
      await database.db.transaction().execute((tx) => documentRepository.onLive(tx, 'account', 'invoice', [0, 1, 2], column, ['a', 'b']));
      const query = prepared.find((text) => text.includes('document_lines'));
      expect(query).toBeDefined();
      const values = Array.from({ length: (query!.match(/\?/g) ?? []).length }, () => 'x');
      // A second connection reads the statistics when it opens.
      const raw = new BetterSqlite3(file, { readonly: true });
      const plan = (raw.prepare(`explain query plan ${query!}`).all(...values) as Array<{ detail: string }>).map((row) => row.detail);
      raw.close();
      const index = column === 'job_id' ? 'document_lines_job' : 'document_lines_outsourcing';
      expect(plan[0]).toMatch(new RegExp(`^SEARCH l USING INDEX ${index} \\(${column}=\\?\\)`));
      expect(plan[1]).toMatch(/^SEARCH d USING INDEX sqlite_autoindex_documents_1 \(id=\?\)/);
    });
  }
});
