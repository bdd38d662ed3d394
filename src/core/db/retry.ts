import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Running a request's transaction again after PostgreSQL gave it up: `40P01` (deadlock_detected:
 * PostgreSQL rolled back one of the transactions waiting for each other) and `40001`
 * (serialization_failure). Such a transaction wrote nothing, and the work is a function of the
 * parsed request that may run again: bodies are parsed before it, upload content is stored before
 * it (and removed only when the last attempt fails), and the content of files it deletes goes only
 * after its commit (`removeDiscarded`). SQLite never reports these codes (its write transactions
 * are serialised by BEGIN IMMEDIATE). The lock order (docs/groups.md, docs/jobs.md) is what
 * prevents deadlocks; this is the safety net for one that was missed.
 */
export const TRANSACTION_ATTEMPTS = 3;

let retried = 0;

/** How many transactions this process ran again: the concurrency tests check that the lock order alone avoided every deadlock. */
export function transactionRetries(): number {
  return retried;
}

export function isTransientConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/** Runs `attempt` again (at most TRANSACTION_ATTEMPTS times in all) while it fails with a transient conflict; a few random ms between. */
export async function retryingConflicts<T>(attempt: () => Promise<T>, onRetry: (error: unknown, failed: number) => void): Promise<T> {
  for (let failed = 0; ;) {
    try {
      return await attempt();
    } catch (error) {
      failed++;
      if (failed >= TRANSACTION_ATTEMPTS || !isTransientConflict(error)) throw error;
      retried++;
      onRetry(error, failed);
      // Apart, so that the transactions that met do not meet again at once.
      await sleep(5 + Math.floor(Math.random() * 20 * failed));
    }
  }
}
