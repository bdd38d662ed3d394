import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DefaultQueryExecutor, sql } from 'kysely';
import { preparedQuery } from '../../src/core/db/prepared.js';
import type { Database } from '../../src/core/db/database.js';
import { createTestAccount, openTestDatabase, usingPostgres } from '../helper.js';

/** Prepared queries (src/core/db/prepared.ts) on the suite's database (SQLite, or PostgreSQL with DATABASE_URL). */
let database: Database;
let drop: () => Promise<void>;
let accountA: string;
let accountB: string;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  accountA = (await createTestAccount(database, 'Prepared A')).accountId;
  accountB = (await createTestAccount(database, 'Prepared B')).accountId;
});
afterAll(async () => drop());

const usersOf = preparedQuery((db, p: { accountId: string; ids: readonly string[] }) =>
  db.selectFrom('users').select(['id', 'name', 'account_id']).where('account_id', '=', p.accountId).where('id', 'in', p.ids).orderBy('id'),
);
const byName = preparedQuery((db, p: { accountId: string; name: string; limit: number }) =>
  db
    .selectFrom('users')
    .select('name')
    .where('account_id', '=', p.accountId)
    .where(sql<boolean>`${sql.ref('name')} = ${p.name}`)
    .where('is_owner', '=', 1)
    .limit(p.limit),
);

