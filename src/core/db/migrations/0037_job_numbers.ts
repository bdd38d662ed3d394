import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Job numbers (docs/jobs.md#job-numbers): `jobs.number` (`J-2026-0001`), per account and year of
 * creation, consecutive; `job_sequences` holds the last number given per account and year.
 *
 * Existing jobs are numbered here in creation order (`created_at`, then id) within their account
 * and year, and the sequences start after them; `search_text` gains the lowercased number (what
 * the `q` filter searches). The unique index `jobs_by_number` (account, number) makes two jobs of
 * one account with one number impossible, whatever writes them.
 *
 * The column is nullable: a server of the previous version keeps inserting jobs (without a
 * number) while a rolling upgrade runs. Released: never edit.
 */
export function jobNumbers(dialect: DialectName): Migration {
  const year = sql`substr(created_at, 1, 4)`;
  const position = sql`row_number() over (partition by account_id, ${year} order by created_at, id)`;
  // At least four digits: 0001 … 9999, then 10000 as it is.
  const padded =
    dialect === 'postgres'
      ? sql`case when ${position} < 10000 then lpad((${position})::text, 4, '0') else (${position})::text end`
      : sql`printf('%04d', ${position})`;
  const newline = dialect === 'postgres' ? sql`chr(10)` : sql`char(10)`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('jobs').addColumn('number', 'text').execute();
      await db.schema
        .createTable('job_sequences')
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('last', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('job_sequences_pk', ['account_id', 'year'])
        .execute();
      await sql`
        update jobs set number = numbered.number, search_text = jobs.search_text || ${newline} || lower(numbered.number)
        from (select id, 'J-' || ${year} || '-' || ${padded} as number from jobs) as numbered
        where jobs.id = numbered.id
      `.execute(db);
      await sql`
        insert into job_sequences (account_id, year, last)
        select account_id, cast(${year} as integer), count(*) from jobs group by account_id, ${year}
      `.execute(db);
      await db.schema.createIndex('jobs_by_number').unique().on('jobs').columns(['account_id', 'number']).execute();
    },
  };
}
