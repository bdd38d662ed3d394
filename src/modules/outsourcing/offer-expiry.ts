import type { Database } from '../../core/db/database.js';
import { sweepExpiredRounds } from './offer-rounds.js';

/** How often each server process looks for offer rounds that expired (docs/supplier-portal.md#offer-rounds). */
export const EXPIRY_SWEEP_MS = 60_000;

interface SweepLog {
  error(object: object, message: string): void;
}

/**
 * The periodic sweep of expired offer rounds: once a minute, `job.outsourcing.expired` for the
 * offers still pending (offer-rounds.ts sweepExpiredRounds). It reads only the partial index of
 * the rounds not swept yet, so an idle sweep costs one index look-up. Several processes may run
 * it at once: each round is swept under its job's lock and marked, so it is recorded once.
 * Answers stop(), which waits for a sweep in progress.
 */
export function startOfferExpiry(database: Database, log: SweepLog, intervalMs = EXPIRY_SWEEP_MS): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running = running.then(() => sweepExpiredRounds(database)).catch((error: unknown) => log.error({ err: error }, 'offer round expiry sweep failed'));
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
