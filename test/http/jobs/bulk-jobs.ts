import { sql } from 'kysely';
import { columnsOf } from '../../../src/core/db/columns.js';
import type { Database } from '../../../src/core/db/database.js';

/**
 * `count` copies of one job, written in one SQL statement (a few hundred milliseconds where the API
 * would take minutes): the large data sets of the export tests. Fresh ids (24 hex digits, above
 * any the app makes in a test); the triggers keep the row counts and versions as for any insert.
 */
export async function copyJob(database: Database, jobId: string, count: number): Promise<void> {
  const columns = columnsOf('jobs').filter((column) => column !== 'id' && column !== 'number');
  const id = database.dialect === 'sqlite' ? sql`printf('ff%022x', n.i)` : sql`'ff' || lpad(to_hex(n.i), 22, '0')`;
  // Job numbers are unique per account: each copy its own, far above the ones the API gives in a test.
  const number = database.dialect === 'sqlite' ? sql`printf('J-COPY-%07d', n.i)` : sql`'J-COPY-' || lpad(n.i::text, 7, '0')`;
  await sql`
    insert into jobs (id, number, ${sql.join(columns.map((column) => sql.ref(column)))})
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
    select ${id}, ${number}, ${sql.join(columns.map((column) => sql.ref(`j.${column}`)))}
    from n cross join jobs j where j.id = ${jobId}`.execute(database.db);
}
