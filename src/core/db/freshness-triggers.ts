import { sql, type Kysely } from 'kysely';
import type { DialectName } from './dialect.js';
import type { EpochSource, FreshnessManifest, Operation, RowImage, VersionedView, WatchedColumns } from './freshness.js';

/**
 * The triggers of a freshness manifest (freshness.ts), as SQL statements of a dialect. A pure
 * function of the manifest it is given: a migration passes the manifest as it stood when the
 * migration was released, so what the migration does never changes.
 *
 * Transdesk has no other triggers: `replaceFreshnessTriggers` drops those of the manifest installed
 * before and creates those of the next one. On PostgreSQL they are deferred constraint triggers: the version, epoch
 * and count rows are locked only at commit, after every other lock of the transaction, so they can
 * never take part in a deadlock, and each bump commits atomically with its change. An update counts
 * only when one of the watched columns changed (a WHEN condition: no subquery, PostgreSQL's WHEN
 * cannot hold one).
 */

const ALL: readonly Operation[] = ['insert', 'update', 'delete'];

/** "old.a is not new.a or …" (SQLite) / "old.a is distinct from new.a or …" (PostgreSQL); none for a whole row. */
function changedCondition(dialect: DialectName, columns: WatchedColumns): string | undefined {
  if (columns === 'row') return undefined;
  const differs = dialect === 'sqlite' ? (c: string) => `old.${c} is not new.${c}` : (c: string) => `old.${c} is distinct from new.${c}`;
  return columns.map(differs).join(' or ');
}

function versionTriggers(dialect: DialectName, spec: VersionedView): string[] {
  const out: string[] = [];
  const bump = (condition: string) => `update ${spec.versions} set version = version + 1 where ${condition};`;
  const created = `insert into ${spec.versions} (${spec.key}, account_id, version) values (new.id, new.account_id, 0);`;
  if (dialect === 'sqlite') {
    out.push(`create trigger ${spec.versions}_new after insert on ${spec.owners} begin ${created} end`);
    for (const part of spec.parts) {
      const updateWhen = changedCondition(dialect, part.columns);
      for (const operation of part.operations ?? ALL) {
        const rows: readonly RowImage[] = operation === 'insert' ? ['new'] : operation === 'delete' ? ['old'] : (part.updateRows ?? ['new', 'old']);
        const when = operation === 'update' && updateWhen ? `when ${updateWhen}` : '';
        out.push(`create trigger ${spec.versions}_${part.table}_${operation} after ${operation} on ${part.table} ${when}
                   begin ${rows.map((row) => bump(part.ownerOf(row))).join(' ')} end`);
      }
    }
    return out;
  }
  out.push(`create function ${spec.versions}_new() returns trigger language plpgsql as $$ begin ${created} return null; end $$`);
  out.push(`create trigger ${spec.versions}_new after insert on ${spec.owners} for each row execute function ${spec.versions}_new()`);
  for (const part of spec.parts) {
    const name = `${spec.versions}_${part.table}`;
    const updateRows = part.updateRows ?? ['new', 'old'];
    out.push(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${bump(part.ownerOf('new'))}
        elsif tg_op = 'DELETE' then ${bump(part.ownerOf('old'))}
        else ${updateRows.map((row) => bump(part.ownerOf(row))).join(' ')} end if;
        return null;
      end $$`);
    const operations = part.operations ?? ALL;
    const deferred = (suffix: string, events: readonly string[], when?: string) =>
      `create constraint trigger ${name}${suffix} after ${events.join(' or ')} on ${part.table} deferrable initially deferred
           for each row ${when ? `when (${when})` : ''} execute function ${name}()`;
    const updateWhen = changedCondition(dialect, part.columns);
    if (!updateWhen) {
      out.push(deferred('', operations));
      continue;
    }
    // A WHEN naming old and new holds for updates only: inserts and deletes get a trigger of their own.
    if (operations.includes('update')) out.push(deferred('', ['update'], updateWhen));
    const others = operations.filter((operation) => operation !== 'update');
    if (others.length > 0) out.push(deferred('_rows', others));
  }
  return out;
}

const bumpEpoch = (dialect: DialectName, account: string) =>
  `insert into view_epochs (account_id, epoch) values (${account}, 1)
   on conflict (account_id) do update set epoch = ${dialect === 'postgres' ? 'view_epochs.' : ''}epoch + 1;`;

function epochTriggers(dialect: DialectName, sources: readonly EpochSource[]): string[] {
  const out: string[] = [];
  for (const source of sources) {
    const updateWhen = changedCondition(dialect, source.columns);
    const insertsAndDeletes = source.insertsAndDeletes ?? false;
    if (dialect === 'sqlite') {
      const triggers: Array<[Operation, RowImage, string | undefined]> = [];
      triggers.push(['update', 'new', updateWhen ?? (source.rowWhen ? `${source.rowWhen('new')} or ${source.rowWhen('old')}` : undefined)]);
      if (source.deletes || insertsAndDeletes) triggers.push(['delete', 'old', source.rowWhen?.('old')]);
      if (insertsAndDeletes) triggers.push(['insert', 'new', source.rowWhen?.('new')]);
      for (const [operation, row, when] of triggers) {
        out.push(`create trigger view_epochs_${source.table}_${operation} after ${operation} on ${source.table}
         ${when ? `when ${when}` : ''} begin ${bumpEpoch('sqlite', source.account(row))} end`);
      }
      continue;
    }
    const name = `view_epochs_${source.table}`;
    // Row conditions go in the body: a trigger's WHEN cannot hold a subquery on PostgreSQL.
    const on = (row: RowImage) =>
      source.rowWhen ? `if ${source.rowWhen(row)} then ${bumpEpoch('postgres', source.account(row))} end if;` : bumpEpoch('postgres', source.account(row));
    out.push(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then ${on('old')}
        elsif tg_op = 'INSERT' then ${on('new')}
        else ${source.rowWhen ? `${on('new')} ${on('old')}` : on('new')} end if;
        return null;
      end $$`);
    out.push(`create constraint trigger ${name} after update on ${source.table} deferrable initially deferred
               for each row ${updateWhen ? `when (${updateWhen})` : ''} execute function ${name}()`);
    // Further triggers on the same function: constraint trigger names are per table.
    if (source.deletes || insertsAndDeletes) {
      out.push(
        `create constraint trigger ${name}_delete after delete on ${source.table} deferrable initially deferred for each row execute function ${name}()`,
      );
    }
    if (insertsAndDeletes) {
      out.push(
        `create constraint trigger ${name}_insert after insert on ${source.table} deferrable initially deferred for each row execute function ${name}()`,
      );
    }
  }
  return out;
}

