/**
 * The storage floors of the writes of `npm run bench` (SQLite): a bare Fastify server with
 * better-sqlite3 on the benchmark's own database (the same tables, indexes and triggers) that runs
 * only the statements no implementation of a write can leave out, and nothing else. Its twin on
 * PostgreSQL is bench/write-floor-postgres.ts; the JavaScript both run is bench/write-floor-jobs.ts.
 *
 * `PUT /v2/jobs/:id/price`:
 * - the API key, looked up by its SHA-256 (docs/reference.md#authentication);
 * - in one `begin immediate` transaction: the job's row and its match lines; the lines whose value
 *   changed, and the row (quantity, updated_at); the event with the job after the change (docs/reference.md#events);
 * - the answer: that JSON.
 *
 * `POST /v2/jobs`:
 * - the API key;
 * - in one transaction: the client (its currency); the candidate prices of the job's client,
 *   service, unit and currency with their match entries, in one statement; the row (a stored job's
 *   row, read once at start, with the request's values and the taken price); its lines (the
 *   price's entries, one statement); the event with the new job;
 * - the answer: that JSON, 201.
 *
 * No validation of other references, no price resolution beyond "the client's own price first",
 * no estimation, no names, no other parts of the job, no group, no response schema, one
 * transaction per request (no group commit). It shows what the database and the framework alone
 * allow on this machine: the writes of the benchmark are read as a share of it (docs/performance.md,
 * "The write floor").
 *
 * Usage: node --import tsx bench/write-floor.ts DATABASE_FILE   (prints "Listening on http://HOST:PORT")
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';
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

const file = process.argv[2];
if (!file) throw new Error('usage: write-floor.ts DATABASE_FILE');
const db = new Database(file);
// The server's settings (src/core/db/database.ts).
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');

const keyOf = db.prepare('select account_id, user_id from api_keys where key_hash = ? and revoked_at is null');
const jobOf = db.prepare('select * from jobs where account_id = ? and id = ?');
const linesOf = db.prepare('select match_category_id, value from job_matches where account_id = ? and job_id = ?');
const updateLine = db.prepare('update job_matches set value = ? where account_id = ? and job_id = ? and match_category_id = ?');
const updateJob = db.prepare('update jobs set quantity = ?, updated_at = ? where account_id = ? and id = ?');
const insertEvent = db.prepare('insert into events (id, account_id, type, data, created_at) values (?, ?, ?, ?, ?)');
const clientOf = db.prepare('select currency from clients where account_id = ? and id = ?');
const candidatesOf = db.prepare(`
  select p.id, p.family, p.unit_cost, p.matches_type, m.match_category_id, m.position, m.unit_cost as entry_unit_cost, m.percentage
  from prices p left join price_matches m on m.price_id = p.id
  where p.account_id = ? and p.service_id = ? and p.unit_id = ? and p.currency = ?
    and (p.family = 'client_default' or (p.family = 'client_price' and p.owner_client_id = ?))`);
const template = db.prepare('select * from jobs order by id limit 1').get() as Row;
const jobColumns = Object.keys(template);
const insertJob = db.prepare(`insert into jobs (${jobColumns.join(', ')}) values (${jobColumns.map(() => '?').join(', ')})`);
const insertLines = new Map<number, Database.Statement>();
const insertLinesOf = (count: number) => {
  let statement = insertLines.get(count);
  if (!statement) {
    const row = `(${LINE_COLUMNS.map(() => '?').join(', ')})`;
    insertLines.set(count, (statement = db.prepare(`insert into job_matches (${LINE_COLUMNS.join(', ')}) values ${Array(count).fill(row).join(', ')}`)));
  }
  return statement;
};
const begin = db.prepare('begin immediate');
const commit = db.prepare('commit');
const rollback = db.prepare('rollback');

/** Runs `work` in one transaction (rolled back if it throws). */
function inTransaction<T>(work: () => T): T {
  begin.run();
  try {
    const result = work();
    commit.run();
    return result;
  } catch (error) {
    if (db.inTransaction) rollback.run();
    throw error;
  }
}

const app = Fastify({ logger: false });
app.put('/v2/jobs/:id/price', async (request, reply) => {
  const auth = keyOf.get(keyHashOf(request.headers.authorization)) as { account_id: string } | undefined;
  if (!auth) return reply.code(401).send({ error: { type: 'authentication_required' } });
  const { id } = request.params as { id: string };
  const json = inTransaction(() => {
    const row = jobOf.get(auth.account_id, id) as Row | undefined;
    if (!row) return undefined;
    const stored = new Map(
      (linesOf.all(auth.account_id, id) as Array<{ match_category_id: string; value: string }>).map((line) => [line.match_category_id, line.value]),
    );
    const { quantity, changed } = changedLines(stored, request.body as PriceBody);
    for (const line of changed) updateLine.run(line.value, auth.account_id, id, line.id);
    const now = new Date().toISOString();
    updateJob.run(String(quantity), now, auth.account_id, id);
    const json = jobJson(
      { ...row, quantity, updated_at: now },
      [...stored].map(([category, value]) => ({ category, value })),
    );
    insertEvent.run(newId(), auth.account_id, 'job.updated', json, now);
    return json;
  });
  if (json === undefined) return reply.code(404).send({ error: { type: 'not_found' } });
  return reply.type('application/json').send(json);
});
app.post('/v2/jobs', async (request, reply) => {
  const auth = keyOf.get(keyHashOf(request.headers.authorization)) as { account_id: string; user_id: string } | undefined;
  if (!auth) return reply.code(401).send({ error: { type: 'authentication_required' } });
  const body = request.body as CreateBody;
  const json = inTransaction(() => {
    const client = clientOf.get(auth.account_id, body.client) as { currency: string | null } | undefined;
    if (!client) return undefined;
    const currency = body.currency ?? client.currency ?? String(template.currency);
    const price = firstPrice(candidatesOf.all(auth.account_id, body.service, body.quantityType, currency, body.client) as CandidateEntryRow[]);
    const now = new Date().toISOString();
    const row = newJobRow(template, body, { accountId: auth.account_id, userId: auth.user_id }, client, price, now);
    insertJob.run(...jobColumns.map((column) => row[column]));
    const lines = newLineValues(String(row.id), auth.account_id, price);
    if (lines.length > 0) insertLinesOf(lines.length).run(...lines.flat());
    const json = jobJson(
      row,
      lines.map((line) => ({ category: line[1], value: line[4] })),
    );
    insertEvent.run(newId(), auth.account_id, 'job.created', json, now);
    return json;
  });
  if (json === undefined) return reply.code(400).send({ error: { type: 'invalid_request' } });
  return reply.code(201).type('application/json').send(json);
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`Listening on ${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