describe('preparedQuery', () => {
  it('answers what the same query built each time answers, for every list length and value', async () => {
    const db = database.db;
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = `${accountA.slice(0, 19)}f${String(i).padStart(4, '0')}`;
      await db
        .insertInto('users')
        .values({
          id,
          account_id: accountA,
          name: `User ${i}`,
          email: null,
          is_owner: 0,
          role: 'manager',
          status: 'active',
          email_key: null,
          password_hash: null,
          password_changed_at: null,
          last_login_at: null,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
      made.push(id);
    }
    for (const ids of [[made[0]!], [made[2]!, made[0]!], made, [...made, 'missing-id-000000000000']]) {
      for (const accountId of [accountA, accountB]) {
        const expected = await db
          .selectFrom('users')
          .select(['id', 'name', 'account_id'])
          .where('account_id', '=', accountId)
          .where('id', 'in', ids)
          .orderBy('id')
          .execute();
        expect(await usersOf(db, { accountId, ids })).toEqual(expected);
      }
    }
    // Another account's ids are not found through this account.
    expect(await usersOf(db, { accountId: accountB, ids: made })).toEqual([]);
  });

  it('places scalar values, values inside raw SQL, constants of the query and limits', async () => {
    const owner = await database.db.selectFrom('users').select('name').where('account_id', '=', accountA).where('is_owner', '=', 1).executeTakeFirstOrThrow();
    expect(await byName(database.db, { accountId: accountA, name: owner.name, limit: 1 })).toEqual([{ name: owner.name }]);
    expect(await byName(database.db, { accountId: accountA, name: 'nobody', limit: 1 })).toEqual([]);
    // The other account's owner: the account value is placed, not the first one's kept.
    expect(await byName(database.db, { accountId: accountB, name: owner.name, limit: 5 })).toEqual([{ name: owner.name }]);
    expect(await byName.first(database.db, { accountId: accountB, name: 'nobody', limit: 5 })).toBeUndefined();
  });

  it('builds each shape once, then runs through the executor (counted like any query); in transactions too', async () => {
    const build = vi.fn((db: Parameters<Parameters<typeof preparedQuery>[0]>[0], p: { accountId: string }) =>
      db.selectFrom('accounts').select('id').where('id', '=', p.accountId),
    );
    const account = preparedQuery(build);
    const spy = vi.spyOn(DefaultQueryExecutor.prototype, 'executeQuery');
    try {
      for (let i = 0; i < 5; i++)
        expect(await account.first(database.db, { accountId: i % 2 ? accountA : accountB })).toEqual({ id: i % 2 ? accountA : accountB });
      expect(spy).toHaveBeenCalledTimes(5);
    } finally {
      spy.mockRestore();
    }
    expect(build).toHaveBeenCalledTimes(1);
    await database.db.transaction().execute(async (tx) => {
      expect(await account.first(tx, { accountId: accountA })).toEqual({ id: accountA });
    });
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('refuses select * and returning * (a named statement with * fails once another process adds a column), not count(*) or products', async () => {
    const refused = [
      preparedQuery((db, p: { accountId: string }) => db.selectFrom('users').selectAll().where('account_id', '=', p.accountId)),
      preparedQuery((db, p: { accountId: string }) =>
        db
          .selectFrom('users')
          .innerJoin('accounts', 'accounts.id', 'users.account_id')
          .selectAll('users')
          .select('accounts.name as account_name')
          .where('users.account_id', '=', p.accountId),
      ),
      preparedQuery((db, p: { accountId: string }) => db.selectFrom('users').select('name').selectAll('users').where('account_id', '=', p.accountId)),
      preparedQuery((db, p: { accountId: string }) => db.selectFrom('users').selectAll().distinct().where('account_id', '=', p.accountId)),
      preparedQuery((db, p: { accountId: string }) =>
        db.updateTable('users').set({ name: 'x' }).where('account_id', '=', p.accountId).where('id', '=', 'none').returningAll(),
      ),
    ];
    for (const query of refused) await expect(query(database.db, { accountId: accountA })).rejects.toThrow(/must list its columns, not select \*/);
    const counted = preparedQuery((db, p: { accountId: string }) =>
      // Of accounts: the named-statement test below looks for its own count(*) of users.
      db
        .selectFrom('accounts')
        .select((eb) => [eb.fn.countAll<number>().as('n'), sql<number>`count(*) * 2`.as('twice')])
        .where('id', '=', p.accountId),
    );
    const [row] = await counted(database.db, { accountId: accountA });
    expect([Number(row!.n), Number(row!.twice)]).toEqual([1, 2]);
  });
});

describe('rowsAsArrays: rows read as arrays, made objects by a literal of the columns (SQLite)', () => {
  // Columns of every type, a duplicate name (the last one wins, at the first one's place) and names to quote.
  const build = (db: Parameters<Parameters<typeof preparedQuery>[0]>[0], p: { accountId: string }) =>
    db
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.id', 'users.account_id')
      .select(['users.id', 'users.name', 'users.email', 'users.is_owner', 'accounts.name as account name', 'accounts.id as id'])
      .select(sql<number>`1.5`.as('x"y'))
      .where('users.account_id', '=', p.accountId)
      .orderBy('users.id');
  const asObjects = preparedQuery(build);
  const asArrays = preparedQuery(build, { rowsAsArrays: true });

  it('answers the same objects, keys in the same order, as the statement in its default mode; in a transaction and streamed too', async () => {
    const expected = await asObjects(database.db, { accountId: accountA });
    expect(expected.length).toBeGreaterThan(0);
    const read = await asArrays(database.db, { accountId: accountA });
    expect(read).toEqual(expected);
    expect(read.map((row) => Object.keys(row))).toEqual(expected.map((row) => Object.keys(row)));
    expect(Object.getPrototypeOf(read[0])).toBe(Object.prototype);
    await database.db.transaction().execute(async (tx) => expect(await asArrays(tx, { accountId: accountA })).toEqual(expected));
    if (database.dialect === 'sqlite') {
      // The statement as the driver gets it (Kysely's stream reads iterate()).
      const compiled = build(database.db, { accountId: accountA }).compile();
      const streamed = [];
      for await (const row of database.db.getExecutor().stream({ ...compiled, sql: `${compiled.sql} /* rows as arrays */` }, 1)) streamed.push(...row.rows);
      expect(streamed).toEqual(expected);
    }
  });
});

describe('in a transaction', () => {
  const renameUser = preparedQuery((db, p: { accountId: string; name: string }) =>
    db.updateTable('users').set({ name: p.name }).where('account_id', '=', p.accountId),
  );
  const namesOf = preparedQuery((db, p: { accountId: string }) => db.selectFrom('users').select('name').where('account_id', '=', p.accountId));

  it("runs straight on the connection the transaction holds (on PostgreSQL, its pipelined client); its writes are the transaction's", async () => {
    const before = (await namesOf(database.db, { accountId: accountB })).map((row) => row.name);
    const spy = vi.spyOn(DefaultQueryExecutor.prototype, 'executeQuery');
    try {
      await expect(
        database.db.transaction().execute(async (tx) => {
          spy.mockClear();
          await renameUser(tx, { accountId: accountB, name: 'Renamed in the transaction' });
          // The transaction sees its own write, whichever way the statement went.
          expect(new Set((await namesOf(tx, { accountId: accountB })).map((row) => row.name))).toEqual(new Set(['Renamed in the transaction']));
          expect(spy).toHaveBeenCalledTimes(0);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
    } finally {
      spy.mockRestore();
    }
    // Rolled back with the transaction; outside one, through the executor again.
    expect((await namesOf(database.db, { accountId: accountB })).map((row) => row.name)).toEqual(before);
  });
});

describe('PostgreSQL: prepared queries as named statements (pg-named-statements.ts)', () => {
  it.skipIf(!usingPostgres)('are prepared once per connection and listed there; other queries are not', async () => {
    const countOf = preparedQuery((db, p: { accountId: string }) =>
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('account_id', '=', p.accountId),
    );
    await database.db.transaction().execute(async (tx) => {
      // One connection for the whole transaction: what it prepared is visible in its own view.
      for (let i = 0; i < 3; i++) expect(Number((await countOf.first(tx, { accountId: accountA }))?.count)).toBeGreaterThan(0);
      await sql`select ${'not prepared'}::text as marker`.execute(tx);
      const listed = (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(tx)).rows;
      const mine = listed.filter((row) => row.statement.includes('count(*)') && row.statement.includes('"users"'));
      expect(mine).toHaveLength(1);
      expect(mine[0]!.name).toMatch(/^transdesk_\d+$/);
      expect(listed.some((row) => row.statement.includes('not prepared') || row.statement.includes('marker'))).toBe(false);
    });
  });
});
