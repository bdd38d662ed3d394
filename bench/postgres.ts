/**
 * The PostgreSQL side of `npm run bench`: a fresh database on the server of DATABASE_URL for the
 * run, and the bulk copy of the API-created jobs up to the scale (the PostgreSQL twin of copyJobs in
 * bench/data.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface BenchDatabase {
  /** URL of the fresh database (the server and path of DATABASE_URL with another database name). */
  url: string;
  name: string;
  /** `server_version` of the PostgreSQL server. */
  serverVersion: string;
  drop(): Promise<void>;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates `transdesk_bench_<random>` on the server of `adminUrl` (any database the user may connect to). */
export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `transdesk_bench_${randomBytes(6).toString('hex')}`;
  const serverVersion = await withClient(adminUrl, async (client) => {
    await client.query(`create database "${name}"`);
    return (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    serverVersion,
    drop: () => withClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}

/**
 * Multiplies the API-created jobs (with their match lines and tracker entries) until `scale` jobs
 * exist, in one transaction, as copyJobs does on SQLite. PostgreSQL has no rowid: the seed jobs and
 * tracker entries are numbered 1..n (by id) in temporary tables, and copy n of seed job j gets the id
 * hex8(shifted creation seconds) + 'bc' + hex14(n * 2^20 + number(j)), so that the three
 * INSERT … SELECT compute the same new id from (n, j) without a mapping table.
 *
 * The `jobs_count` trigger (migration 0012) would update the account's row_counts row once per copied
 * row at commit; it is disabled for the copy instead, and row_counts is set from one count(*) in the
 * same transaction. The copies belong to no group, so the group version trigger on jobs (migration
 * 0016) is disabled too. Then `analyze`, so that the server plans on real statistics.
 */
export async function copyJobsPostgres(url: string, scale: number): Promise<number> {
  return withClient(url, async (client) => {
    const count = async () => (await client.query<{ n: number }>('select count(*)::int as n from jobs')).rows[0]!.n;
    const seedCount = await count();
    const copies = Math.max(0, Math.ceil((scale - seedCount) / seedCount));
    if (copies === 0) return seedCount;
    const columns = async (table: string) =>
      (
        await client.query<{ column_name: string }>(
          'select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1 order by ordinal_position',
          [table],
        )
      ).rows.map((r) => r.column_name);
    const jobColumns = await columns('jobs');
    const matchColumns = await columns('job_matches');
    const trackerColumns = await columns('tracker_entries');
    const remove = seedCount * (copies + 1) - scale; // the last copy is partial: skip its highest numbers
    const keep = `not (s.n = ${copies} and seed.rid > ${seedCount - remove})`;
    const shiftedTime = (column: string) => `((j.${column})::timestamptz - make_interval(mins => s.n * 37))`;
    const iso = (timestamp: string) => `to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const hex = (value: string, width: number) => `lpad(to_hex(${value}), ${width}, '0')`;
    const newId = `${hex(`floor(extract(epoch from ${shiftedTime('created_at')}))::bigint`, 8)} || 'bc' || ${hex('s.n * 1048576::bigint + seed.rid', 14)}`;
    const jobValue: Record<string, string> = {
      id: newId,
      created_at: iso(shiftedTime('created_at')),
      updated_at: iso(shiftedTime('updated_at')),
      group_id: 'null',
      group_position: 'null',
      // Unique per account: the copy's own (7 digits and more, never one the API gives next to the 400 seeds).
      // lpad cuts a longer text to the width (SQLite's printf does not): never shorter than the number itself.
      number: `'J-' || to_char(${shiftedTime('created_at')} at time zone 'UTC', 'YYYY') || '-' || lpad((s.n * 1048576::bigint + seed.rid)::text, greatest(7, length((s.n * 1048576::bigint + seed.rid)::text)), '0')`,
    };
    const trackerValue: Record<string, string> = {
      id: `${hex('floor(extract(epoch from (t.created_at)::timestamptz))::bigint', 8)} || 'bd' || ${hex('s.n * 1048576::bigint + ts.rid', 14)}`,
      job_id: newId,
    };
    const fromSeed = `from generate_series(1, ${copies}) as s(n) cross join seed join jobs j on j.id = seed.id`;
    await client.query('begin');
    try {
      await client.query('create temp table seed on commit drop as select row_number() over (order by id) as rid, id from jobs');
      await client.query('create temp table seed_trackers on commit drop as select row_number() over (order by id) as rid, id from tracker_entries');
      await client.query('alter table jobs disable trigger jobs_count');
      // Copies belong to no group: the group version trigger (deferred, migration 0016) has nothing to bump.
      await client.query('alter table jobs disable trigger group_versions_jobs_rows');
      await client.query(
        `insert into jobs (${jobColumns.join(', ')})
         select ${jobColumns.map((c) => jobValue[c] ?? `j.${c}`).join(', ')} ${fromSeed} where ${keep}`,
      );
      await client.query(
        `insert into job_matches (${matchColumns.join(', ')})
         select ${matchColumns.map((c) => (c === 'job_id' ? newId : `m.${c}`)).join(', ')}
         ${fromSeed} join job_matches m on m.job_id = j.id where ${keep}`,
      );
      await client.query(
        `insert into tracker_entries (${trackerColumns.join(', ')})
         select ${trackerColumns.map((c) => trackerValue[c] ?? `t.${c}`).join(', ')}
         ${fromSeed} join tracker_entries t on t.job_id = j.id join seed_trackers ts on ts.id = t.id where ${keep}`,
      );
      await client.query('alter table jobs enable trigger jobs_count');
      await client.query('alter table jobs enable trigger group_versions_jobs_rows');
      await client.query(
        `insert into row_counts (account_id, table_name, count) select account_id, 'jobs', count(*) from jobs group by account_id
         on conflict (account_id, table_name) do update set count = excluded.count`,
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
    await client.query('analyze');
    return count();
  });
}

export async function sampleJobIdsPostgres(url: string, size: number): Promise<string[]> {
  return withClient(url, async (client) =>
    (await client.query<{ id: string }>('select id from jobs order by random() limit $1', [size])).rows.map((r) => r.id),
  );
}
