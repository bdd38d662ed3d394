import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRESHNESS, type EpochSource, type RowImage, type VersionedView } from '../../../src/core/db/freshness.js';
import { sessions } from '../../../src/modules/auth/sessions.js';
import { createTestApp, usingPostgres, type TestContext } from '../../helper.js';
import { fullObjects, type FullObjects } from './freshness-fixture.js';
import { cacheJob, current } from './job-view-cache-fixture.js';
import { cacheGroup, currentGroup } from './group-view-cache-fixture.js';

/**
 * The view cache test matrix, generated from the freshness manifest (src/core/db/freshness.ts):
 * for every dependency of the job and group views (each part table, each epoch source; each watched
 * column, or the whole row), a job and a group with a row in every table are cached, the dependency
 * is written in plain SQL (no service, no hook: only the database's triggers can tell the cache),
 * and the object's version or the account's epoch must have moved, and the next reads (by id and
 * in the listing) equal an object built from the database. A column the manifest watches by name
 * is changed to a new value; a table watched whole gets an update that leaves its row as it is
 * (the trigger must fire anyway). For column-watched tables, an update of another column must move
 * nothing (so that frequent writes of such rows do not rebuild every view). A row of a part (or of
 * an epoch source counted by inserts and deletes) that no foreign key references is deleted and
 * inserted again as it was, each counting; rows other rows reference come and go through the API
 * in job-view-cache*.test.ts and group-view-cache*.test.ts. Runs on SQLite and PostgreSQL; a
 * dependency added to the manifest gets its cases without changing this file.
 */
let t: TestContext;
let o: FullObjects;
beforeAll(async () => {
  t = await createTestApp({ FILE_STORAGE: 'db' });
  o = await fullObjects(t);
  // A row of every table the key epoch counts (keys and users exist with the account).
  await sessions.start(t.database.db, { id: t.account.userId, account_id: t.account.accountId }, 'password');
});
afterAll(async () => {
  await t.close();
});

const run = <R>(text: string) => sql.raw<R>(text).execute(t.database.db);
const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** Changes a watched column to a new value (a name gains a suffix); the others are listed here. */
function changedValue(table: string, column: string): string {
  if (table === 'jobs' && column === 'group_id') return `case when group_id = ${quote(o.groupId)} then ${quote(o.otherGroupId)} else ${quote(o.groupId)} end`;
  if (table === 'jobs' && column === 'group_position') return 'group_position + 1';
  if (table === 'accounts' && column === 'target_margin') return 'case when target_margin = 0.45 then 0.3 else 0.45 end';
  if (table === 'accounts' && column === 'currency') return "case when currency = 'EUR' then 'GBP' else 'EUR' end";
  return `${column} || ' ~'`;
}

async function columnsOf(table: string): Promise<string[]> {
  const rows =
    t.database.dialect === 'sqlite'
      ? await run<{ name: string }>(`select name from pragma_table_info(${quote(table)})`)
      : await run<{ name: string }>(
          `select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${quote(table)} order by ordinal_position`,
        );
  return rows.rows.map((row) => row.name);
}

interface Kind {
  noun: string;
  view: VersionedView;
  id: () => string;
  cache: (id: string) => Promise<unknown>;
  current: (id: string) => Promise<unknown>;
}

const KINDS: Kind[] = [
  { noun: 'job', view: FRESHNESS.jobViews, id: () => o.jobId, cache: (id) => cacheJob(t, id), current: (id) => current(t, id) },
  { noun: 'group', view: FRESHNESS.groupViews, id: () => o.groupId, cache: (id) => cacheGroup(t, id), current: (id) => currentGroup(t, id) },
];

/** The object's version and its account's epoch, as the view cache reads them. */
async function stateOf(kind: Kind): Promise<{ version: string; epoch: string }> {
  const { versions, key } = kind.view;
  const { rows } = await run<{ version: number | string; epoch: number | string | null }>(
    `select v.version, e.epoch from ${versions} v left join view_epochs e on e.account_id = v.account_id where v.${key} = ${quote(kind.id())}`,
  );
  expect(rows).toHaveLength(1);
  return { version: String(rows[0]!.version), epoch: String(rows[0]!.epoch) };
}

/** The condition that a row `r` of a part belongs to the object (the manifest's `ownerOf`). */
const partRows = (view: VersionedView, ownerOf: (row: RowImage) => string, id: string) =>
  `exists (select 1 from (select ${quote(id)} as ${view.key}) owner where ${ownerOf('r' as RowImage)})`;

