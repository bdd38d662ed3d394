import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { same } from './crash-model.js';

/**
 * Direct SQL checks of test/reliability/crash.test.ts, on a read-only SQLite connection or a
 * PostgreSQL client: integrity, orphan rows across the relations the writers touch, stored content
 * of every file row, blobs no row refers to, and events written with their changes.
 */
export interface Sql {
  all(query: string): Promise<any[]>;
  close(): Promise<void>;
}

export async function openSql(dialect: 'sqlite' | 'postgres', url: string): Promise<Sql> {
  if (dialect === 'sqlite') {
    const db = new BetterSqlite3(url.slice('sqlite:'.length), { readonly: true, fileMustExist: true });
    return { all: async (query) => db.prepare(query).all(), close: async () => void db.close() };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { all: async (query) => (await client.query(query)).rows, close: () => client.end() };
}

/** Counted as problems when not 0. */
const ORPHANS: Array<[string, string]> = [
  ['job match lines without their job', 'select count(*) as n from job_matches m where not exists (select 1 from jobs j where j.id = m.job_id)'],
  [
    'job match lines without their category',
    'select count(*) as n from job_matches m where not exists (select 1 from match_categories c where c.id = m.match_category_id)',
  ],
  ['jobs without their client', 'select count(*) as n from jobs j where not exists (select 1 from clients c where c.id = j.client_id)'],
  [
    'jobs flagged with matches but without match lines',
    'select count(*) as n from jobs j where j.has_matches = 1 and not exists (select 1 from job_matches m where m.job_id = j.id)',
  ],
  [
    'jobs without matches but with line quantities',
    'select count(*) as n from jobs j where j.has_matches = 0 and exists (select 1 from job_matches m where m.job_id = j.id and cast(m.value as numeric) <> 0)',
  ],
  ['tracker entries without their job', 'select count(*) as n from tracker_entries t where not exists (select 1 from jobs j where j.id = t.job_id)'],
  ['tracker entries without their user', 'select count(*) as n from tracker_entries t where not exists (select 1 from users u where u.id = t.user_id)'],
  [
    'running tracker entries with an end, or stopped ones without',
    'select count(*) as n from tracker_entries where (running = 1 and to_at is not null) or (running = 0 and to_at is null)',
  ],
  [
    'notes of jobs without their job',
    "select count(*) as n from notes o where o.parent_type = 'job' and not exists (select 1 from jobs j where j.id = o.parent_id)",
  ],
  ['notes without their user', 'select count(*) as n from notes o where not exists (select 1 from users u where u.id = o.user_id)'],
  [
    'files of jobs without their job',
    "select count(*) as n from files f where f.owner_type = 'job' and not exists (select 1 from jobs j where j.id = f.owner_id)",
  ],
  ['file shares without their file', 'select count(*) as n from file_outsourcing_shares s where not exists (select 1 from files f where f.id = s.file_id)'],
  ['files sharing one blob', 'select count(*) as n from (select blob_id from files group by blob_id having count(*) > 1) d'],
  ['accounts besides the bootstrapped one', 'select count(*) - 1 as n from accounts'],
  ['events of no account', 'select count(*) as n from events e where not exists (select 1 from accounts a where a.id = e.account_id)'],
];

export interface SqlReport {
  problems: string[];
  /** Stored blobs no file row refers to. */
  orphanBlobs: string[];
  /** `*.tmp` files left in the fs storage. */
  tempFiles: string[];
}

export async function checkDatabase(
  sql: Sql,
  dialect: 'sqlite' | 'postgres',
  storage: { kind: 'fs'; root: string } | { kind: 'db' },
  hashAll: boolean,
): Promise<SqlReport> {
  const problems: string[] = [];
  if (dialect === 'sqlite') {
    const integrity = await sql.all('pragma integrity_check');
    if (!same(integrity, [{ integrity_check: 'ok' }])) problems.push(`integrity_check: ${JSON.stringify(integrity)}`);
    const foreign = await sql.all('pragma foreign_key_check');
    if (foreign.length > 0) problems.push(`foreign_key_check: ${JSON.stringify(foreign.slice(0, 10))}`);
  }
  // Every table reads whole (every page of every table visited).
  const tables =
    dialect === 'sqlite'
      ? (await sql.all("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")).map((row) => row.name as string)
      : (await sql.all("select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'")).map(
          (row) => row.name as string,
        );
  for (const table of tables) await sql.all(`select count(*) as n from "${table}"`);
  for (const [what, query] of ORPHANS) {
    const n = Number((await sql.all(query))[0].n);
    if (n !== 0) problems.push(`${n} ${what}`);
  }

  // Every file row has its whole content; blobs without a row are reported.
  const files = await sql.all('select id, blob_id, size, sha256 from files');
  const referenced = new Set(files.map((row) => row.blob_id as string));
  const orphanBlobs: string[] = [];
  const tempFiles: string[] = [];
  if (storage.kind === 'fs') {
    for (const file of files) {
      const path = join(storage.root, String(file.blob_id).slice(-2), file.blob_id);
      let size = -1;
      try {
        size = statSync(path).size;
      } catch {
        // missing
      }
      if (size !== Number(file.size)) problems.push(`file ${file.id}: blob ${size < 0 ? 'missing' : `of ${size} bytes, not ${file.size}`}`);
      else if (hashAll && createHash('sha256').update(readFileSync(path)).digest('hex') !== file.sha256)
        problems.push(`file ${file.id}: blob content differs from its SHA-256`);
    }
    for (const dir of safeList(storage.root)) {
      for (const name of safeList(join(storage.root, dir))) {
        if (name.endsWith('.tmp')) tempFiles.push(name);
        else if (!referenced.has(name)) orphanBlobs.push(name);
      }
    }
  } else {
    const chunks = new Map<string, { n: number; bytes: number }>();
    for (const row of await sql.all('select blob_id, count(*) as n, sum(length(data)) as bytes, max(seq) as last from file_chunks group by blob_id')) {
      chunks.set(row.blob_id, { n: Number(row.n), bytes: Number(row.bytes) });
      if (Number(row.last) !== Number(row.n) - 1) problems.push(`blob ${row.blob_id}: chunks ${row.n} but last seq ${row.last}`);
      if (!referenced.has(row.blob_id)) orphanBlobs.push(row.blob_id);
    }
    for (const file of files) {
      const stored = chunks.get(file.blob_id) ?? { n: 0, bytes: 0 };
      if (stored.bytes !== Number(file.size)) problems.push(`file ${file.id}: ${stored.bytes} bytes stored in ${stored.n} chunks, not ${file.size}`);
      else if (hashAll) {
        const hash = createHash('sha256');
        for (const row of await sql.all(`select data from file_chunks where blob_id = '${file.blob_id}' order by seq`)) hash.update(row.data);
        if (hash.digest('hex') !== file.sha256) problems.push(`file ${file.id}: stored chunks differ from its SHA-256`);
      }
    }
  }
  return { problems, orphanBlobs, tempFiles };
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Each job was written with its event, in one transaction: a `job.created` event exists, and an
 * event holds the job exactly as it is now (name, update time, notes, files, tracker entries).
 */
export async function checkEvents(sql: Sql, jobs: any[]): Promise<string[]> {
  const events = new Map<string, Array<{ type: string; data: any }>>();
  for (const row of await sql.all("select type, data from events where type in ('job.created', 'job.updated')")) {
    const data = JSON.parse(row.data);
    let list = events.get(data.id);
    if (!list) events.set(data.id, (list = []));
    list.push({ type: row.type, data });
  }
  const view = (job: any) => ({
    name: job.name,
    updatedAt: job.updatedAt,
    matches: job.quantity.matches,
    notes: job.notes.map((n: any) => n.id),
    files: job.files.map((f: any) => f.id),
    trackers: job.timeTrackers.list.map((e: any) => [e.id, e.running, e.duration]),
  });
  const problems: string[] = [];
  for (const job of jobs) {
    const list = events.get(job.id) ?? [];
    if (!list.some((event) => event.type === 'job.created')) problems.push(`job ${job.id}: no job.created event`);
    const now = view(job);
    if (!list.some((event) => same(view(event.data), now))) problems.push(`job ${job.id}: no event holds the job as it is (${JSON.stringify(now)})`);
  }
  return problems;
}
