import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DefaultQueryExecutor, sql, type Kysely, type Transaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../src/core/db/database.js';
import { groupCommit, groupCommitStats, MAX_BATCH, type GroupCommit } from '../../src/core/db/group-commit.js';
import type { DB } from '../../src/core/db/schema.js';
import { usingPostgres } from '../helper.js';

/**
 * Group commit (core/db/group-commit.ts): the requests waiting together share one SQLite
 * transaction, each in a savepoint; each is answered only after the commit.
 */
describe.skipIf(usingPostgres)('group commit on SQLite', () => {
  let dir: string;
  let database: Database;
  let db: Kysely<DB>;
  let grouped: GroupCommit;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'transdesk-group-commit-'));
    database = openDatabase(`sqlite:${join(dir, 'group.sqlite')}`);
    db = database.db;
    await sql`create table parent (id text primary key)`.execute(db);
    await sql`create table child (id text primary key, parent_id text not null references parent (id))`.execute(db);
    grouped = groupCommit(db);
  });
  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (on: Kysely<DB> | Transaction<DB>, id: string) => sql`insert into parent (id) values (${id})`.execute(on);
  const ids = async () => (await sql<{ id: string }>`select id from parent order by id`.execute(db)).rows.map((row) => row.id);
  const stats = () => {
    const before = groupCommitStats();
    return () => {
      const after = groupCommitStats();
      return { batches: after.batches - before.batches, requests: after.requests - before.requests };
    };
  };

  it('requests started together are committed in one batch, each answered with its own value', async () => {
    const since = stats();
    const results = await Promise.all(['a', 'b', 'c'].map((id) => grouped.run(async (tx) => (await insert(tx, id), id.toUpperCase()))));
    expect(results.map((result) => result.value)).toEqual(['A', 'B', 'C']);
    expect(await ids()).toEqual(['a', 'b', 'c']);
    expect(since()).toEqual({ batches: 1, requests: 3 });
  });

  it('a request that fails is rolled back alone; the later ones see the writes of the earlier ones', async () => {
    const failure = new Error('refused after writing');
    const outcomes = await Promise.allSettled([
      grouped.run((tx) => insert(tx, 'a')),
      grouped.run(async (tx) => {
        await insert(tx, 'b');
        await insert(tx, 'b2');
        throw failure;
      }),
      grouped.run(async (tx) => {
        await insert(tx, 'c');
        return (await sql<{ id: string }>`select id from parent order by id`.execute(tx)).rows.map((row) => row.id);
      }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBe(failure);
    expect((outcomes[2] as PromiseFulfilledResult<{ value: string[] }>).value.value).toEqual(['a', 'c']);
    expect(await ids()).toEqual(['a', 'c']);
  });

  it('a request alone in its batch runs without a savepoint; when it fails, nothing of it is stored', async () => {
    const failure = new Error('refused alone');
    await expect(
      grouped.run(async (tx) => {
        await insert(tx, 'alone');
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await ids()).toEqual([]);
    const spy = vi.spyOn(DefaultQueryExecutor.prototype, 'executeQuery');
    try {
      await grouped.run((tx) => insert(tx, 'stored'));
      expect(spy.mock.calls.map(([query]) => query.sql).filter((text) => /savepoint|release/i.test(text))).toEqual([]);
    } finally {
      spy.mockRestore();
    }
    expect(await ids()).toEqual(['stored']);
  });

  it('a failed commit fails every request of the batch, stores nothing, and no read saw the batch', async () => {
    let readDuringBatch: Promise<string[]> | undefined;
    const outcomes = await Promise.allSettled([
      grouped.run(async (tx) => {
        await insert(tx, 'a');
        // A read outside the transaction, sent while the batch is open: it waits for the commit.
        readDuringBatch = ids();
        return 'stored?';
      }),
      grouped.run(async (tx) => {
        // A deferred foreign key violation is only found by the commit.
        await sql`pragma defer_foreign_keys = on`.execute(tx);
        await sql`insert into child (id, parent_id) values ('x', 'missing')`.execute(tx);
      }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(await readDuringBatch).toEqual([]);
    expect(await ids()).toEqual([]);
    // The next requests commit as usual.
    await grouped.run((tx) => insert(tx, 'after'));
    expect(await ids()).toEqual(['after']);
  });

  it('each request runs on a handle of its own (what it notes on it stays its own)', async () => {
    const handles = await Promise.all([1, 2, 3].map(() => grouped.run(async (tx) => tx)));
    const distinct = new Set(handles.flatMap((result) => [result.value, result.db]));
    expect(distinct.size).toBe(3);
    expect(handles.every((result) => result.value === result.db)).toBe(true);
  });

  it('requests that arrive in separate callbacks of one turn of the event loop share a batch', async () => {
    // Every statement is synchronous underneath: a batch started at once would commit before the
    // next callback (the next request's data) runs.
    const since = stats();
    const sent = await new Promise<Array<Promise<unknown>>>((resolve) => {
      const promises: Array<Promise<unknown>> = [];
      setTimeout(() => promises.push(grouped.run((tx) => insert(tx, 'first'))));
      setTimeout(() => resolve([...promises, grouped.run((tx) => insert(tx, 'second'))]));
    });
    await Promise.all(sent);
    expect(since()).toEqual({ batches: 1, requests: 2 });
  });

  it(`takes at most ${MAX_BATCH} requests in a batch; the rest, and those sent while it runs, go in the next`, async () => {
    // The batch counter grows at each commit: the requests of one batch all see the same value.
    const batchOf = new Map<string, number>();
    let sentDuring: Promise<unknown> | undefined;
    const names = Array.from({ length: MAX_BATCH + 4 }, (_, i) => `r${String(i).padStart(2, '0')}`);
    const run = (id: string, then?: () => void) =>
      grouped.run(async (tx) => {
        batchOf.set(id, groupCommitStats().batches);
        then?.();
        await insert(tx, id);
      });
    await Promise.all(names.map((id, i) => run(id, i === 0 ? () => void (sentDuring = run('sent-during')) : undefined)));
    await sentDuring;
    expect(await ids()).toEqual([...names, 'sent-during'].sort());
    const sizes = new Map<number, number>();
    for (const batch of batchOf.values()) sizes.set(batch, (sizes.get(batch) ?? 0) + 1);
    expect([...sizes.values()]).toEqual([MAX_BATCH, 5]);
    expect(batchOf.get('sent-during')).toBe(batchOf.get(names.at(-1)!));
  });
});
