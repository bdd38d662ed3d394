import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readChangeStamp } from '../../src/core/db/change-stamp.js';
import { openDatabase, type Database } from '../../src/core/db/database.js';
import { migrateToLatest } from '../../src/core/db/migrate.js';
import { createAccount } from '../../src/modules/accounts/provisioning.js';
import { usingPostgres } from '../helper.js';

/** The change stamp (core/db/change-stamp.ts): equal only while nobody wrote a row. */
describe.skipIf(usingPostgres)('change stamp, SQLite', () => {
  let dir: string;
  let one: Database;
  let two: Database;
  const stamp = async (database: Database) => (await readChangeStamp(database.db, database.dialect))?.data;
  const keyEpoch = async (database: Database) => (await readChangeStamp(database.db, database.dialect))?.keys;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'transdesk-stamp-'));
    one = openDatabase(`sqlite:${join(dir, 'stamp.sqlite')}`);
    two = openDatabase(`sqlite:${join(dir, 'stamp.sqlite')}`);
    await migrateToLatest(one);
    await sql`create table t (x integer)`.execute(one.db);
    await sql`create table log (x integer)`.execute(one.db);
    await sql`create trigger logged after update on t begin insert into log values (new.x); end`.execute(one.db);
    await sql`insert into t values (1)`.execute(one.db);
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stays the same across reads, on both connections', async () => {
    const before = [await stamp(one), await stamp(two)];
    await sql`select * from t`.execute(one.db);
    await sql`select * from t`.execute(two.db);
    expect([await stamp(one), await stamp(two)]).toEqual(before);
  });

  it('changes with a write of the connection itself, and with one of another connection', async () => {
    const [a, b] = [await stamp(one), await stamp(two)];
    await sql`update t set x = x + 1`.execute(one.db);
    const [a2, b2] = [await stamp(one), await stamp(two)];
    expect(a2).not.toBe(a);
    expect(b2).not.toBe(b);
    await sql`update t set x = x + 1`.execute(two.db);
    expect(await stamp(one)).not.toBe(a2);
    expect(await stamp(two)).not.toBe(b2);
  });

  it('a write that changes no row leaves it; a rolled-back write changes it for good', async () => {
    const before = await stamp(one);
    await sql`update t set x = 0 where 0`.execute(one.db);
    expect(await stamp(one)).toBe(before);
    await one.db
      .transaction()
      .execute(async (tx) => {
        await sql`update t set x = 100`.execute(tx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const after = await stamp(one);
    expect(after).not.toBe(before);
    expect((await sql<{ x: number }>`select x from t`.execute(one.db)).rows[0]!.x).not.toBe(100);
    expect(await stamp(one)).toBe(after);
  });

  it('the key epoch stays across writes of other tables, and changes with any write of a key or a user, on both connections', async () => {
    const before = [await keyEpoch(one), await keyEpoch(two)];
    const data = await stamp(one);
    await sql`update t set x = x + 1`.execute(one.db);
    await sql`update t set x = x + 1`.execute(two.db);
    expect(await stamp(one)).not.toBe(data);
    expect([await keyEpoch(one), await keyEpoch(two)]).toEqual(before);

    const changes = [
      // A new account: its user and its first key.
      async () => (await createAccount(one.db, 'sqlite', { name: 'Epoch' })).userId,
      () => sql`update users set name = 'Renamed' where name = 'Owner'`.execute(two.db),
      () => sql`update api_keys set revoked_at = '2026-01-01T00:00:00.000Z'`.execute(one.db),
      () => sql`update api_keys set scope = 'read'`.execute(two.db),
      () => sql`delete from api_keys`.execute(one.db),
    ];
    let previous = before[0];
    for (const change of changes) {
      await change();
      const [a, b] = [await keyEpoch(one), await keyEpoch(two)];
      expect(a).toBe(b);
      expect(a).not.toBe(previous);
      previous = a;
    }
  });

  it('is not read inside a transaction', async () => {
    await one.db.transaction().execute(async (tx) => {
      expect(await readChangeStamp(tx, 'sqlite')).toBeUndefined();
    });
  });
});

describe.skipIf(!usingPostgres)('change stamp, PostgreSQL', () => {
  it('is never read: the caches check the database on every read', async () => {
    const database = openDatabase(process.env.DATABASE_URL!, { poolSize: 1 });
    try {
      expect(await readChangeStamp(database.db, database.dialect)).toBeUndefined();
    } finally {
      await database.close();
    }
  });
});