/** Rows of an epoch source of the account; the one the object shows when the table has ids. */
async function sourceRows(kind: Kind, source: EpochSource, shown: string): Promise<string> {
  const ofAccount = `${source.account('r' as RowImage)} = ${quote(t.account.accountId)}${source.rowWhen ? ` and ${source.rowWhen('r' as RowImage)}` : ''}`;
  if (!(await columnsOf(source.table)).includes('id')) return ofAccount;
  const { rows } = await run<{ id: string }>(`select r.id from ${source.table} r where ${ofAccount}`);
  const picked = rows.find((row) => shown.includes(row.id)) ?? rows[0];
  expect(picked, `a row of ${source.table} in the account`).toBeDefined();
  return `r.id = ${quote(picked!.id)}`;
}

/** One plain-SQL update of the rows `where`; expects it to touch at least one row. */
async function update(table: string, set: string, where: string): Promise<void> {
  const result = await run(`update ${table} as r set ${set} where ${where}`);
  expect(Number(result.numAffectedRows ?? 0), `update ${table} set ${set}`).toBeGreaterThan(0);
}

/**
 * Caches the object, makes the write, expects the object's version (a part) or the account's epoch
 * (an epoch source) to move, or not, and the next reads to be current.
 */
async function afterWrite(kind: Kind, write: () => Promise<void>, counter: 'version' | 'epoch', moves: boolean): Promise<void> {
  await kind.cache(kind.id());
  const before = await stateOf(kind);
  await write();
  const after = await stateOf(kind);
  if (moves) expect(after[counter], `${counter} moved`).not.toBe(before[counter]);
  else expect(after[counter], `${counter} unchanged`).toBe(before[counter]);
  await kind.current(kind.id());
}

/** The ids of the rows `where` (tables with ids), to write them again after they moved. */
async function idsOf(table: string, where: string): Promise<string> {
  const { rows } = await run<{ id: string }>(`select r.id from ${table} r where ${where}`);
  expect(rows.length, `rows of ${table}`).toBeGreaterThan(0);
  return `r.id in (${rows.map((row) => quote(row.id)).join(', ')})`;
}

/** Tables no foreign key references: a row can be deleted and inserted again as it was. */
async function referencedTables(): Promise<Set<string>> {
  const { rows } =
    t.database.dialect === 'sqlite'
      ? await run<{ name: string }>(`select distinct f."table" as name from sqlite_master m, pragma_foreign_key_list(m.name) f where m.type = 'table'`)
      : await run<{ name: string }>(
          `select distinct confrelid::regclass::text as name from pg_constraint where contype = 'f' and connamespace = current_schema()::regnamespace`,
        );
  return new Set(rows.map((row) => row.name.replace(/^.*\./, '')));
}

/** Deletes one row `where` and inserts it again as it was: two writes, each expected to count. */
async function deletedAndInsertedAgain(kind: Kind, table: string, where: string, counter: 'version' | 'epoch'): Promise<void> {
  const { rows } = await run<Record<string, unknown>>(`select * from ${table} r where ${where}`);
  const row = rows[0]!;
  expect(row, `a row of ${table}`).toBeDefined();
  const db = t.database.db as any;
  const same = (eb: any) => eb.and(Object.entries(row).map(([column, value]) => (value === null ? eb(column, 'is', null) : eb(column, '=', value))));
  await afterWrite(
    kind,
    async () => {
      const deleted = await db.deleteFrom(table).where(same).executeTakeFirst();
      expect(Number(deleted.numDeletedRows)).toBe(1);
    },
    counter,
    true,
  );
  await afterWrite(kind, () => db.insertInto(table).values(row).execute(), counter, true);
}

