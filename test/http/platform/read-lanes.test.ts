import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/core/db/database.js';
import { nameStatement } from '../../../src/core/db/pg-named-statements.js';
import { isLaneRead, readLanes, type ReadLanes } from '../../../src/core/db/pg-read-lanes.js';
import { preparedQuery } from '../../../src/core/db/prepared.js';
import { createTestAccount, openTestDatabase, usingPostgres } from '../../helper.js';

/**
 * PostgreSQL's read lanes (src/core/db/pg-read-lanes.ts; docs/performance.md#pipelined-reads-on-postgresql):
 * registered reads outside a transaction share pipelined connections, the reads of one turn in
 * one write. Each stays its own exchange: it fails alone, sees every commit before it, and a
 * transaction's reads stay on the transaction's connection.
 */
describe('which queries take a lane', () => {
  it('takes registered reads only, never one that locks rows, an unregistered text or a write', () => {
    const read = `select "id" from "jobs" where "id" = $1 /* lanes ${Math.random()} */`;
    expect(isLaneRead(read)).toBe(false);
    nameStatement(read);
    expect(isLaneRead(read)).toBe(true);
    for (const text of [
      `select "id" from "jobs" where "id" = $1 for update /* ${Math.random()} */`,
      `select "id" from "jobs" where "id" = $1 for no key update /* ${Math.random()} */`,
      `select "id" from "jobs" where "id" = $1 for share /* ${Math.random()} */`,
      `update "jobs" set "name" = $1 /* ${Math.random()} */`,
      `insert into "notes" ("id") values ($1) /* ${Math.random()} */`,
    ]) {
      nameStatement(text);
      expect(isLaneRead(text), text).toBe(false);
    }
  });
});

describe.skipIf(!usingPostgres)('read lanes on PostgreSQL', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let lanes: ReadLanes;
  let admin: pg.Client;
  const backend = `select pg_backend_pid() as pid, $1::int as n /* read-lanes test */`;
  const divide = `select 10 / $1::int as quotient /* read-lanes test */`;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    nameStatement(backend);
    nameStatement(divide);
    lanes = readLanes(2, { connectionString: process.env.DATABASE_URL });
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await lanes?.end();
    await admin?.end();
    await drop?.();
  });

  it('sends the reads of one turn on one connection, and spreads the next turns', async () => {
    const together = await Promise.all([1, 2, 3, 4, 5].map((n) => lanes.query(backend, [n])));
    expect(together.map((result) => result.rows[0].n)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(together.map((result) => result.rows[0].pid)).size).toBe(1);
    // While one turn's reads are in flight (sleeping), the next turn's go to the other, less busy lane.
    const sleepy = `select pg_backend_pid() as pid, pg_sleep($1::float8 / 1000) /* read-lanes test */`;
    nameStatement(sleepy);
    const first = Promise.all([200, 200, 200].map((ms) => lanes.query(sleepy, [ms])));
    await new Promise((resolve) => setImmediate(resolve));
    const second = lanes.query(backend, [4]);
    const pids = [...(await first).map((result) => result.rows[0].pid), (await second).rows[0].pid];
    expect(new Set(pids.slice(0, 3)).size).toBe(1);
    expect(pids[3]).not.toBe(pids[0]);
  });

  it('fails a read alone: the reads written with it are answered', async () => {
    const answers = await Promise.allSettled([lanes.query(divide, [5]), lanes.query(divide, [0]), lanes.query(divide, [2])]);
    expect(answers[0]).toMatchObject({ status: 'fulfilled', value: { rows: [{ quotient: 2 }] } });
    expect(answers[1]).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
    expect(answers[2]).toMatchObject({ status: 'fulfilled', value: { rows: [{ quotient: 5 }] } });
  });

  it('replaces a lane whose connection was ended: its reads in flight fail, the next ones are answered', async () => {
    const pid = (await lanes.query(backend, [1])).rows[0].pid as number;
    const slow = `select pg_sleep(0.5), pg_backend_pid() as pid /* read-lanes test ${pid} */`;
    nameStatement(slow);
    const inFlight = lanes.query(slow, []);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await expect(inFlight).rejects.toThrow();
    const after = await Promise.all([1, 2].map((n) => lanes.query(backend, [n])));
    expect(after.map((result) => result.rows[0].n)).toEqual([1, 2]);
  });

  it('keeps the reads of a transaction on its connection, and sees its write only once committed', async () => {
    const account = await createTestAccount(database, 'Lanes agency');
    const nameOf = preparedQuery((db, p: { id: string }) => db.selectFrom('accounts').select('name').where('id', '=', p.id));
    const db = database.db;
    expect((await nameOf.first(db, { id: account.accountId }))?.name).toBe('Lanes agency');
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    let seenInside: string | undefined;
    const writing = db.transaction().execute(async (trx) => {
      await sql`update accounts set name = 'Renamed in a transaction' where id = ${account.accountId}`.execute(trx);
      seenInside = (await nameOf.first(trx, { id: account.accountId }))?.name;
      await paused;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seenInside).toBe('Renamed in a transaction');
    expect((await nameOf.first(db, { id: account.accountId }))?.name).toBe('Lanes agency');
    resume();
    await writing;
    expect((await nameOf.first(db, { id: account.accountId }))?.name).toBe('Renamed in a transaction');
  });
});
