/**
 * The storage floors of the writes of `npm run bench` on PostgreSQL: the twin of
 * bench/write-floor.ts (read it for what each write runs and leaves out), with a bare `pg` pool
 * on the benchmark's own database (the same tables, indexes and triggers) instead of
 * better-sqlite3. The same statements, with the differences the server has there too:
 *
 * - the pool has the server's default size (10 connections, src/core/db/database.ts), and every
 *   statement is a named prepared statement, as the server's prepared queries are
 *   (src/core/db/pg-named-statements.ts): parsed and planned once per connection;
 * - a price edit locks the job's row (`for update`) before reading its lines, as the server's
 *   does; the transactions of concurrent requests run side by side, each with its own commit.
 *
 * Usage: node --import tsx bench/write-floor-postgres.ts postgres://…   (prints "Listening on http://HOST:PORT")
 */
import Fastify from 'fastify';
import pg from 'pg';
import {
  changedLines,
  firstPrice,
  jobJson,
  keyHashOf,
  LINE_COLUMNS,
  newId,
  newJobRow,
  newLineValues,
  type CandidateEntryRow,
  type CreateBody,
  type PriceBody,
  type Row,
} from './write-floor-jobs.js';

const url = process.argv[2];
if (!url?.startsWith('postgres')) throw new Error('usage: write-floor-postgres.ts postgres://…');
const pool = new pg.Pool({ connectionString: url, max: 10 });
pool.on('error', () => {});

/** A named statement: its text is parsed and planned once per connection. */
const named = (name: string, text: string) => (db: pg.Pool | pg.PoolClient, values: unknown[]) => db.query({ name, text, values });

const keyOf = named('floor_key', 'select account_id, user_id from api_keys where key_hash = $1 and revoked_at is null');
const jobOf = named('floor_job', 'select * from jobs where account_id = $1 and id = $2 for update');
const linesOf = named('floor_lines', 'select match_category_id, value from job_matches where account_id = $1 and job_id = $2');
const updateLine = named('floor_update_line', 'update job_matches set value = $1 where account_id = $2 and job_id = $3 and match_category_id = $4');
const updateJob = named('floor_update_job', 'update jobs set quantity = $1, updated_at = $2 where account_id = $3 and id = $4');
const insertEvent = named('floor_event', 'insert into events (id, account_id, type, data, created_at) values ($1, $2, $3, $4, $5)');
const clientOf = named('floor_client', 'select currency from clients where account_id = $1 and id = $2');
const candidatesOf = named(
  'floor_candidates',
  `select p.id, p.family, p.unit_cost, p.matches_type, m.match_category_id, m.position, m.unit_cost as entry_unit_cost, m.percentage
   from prices p left join price_matches m on m.price_id = p.id
   where p.account_id = $1 and p.service_id = $2 and p.unit_id = $3 and p.currency = $4
     and (p.family = 'client_default' or (p.family = 'client_price' and p.owner_client_id = $5))`,
);
const template = (await pool.query<Row>('select * from jobs order by id limit 1')).rows[0]!;
const jobColumns = Object.keys(template);
const insertJob = named('floor_insert_job', `insert into jobs (${jobColumns.join(', ')}) values (${jobColumns.map((_, i) => `$${i + 1}`).join(', ')})`);
const insertLinesOf = (count: number) =>
  named(
    `floor_insert_lines_${count}`,
    `insert into job_matches (${LINE_COLUMNS.join(', ')}) values ${Array.from({ length: count }, (_, row) => `(${LINE_COLUMNS.map((_, i) => `$${row * LINE_COLUMNS.length + i + 1}`).join(', ')})`).join(', ')}`,
  );

/** Runs `work` in one transaction on a connection of the pool (rolled back if it throws). */
async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

const app = Fastify({ logger: false });
app.put('/v2/jobs/:id/price', async (request, reply) => {
  const auth = (await keyOf(pool, [keyHashOf(request.headers.authorization)])).rows[0] as { account_id: string } | undefined;
  if (!auth) return reply.code(401).send({ error: { type: 'authentication_required' } });
  const { id } = request.params as { id: string };
  const json = await inTransaction(async (db) => {
    const row = (await jobOf(db, [auth.account_id, id])).rows[0] as Row | undefined;
    if (!row) return undefined;
    const stored = new Map(
      ((await linesOf(db, [auth.account_id, id])).rows as Array<{ match_category_id: string; value: string }>).map((line) => [
        line.match_category_id,
        line.value,
      ]),
    );
    const { quantity, changed } = changedLines(stored, request.body as PriceBody);
    for (const line of changed) await updateLine(db, [line.value, auth.account_id, id, line.id]);
    const now = new Date().toISOString();
    await updateJob(db, [String(quantity), now, auth.account_id, id]);
    const json = jobJson(
      { ...row, quantity, updated_at: now },
      [...stored].map(([category, value]) => ({ category, value })),
    );
    await insertEvent(db, [newId(), auth.account_id, 'job.updated', json, now]);
    return json;
  });
  if (json === undefined) return reply.code(404).send({ error: { type: 'not_found' } });
  return reply.type('application/json').send(json);
});
app.post('/v2/jobs', async (request, reply) => {
  const auth = (await keyOf(pool, [keyHashOf(request.headers.authorization)])).rows[0] as { account_id: string; user_id: string } | undefined;
  if (!auth) return reply.code(401).send({ error: { type: 'authentication_required' } });
  const body = request.body as CreateBody;
  const json = await inTransaction(async (db) => {
    const client = (await clientOf(db, [auth.account_id, body.client])).rows[0] as { currency: string | null } | undefined;
    if (!client) return undefined;
    const currency = body.currency ?? client.currency ?? String(template.currency);
    const price = firstPrice((await candidatesOf(db, [auth.account_id, body.service, body.quantityType, currency, body.client])).rows as CandidateEntryRow[]);
    const now = new Date().toISOString();
    const row = newJobRow(template, body, { accountId: auth.account_id, userId: auth.user_id }, client, price, now);
    await insertJob(
      db,
      jobColumns.map((column) => row[column]),
    );
    const lines = newLineValues(String(row.id), auth.account_id, price);
    if (lines.length > 0) await insertLinesOf(lines.length)(db, lines.flat());
    const json = jobJson(
      row,
      lines.map((line) => ({ category: line[1], value: line[4] })),
    );
    await insertEvent(db, [newId(), auth.account_id, 'job.created', json, now]);
    return json;
  });
  if (json === undefined) return reply.code(400).send({ error: { type: 'invalid_request' } });
  return reply.code(201).type('application/json').send(json);
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`Listening on ${address}\n`);
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