for (const kind of KINDS) {
  describe(`${kind.noun} views: every dependency of the manifest, written in plain SQL`, () => {
    for (const part of kind.view.parts) {
      const operations = part.operations ?? ['insert', 'update', 'delete'];
      const where = () => partRows(kind.view, part.ownerOf, kind.id());
      // Rows that other rows reference (outsourcing, files, jobs) are skipped: they come and go
      // through the API in job-view-cache*.test.ts and group-view-cache*.test.ts.
      if (operations.includes('insert') && operations.includes('delete')) {
        it(`${part.table} (part): a row deleted counts, and inserted again`, async (test) => {
          if ((await referencedTables()).has(part.table)) return test.skip();
          await deletedAndInsertedAgain(kind, part.table, where(), 'version');
        });
      }
      if (!operations.includes('update')) continue;
      if (part.columns === 'row') {
        it(`${part.table} (part, whole row): an update that changes nothing still counts`, async () => {
          const [column] = (await columnsOf(part.table)).filter((c) => c !== 'id' && c !== 'account_id');
          await afterWrite(kind, () => update(part.table, `${column} = ${column}`, where()), 'version', true);
        });
        continue;
      }
      for (const column of part.columns) {
        it(`${part.table}.${column} (part): a new value counts, and so does the old one again`, async () => {
          const rows = await idsOf(part.table, where());
          await afterWrite(kind, () => update(part.table, `${column} = ${changedValue(part.table, column)}`, rows), 'version', true);
          // Back as it was (the object's other cases expect its parts in place).
          await afterWrite(kind, () => update(part.table, `${column} = ${changedValue(part.table, column)}`, rows), 'version', true);
        });
      }
      it(`${part.table} (part, watched by ${part.columns.join(', ')}): an update of another column does not count`, async () => {
        const watched = part.columns as readonly string[];
        const [other] = (await columnsOf(part.table)).filter((c) => c !== 'id' && c !== 'account_id' && !watched.includes(c));
        await afterWrite(kind, () => update(part.table, `${other} = ${other}`, where()), 'version', false);
      });
    }

    for (const source of FRESHNESS.viewEpochs) {
      const rows = async () => sourceRows(kind, source, JSON.stringify(await kind.current(kind.id())));
      if (source.insertsAndDeletes) {
        it(`${source.table} (epoch): a row deleted counts, and inserted again`, async (test) => {
          if ((await referencedTables()).has(source.table)) return test.skip();
          const ofAccount = `${source.account('r' as RowImage)} = ${quote(t.account.accountId)}${source.rowWhen ? ` and ${source.rowWhen('r' as RowImage)}` : ''}`;
          await deletedAndInsertedAgain(kind, source.table, ofAccount, 'epoch');
        });
      }
      if (source.columns === 'row') {
        it(`${source.table} (epoch, whole row): an update that changes nothing still counts`, async () => {
          const where = await rows();
          const [column] = (await columnsOf(source.table)).filter((c) => c !== 'id' && c !== 'account_id');
          await afterWrite(kind, () => update(source.table, `${column} = ${column}`, where), 'epoch', true);
        });
        continue;
      }
      for (const column of source.columns) {
        it(`${source.table}.${column} (epoch): a new value counts`, async () => {
          const where = await rows();
          await afterWrite(kind, () => update(source.table, `${column} = ${changedValue(source.table, column)}`, where), 'epoch', true);
        });
      }
      it(`${source.table} (epoch, watched by ${source.columns.join(', ')}): an update of another column does not count`, async () => {
        const where = await rows();
        const watched = source.columns as readonly string[];
        const [other] = (await columnsOf(source.table)).filter((c) => c !== 'id' && c !== 'account_id' && !watched.includes(c));
        await afterWrite(kind, () => update(source.table, `${other} = ${other}`, where), 'epoch', false);
      });
    }
  });
}

describe('the other counters of the manifest, written in plain SQL', () => {
  const accountRows = (_table: string) => `account_id = ${quote(t.account.accountId)}`;
  const firstColumn = async (table: string) => (await columnsOf(table)).filter((c) => c !== 'id' && c !== 'account_id')[0]!;

  for (const table of FRESHNESS.keyEpoch.tables) {
    it.skipIf(usingPostgres)(`key_epoch ← ${table}: an update counts`, async () => {
      const epoch = async () => String((await run<{ epoch: number }>('select epoch from key_epoch')).rows[0]!.epoch);
      const before = await epoch();
      const column = await firstColumn(table);
      await update(table, `${column} = ${column}`, accountRows(table));
      expect(await epoch()).not.toBe(before);
    });
  }

  for (const table of FRESHNESS.priceEpochs.tables) {
    it.skipIf(usingPostgres)(`price_epochs ← ${table}: an update counts`, async () => {
      const token = async () => (await run<{ epoch: string }>(`select epoch from price_epochs where ${accountRows('price_epochs')}`)).rows[0]!.epoch;
      const before = await token();
      const column = await firstColumn(table);
      await update(table, `${column} = ${column}`, accountRows(table));
      expect(await token()).not.toBe(before);
    });
  }

  for (const table of FRESHNESS.rowCounts) {
    it(`row_counts ← ${table}: the count kept is the count of rows`, async () => {
      const kept = await run<{ count: number }>(`select count from row_counts where ${accountRows(table)} and table_name = ${quote(table)}`);
      const counted = await run<{ count: number }>(`select count(*) as count from ${table} where ${accountRows(table)}`);
      expect(Number(kept.rows[0]!.count)).toBe(Number(counted.rows[0]!.count));
      expect(Number(counted.rows[0]!.count)).toBeGreaterThan(0);
    });
  }
});