function rowCountTriggers(dialect: DialectName, tables: readonly string[]): string[] {
  const out: string[] = [];
  for (const table of tables) {
    if (dialect === 'sqlite') {
      out.push(`create trigger ${table}_count_insert after insert on ${table} begin
                 insert into row_counts (account_id, table_name, count) values (new.account_id, '${table}', 1)
                 on conflict (account_id, table_name) do update set count = count + 1;
               end`);
      out.push(`create trigger ${table}_count_delete after delete on ${table} begin
                 update row_counts set count = count - 1 where account_id = old.account_id and table_name = '${table}';
               end`);
      continue;
    }
    out.push(`create function ${table}_count() returns trigger language plpgsql as $$
               begin
                 if tg_op = 'INSERT' then
                   insert into row_counts (account_id, table_name, count) values (new.account_id, '${table}', 1)
                   on conflict (account_id, table_name) do update set count = row_counts.count + 1;
                 else
                   update row_counts set count = count - 1 where account_id = old.account_id and table_name = '${table}';
                 end if;
                 return null;
               end $$`);
    out.push(`create constraint trigger ${table}_count after insert or delete on ${table}
               deferrable initially deferred for each row execute function ${table}_count()`);
  }
  return out;
}

/** SQLite only: a counter of changes to what an API key look-up answers, bumped by any write. */
function keyEpochTriggers(tables: readonly string[]): string[] {
  return tables.flatMap((table) =>
    ALL.map((operation) => `create trigger key_epoch_${table}_${operation} after ${operation} on ${table} begin update key_epoch set epoch = epoch + 1; end`),
  );
}

/**
 * SQLite only: a new random token per account on any write (a counter would give a rolled-back
 * bump's number again, for other content). An update may move a row to another account only in
 * plain SQL; both are bumped then.
 */
function priceEpochTriggers(tables: readonly string[]): string[] {
  const bump = (row: RowImage) =>
    `insert into price_epochs (account_id, epoch) values (${row}.account_id, lower(hex(randomblob(8)))) on conflict (account_id) do update set epoch = excluded.epoch;`;
  return tables.flatMap((table) =>
    ALL.map((operation) => {
      const rows = operation === 'insert' ? bump('new') : operation === 'delete' ? bump('old') : `${bump('new')} ${bump('old')}`;
      return `create trigger price_epochs_${table}_${operation} after ${operation} on ${table} begin ${rows} end`;
    }),
  );
}

/** The statements that create every trigger (and, on PostgreSQL, trigger function) of the manifest. */
export function freshnessTriggerStatements(dialect: DialectName, manifest: FreshnessManifest): string[] {
  return [
    ...rowCountTriggers(dialect, manifest.rowCounts),
    ...versionTriggers(dialect, manifest.jobViews),
    ...epochTriggers(dialect, manifest.viewEpochs),
    ...versionTriggers(dialect, manifest.groupViews),
    ...(dialect === 'sqlite' ? keyEpochTriggers(manifest.keyEpoch.tables) : []),
    ...(dialect === 'sqlite' ? priceEpochTriggers(manifest.priceEpochs.tables) : []),
  ];
}

/**
 * The statements that drop what the manifest's statements create (if it exists), triggers before
 * the functions they run. Read from the statements, which this file writes.
 */
export function freshnessDropStatements(dialect: DialectName, manifest: FreshnessManifest): string[] {
  const triggers: string[] = [];
  const functions: string[] = [];
  for (const statement of freshnessTriggerStatements(dialect, manifest)) {
    const trigger = /^create (?:constraint )?trigger (\w+) after [\w ]+? on (\w+)/.exec(statement);
    const fn = /^create function (\w+)\(\)/.exec(statement);
    if (trigger) triggers.push(dialect === 'sqlite' ? `drop trigger if exists ${trigger[1]}` : `drop trigger if exists ${trigger[1]} on ${trigger[2]}`);
    else if (fn) functions.push(`drop function if exists ${fn[1]}()`);
    else throw new Error(`not a statement of the freshness triggers: ${statement.slice(0, 80)}`);
  }
  return [...triggers, ...functions];
}

/**
 * Replaces the triggers of one manifest (those installed: the manifest the previous freshness
 * migration was given) by those of another (migrations). Triggers the database has besides, such as
 * an operator's own, are left alone.
 */
export async function replaceFreshnessTriggers(
  db: Kysely<unknown>,
  dialect: DialectName,
  manifests: { installed: FreshnessManifest; next: FreshnessManifest },
): Promise<void> {
  for (const statement of freshnessDropStatements(dialect, manifests.installed)) await sql.raw(statement).execute(db);
  for (const statement of freshnessTriggerStatements(dialect, manifests.next)) await sql.raw(statement).execute(db);
}
