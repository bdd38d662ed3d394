import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/core/db/database.js';

/** Closing a SQLite database checkpoints it and removes the WAL, also when Kysely never ran a query. */
describe('closing a SQLite database', () => {
  it('leaves no WAL behind, and the data is in the database file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'transdesk-close-'));
    try {
      const path = join(dir, 'db.sqlite');
      const database = openDatabase(`sqlite:${path}`);
      database.sqlite!.exec('create table filler (id integer primary key, body text not null)');
      database.sqlite!.prepare('insert into filler (body) values (?)').run('x'.repeat(100));
      expect(existsSync(`${path}-wal`)).toBe(true);
      await database.close();
      expect(existsSync(`${path}-wal`)).toBe(false);
      const reopened = openDatabase(`sqlite:${path}`);
      try {
        expect(reopened.sqlite!.prepare('select count(*) as n from filler').get()).toEqual({ n: 1 });
        expect(reopened.sqlite!.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
