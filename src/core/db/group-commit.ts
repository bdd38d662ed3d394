import { sql, type Kysely, type KyselyPlugin, type Transaction } from 'kysely';
import type { DB } from './schema.js';

/**
 * Group commit (SQLite, docs/performance.md#group-commit-sqlite): the write transactions of requests that wait for the database
 * together are committed together.
 *
 * SQLite has one writer. Each request's transaction already waited for the one before it; its
 * commit (writing the changed pages to the WAL) was a sixth of a price edit. Here the requests
 * waiting when the connection becomes free run one after another inside one transaction, each in
 * a savepoint of its own:
 *
 * - a request that fails is rolled back to its savepoint, alone: its writes are all or nothing,
 *   as in a transaction of its own, and the others go on;
 * - no request is answered before the commit: when the commit fails, every request of the batch
 *   fails with it, and nothing of them is stored;
 * - each request sees the writes of the requests before it in the batch, as it would have seen
 *   them committed.
 *
 * Reads outside transactions wait for the connection as before (Kysely's SQLite driver holds it
 * for the whole transaction), so they never see a batch before its commit. PostgreSQL does not
 * use this: its transactions run concurrently.
 */

/** The most requests in one batch: the first waits for the others before its answer. */
export const MAX_BATCH = 16;

type Work = (db: Transaction<DB>) => Promise<unknown>;

interface Waiting {
  work: Work;
  resolve(outcome: { value: unknown; db: Transaction<DB> }): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown; db: Transaction<DB> } | { ok: false; error: unknown };

/** Changes nothing: `withPlugin` of it gives each request a handle of its own on the shared transaction. */
const OWN_HANDLE: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => args.result,
};

let batches = 0;
let batched = 0;

/** Batches committed and requests in them, by this process (the tests check that batches form). */
export function groupCommitStats(): { batches: number; requests: number } {
  return { batches, requests: batched };
}

export interface GroupCommit {
  /**
   * Runs `work` in the next batch; resolves after the batch committed, with the work's value and
   * the handle it ran on (distinct per request: what a request notes on its handle, such as file
   * content to remove after the commit, stays its own).
   */
  run<T>(work: (db: Transaction<DB>) => Promise<T>): Promise<{ value: T; db: Transaction<DB> }>;
}

export function groupCommit(db: Kysely<DB>): GroupCommit {
  const queue: Waiting[] = [];
  let draining = false;

  async function runBatch(): Promise<void> {
    let batch: Waiting[] | undefined;
    const outcomes: Outcome[] = [];
    try {
      await db.transaction().execute(async (tx) => {
        // Taken once the connection is free: the requests that arrived meanwhile join.
        batch = queue.splice(0, MAX_BATCH);
        for (const waiting of batch) {
          const own = tx.withPlugin(OWN_HANDLE);
          if (batch.length === 1) {
            // Alone: the transaction is its own, and a failure rolls all of it back (no savepoint).
            outcomes.push({ ok: true, value: await waiting.work(own), db: own });
            continue;
          }
          await sql`savepoint request`.execute(tx);
          try {
            const value = await waiting.work(own);
            await sql`release request`.execute(tx);
            outcomes.push({ ok: true, value, db: own });
          } catch (error) {
            // These two fail only when SQLite ended the whole transaction (an I/O error): then the
            // whole batch fails with that error.
            await sql`rollback to request`.execute(tx);
            await sql`release request`.execute(tx);
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      // The batch, or, when the transaction could not even begin (the database busy past its
      // timeout), the requests that would have formed it.
      for (const waiting of batch ?? queue.splice(0, MAX_BATCH)) waiting.reject(error);
      return;
    }
    batch = batch!;
    batches++;
    batched += batch.length;
    batch.forEach((waiting, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) waiting.resolve({ value: outcome.value, db: outcome.db });
      else waiting.reject(outcome.error);
    });
  }

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) await runBatch();
    } finally {
      draining = false;
    }
  }

  return {
    run<T>(work: (db: Transaction<DB>) => Promise<T>) {
      return new Promise<{ value: T; db: Transaction<DB> }>((resolve, reject) => {
        queue.push({ work, resolve: resolve as Waiting['resolve'], reject });
        if (draining) return;
        draining = true;
        // A request runs to its commit without going back to the event loop (every statement is
        // synchronous underneath): the batch starts after the requests that arrived with this one
        // (this turn of the event loop) have reached this point too.
        setImmediate(() => void drain());
      });
    },
  };
}
