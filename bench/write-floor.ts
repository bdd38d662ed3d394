/**
 * The storage floor of `PUT /v2/jobs/:id/price` in `npm run bench` (SQLite): a bare Fastify server
 * with better-sqlite3 on the benchmark's own database (the same tables, indexes and triggers) that
 * runs only the statements no implementation of a price edit can leave out, and nothing else:
 *
 * - the API key, looked up by its SHA-256 (docs/reference.md#authentication);
 * - in one `begin immediate` transaction: the job's row and its match lines; the lines whose value
 *   changed, and the row (quantity, updated_at); the event with the job after the change (docs/reference.md#events);
 * - the answer: that JSON.
 *
 * No validation, no price or estimation, no names, no other parts of the job, no group, no
 * response schema. It shows what the database and the framework alone allow on this machine: the
 * write target of the benchmark can be read against it (docs/performance.md, "The write floor").
 *
 * Usage: node --import tsx bench/write-floor.ts DATABASE_FILE   (prints "Listening on http://HOST:PORT")
 */
import { createHash, randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const file = process.argv[2];
if (!file) throw new Error('usage: write-floor.ts DATABASE_FILE');
const db = new Database(file);
// The server's settings (src/core/db/database.ts).
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');

const keyOf = db.prepare('select account_id from api_keys where key_hash = ? and revoked_at is null');
const jobOf = db.prepare('select * from jobs where account_id = ? and id = ?');
const linesOf = db.prepare('select match_category_id, value from job_matches where account_id = ? and job_id = ?');
const updateLine = db.prepare('update job_matches set value = ? where account_id = ? and job_id = ? and match_category_id = ?');
const updateJob = db.prepare('update jobs set quantity = ?, updated_at = ? where account_id = ? and id = ?');
const insertEvent = db.prepare('insert into events (id, account_id, type, data, created_at) values (?, ?, ?, ?, ?)');
const begin = db.prepare('begin immediate');
const commit = db.prepare('commit');
const rollback = db.prepare('rollback');

interface Body {
  matches: Array<{ id: string; value: number }>;
}

const app = Fastify({ logger: false });
app.put('/v2/jobs/:id/price', async (request, reply) => {
  const key = (request.headers.authorization ?? '').replace(/^Bearer /, '');
  const auth = keyOf.get(createHash('sha256').update(key, 'utf8').digest('hex')) as { account_id: string } | undefined;
  if (!auth) return reply.code(401).send({ error: { type: 'authentication_required' } });
  const { id } = request.params as { id: string };
  const { matches } = request.body as Body;
  begin.run();
  try {
    const row = jobOf.get(auth.account_id, id) as Record<string, unknown> | undefined;
    if (!row) {
      rollback.run();
      // eslint-disable-next-line @typescript-eslint/return-await -- a FastifyReply is thenable (it settles once sent): it is returned, as Fastify asks, not awaited
      return reply.code(404).send({ error: { type: 'not_found' } });
    }
    const stored = new Map((linesOf.all(auth.account_id, id) as Array<{ match_category_id: string; value: string }>).map((line) => [line.match_category_id, line.value]));
    let quantity = 0;
    for (const match of matches) {
      quantity += match.value;
      if (stored.get(match.id) !== String(match.value)) updateLine.run(String(match.value), auth.account_id, id, match.id);
    }
    const now = new Date().toISOString();
    updateJob.run(String(quantity), now, auth.account_id, id);
    const json = JSON.stringify({ ...row, quantity, updated_at: now, estimation: JSON.parse(String(row.estimation)) as unknown, matches: [...stored].map(([category, value]) => ({ category, value })) });
    insertEvent.run(randomBytes(12).toString('hex'), auth.account_id, 'job.updated', json, now);
    commit.run();
    // eslint-disable-next-line @typescript-eslint/return-await -- a FastifyReply is thenable (it settles once sent): it is returned, as Fastify asks, not awaited
    return reply.type('application/json').send(json);
  } catch (error) {
    if (db.inTransaction) rollback.run();
    throw error;
  }
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`Listening on ${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
