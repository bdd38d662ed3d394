import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from './dialect.js';
import type { PolledValue } from './freshness.js';

/**
 * The signature of a polled value of the freshness manifest (freshness.ts, `polled`): the declared
 * columns of the rows that count, in id order, hashed. It differs whenever one of them changed, was
 * added or removed, by whatever wrote it: a write through the code, another process, plain SQL.
 */
export async function polledSignature(db: Executor, value: PolledValue): Promise<string> {
  const columns = ['id', ...value.columns];
  const where = value.rowWhen ? ` where ${value.rowWhen}` : '';
  const { rows } = await sql.raw<Record<string, unknown>>(`select ${columns.join(', ')} from ${value.table}${where} order by id`).execute(db);
  const hash = createHash('sha256');
  for (const row of rows) hash.update(`${JSON.stringify(columns.map((column) => row[column]))}\n`);
  return `${rows.length}.${hash.digest('hex')}`;
}

/**
 * Reads the value's signature every `intervalMs` and calls `changed` when it differs from the
 * previous one (not for the first). Answers stop().
 */
export function watchPolled(db: Executor, value: PolledValue, changed: () => void, intervalMs = 1000): () => void {
  let last: string | undefined;
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const signature = await polledSignature(db, value);
      if (last !== undefined && signature !== last) changed();
      last = signature;
    } catch {
      // The database is closing or away: the next check tries again.
    } finally {
      running = false;
    }
  };
  void check();
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
