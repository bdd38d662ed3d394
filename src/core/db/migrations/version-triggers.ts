import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Triggers that bump the version of an object (a job, a group) whenever its row or one of its
 * parts is written (core/view-cache.ts). Used by migrations 0014 and 0016: like them,
 * this file is never changed once released (a change would change what those migrations did).
 *
 * On PostgreSQL the triggers are deferred constraint triggers: the version row is locked only at
 * commit, after every other lock of the transaction, so it can never take part in a deadlock,
 * and the bump commits atomically with the change.
 */
export interface VersionedPart {
  table: string;
  /** The condition on the versions table's key for a row `new` or `old` of the part. */
  ownerOf: (row: 'new' | 'old') => string;
  /** Operations that change the owner's object (default: all three). */
  operations?: ReadonlyArray<'insert' | 'update' | 'delete'>;
  /** Rows of an update that name owners (default both: a row may move to another owner). */
  updateRows?: ReadonlyArray<'new' | 'old'>;
  /** Updates count only when this holds (no subquery: PostgreSQL's WHEN cannot hold one). */
  updateWhen?: { sqlite: string; postgres: string };
}

export interface Versioned {
  /** The versions table, e.g. `job_versions`, and its key column, e.g. `job_id`. */
  versions: string;
  key: string;
  /** The owners' table, e.g. `jobs`: a new row gets its version row (0). */
  owners: string;
  parts: readonly VersionedPart[];
}

/** A condition in a trigger's WHEN: "new.a is not old.a" (SQLite) / "is distinct from" (PostgreSQL). */
export const changed = (...columns: string[]) => ({
  sqlite: columns.map((c) => `old.${c} is not new.${c}`).join(' or '),
  postgres: columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or '),
});

export async function createVersionTables(db: Kysely<unknown>, dialect: DialectName, spec: Versioned, references: string): Promise<void> {
  // SQLite: clustered on the key (one B-tree look-up per object instead of two).
  await db.schema
    .createTable(spec.versions)
    .addColumn(spec.key, 'text', (c) => c.primaryKey().references(references).onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('version', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
    .modifyEnd(dialect === 'sqlite' ? sql`without rowid` : sql``)
    .execute();
  await sql.raw(`insert into ${spec.versions} (${spec.key}, account_id, version) select id, account_id, 0 from ${spec.owners}`).execute(db);
}

export async function createVersionTriggers(db: Kysely<unknown>, dialect: DialectName, spec: Versioned): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const bump = (condition: string) => `update ${spec.versions} set version = version + 1 where ${condition};`;
  const created = `insert into ${spec.versions} (${spec.key}, account_id, version) values (new.id, new.account_id, 0);`;
  if (dialect === 'sqlite') {
    await run(`create trigger ${spec.versions}_new after insert on ${spec.owners} begin ${created} end`);
    for (const part of spec.parts) {
      for (const operation of part.operations ?? ['insert', 'update', 'delete']) {
        const rows = operation === 'insert' ? ['new' as const] : operation === 'delete' ? ['old' as const] : (part.updateRows ?? ['new', 'old']);
        const when = operation === 'update' && part.updateWhen ? `when ${part.updateWhen.sqlite}` : '';
        await run(`create trigger ${spec.versions}_${part.table}_${operation} after ${operation} on ${part.table} ${when}
                   begin ${rows.map((row) => bump(part.ownerOf(row))).join(' ')} end`);
      }
    }
    return;
  }
  await run(`create function ${spec.versions}_new() returns trigger language plpgsql as $$ begin ${created} return null; end $$`);
  await run(`create trigger ${spec.versions}_new after insert on ${spec.owners} for each row execute function ${spec.versions}_new()`);
  for (const part of spec.parts) {
    const name = `${spec.versions}_${part.table}`;
    const updateRows = part.updateRows ?? ['new', 'old'];
    await run(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${bump(part.ownerOf('new'))}
        elsif tg_op = 'DELETE' then ${bump(part.ownerOf('old'))}
        else ${updateRows.map((row) => bump(part.ownerOf(row))).join(' ')} end if;
        return null;
      end $$`);
    const operations = part.operations ?? ['insert', 'update', 'delete'];
    const deferred = (suffix: string, events: readonly string[], when?: string) =>
      run(`create constraint trigger ${name}${suffix} after ${events.join(' or ')} on ${part.table} deferrable initially deferred
           for each row ${when ? `when (${when})` : ''} execute function ${name}()`);
    if (!part.updateWhen) {
      await deferred('', operations);
      continue;
    }
    // A WHEN naming old and new holds for updates only: inserts and deletes get a trigger of their own.
    if (operations.includes('update')) await deferred('', ['update'], part.updateWhen.postgres);
    const others = operations.filter((operation) => operation !== 'update');
    if (others.length > 0) await deferred('_rows', others);
  }
}
