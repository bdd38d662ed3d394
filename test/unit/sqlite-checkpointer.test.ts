import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/core/db/database.js';

/** SQLite WAL checkpoints run in a worker thread, not inside a request's commit (issue 9). */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the SQLite checkpointer', () => {
  it('takes checkpoints off the connection: the WAL is copied into the database file by the worker', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'transdesk-checkpoint-'));
    dirs.push(dir);
    const path = join(dir, 'db.sqlite');
    const database = openDatabase(`sqlite:${path}`);
    const sqlite = database.sqlite!;
    try {
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      sqlite.exec('create table filler (id integer primary key, body text not null)');
      const sizeBefore = statSync(path).size;
      const insert = sqlite.prepare('insert into filler (body) values (?)');
      sqlite.transaction(() => {
        for (let i = 0; i < 3000; i++) insert.run('x'.repeat(1000));
      })();
      // The commit itself did not copy the 3 MB into the database file: only the worker does.
      expect(statSync(path).size).toBeLessThan(sizeBefore + 1_000_000);
      const deadline = Date.now() + 5_000;
      while (statSync(path).size < sizeBefore + 3_000_000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(statSync(path).size).toBeGreaterThanOrEqual(sizeBefore + 3_000_000);
      expect(sqlite.prepare('select count(*) as n from filler').get()).toEqual({ n: 3000 });
    } finally {
      await database.close();
    }
    // Closed cleanly: the worker closed its connection first, so the last close removed the WAL.
    expect(() => statSync(`${path}-wal`)).toThrow();
    const reopened = openDatabase(`sqlite:${path}`);
    try {
      expect(reopened.sqlite!.prepare('select count(*) as n from filler').get()).toEqual({ n: 3000 });
      expect(reopened.sqlite!.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      await reopened.close();
    }
  });

  it('is not started for an in-memory database', async () => {
    const database = openDatabase('sqlite::memory:');
    try {
      expect(database.sqlite!.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    } finally {
      await database.close();
    }
  });
});
