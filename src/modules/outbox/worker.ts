import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Database } from '../../core/db/database.js';
import type { DeliveryKind } from '../../core/db/schema.js';
import type { DeliveryEnv, DeliveryFeeder, DeliveryHandler, DeliveryOutcome, DeliveryRow } from './contract.js';
import { claimDue, complete, release, releaseAll, type Completion } from './claims.js';
import { nextAttemptAt } from './schedule.js';
import { onEnqueued } from './wake.js';

/**
 * The outbox's worker (docs/webhooks.md#the-outbox): claims due deliveries with a lease,
 * hands each to the handler of its kind, up to `concurrency` at once, and writes what each
 * attempt gave (in batches, one transaction each). At least once: a delivery is `pending` until
 * its attempt's result is written, so a worker that dies (kill -9) leaves it pending with a lease
 * that lapses, and a worker claims it again. Runs on the database pool, never inside a request's
 * transaction.
 */

export type DeliveryHandlers = Partial<Record<DeliveryKind, DeliveryHandler>>;

/**
 * What a kind does when the outbox gives one of its deliveries up (`failed`: retries exhausted or
 * refused for good), e.g. a document's e-mail status becomes `failed`. Never throws.
 */
export type AbandonHooks = Partial<Record<DeliveryKind, (delivery: DeliveryRow, env: DeliveryEnv) => Promise<void>>>;

export interface OutboxWorkerOptions {
  database: Database;
  config: Config;
  handlers: DeliveryHandlers;
  /** What writes the deliveries recorded compactly with their changes (webhook fan-outs), asked in order when fewer deliveries are due than there is room for. */
  feeders?: readonly DeliveryFeeder[];
  abandoned?: AbandonHooks;
  log: DeliveryEnv['log'] & { error(object: object, message: string): void };
  /** Deliveries sent at once (default 50). */
  concurrency?: number;
  /** How often the worker looks for due deliveries when nothing woke it (default 250 ms). */
  pollMs?: number;
  /** The clock (tests move it forward instead of waiting for a retry). */
  now?: () => Date;
  /** Jitter's random source (tests fix it). */
  random?: () => number;
  /**
   * Whether the process is serving requests right now (the server: a request arrived in the last
   * 50 ms). While it is, the worker sends at most `busyPerSecond` deliveries a second, so that the
   * API is not slowed by the sending; the backlog goes out at full speed once the requests stop.
   */
  busy?: () => boolean;
  /** Deliveries a second while busy (default 100). */
  busyPerSecond?: number;
}

export interface OutboxWorker {
  /** This worker's name in `locked_by`. */
  readonly id: string;
  /** Starts looking for due deliveries (and on every wake-up by an enqueue in this process). */
  start(): void;
  /** Stops claiming, waits for the attempts in flight (at most `waitMs`), writes them, gives back the leases of the rest. */
  stop(waitMs?: number): Promise<void>;
  /** Sends every delivery due now and writes the results; answers how many it attempted (tests). */
  drainOnce(): Promise<number>;
}

const FLUSH_MS = 10;
const FLUSH_BATCH = 200;
/**
 * While the process serves requests, the worker claims and writes results at most this often, in
 * batches: on SQLite every claim and every result is a write transaction of its own between the
 * requests' (grouped) commits, and many small ones slowed the requests more than the sending did.
 */
const BUSY_STEP_MS = 200;

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { database, config, handlers, log } = options;
  const concurrency = options.concurrency ?? 50;
  const pollMs = options.pollMs ?? 250;
  const now = options.now ?? (() => new Date());
  const id = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const env: DeliveryEnv = { database, config, log };
  // A claim outlives the webhook time limit (a handler that outlived it would see its delivery sent again: still at least once).
  const leaseMs = Math.max(config.outboxLeaseMs, config.webhooks.timeoutMs + 1_000);

  const inFlight = new Map<string, Promise<void>>();
  let completions: Completion[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let flushTimer: NodeJS.Timeout | undefined;
  let running = false;
  let looping = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let ready: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = undefined;
    const batch = completions;
    completions = [];
    flushing = flushing.then(() =>
      complete(database, id, batch).catch((error: unknown) => {
        // The leases lapse and the deliveries are sent again: at least once.
        log.error({ err: error, count: batch.length }, 'could not write the results of deliveries; they will be sent again');
      }),
    );
    return flushing;
  };

  const record = (delivery: DeliveryRow, startedAt: string, outcome: DeliveryOutcome) => {
    let status: Completion['status'] = 'succeeded';
    let next: string | null = null;
    if (!outcome.ok) {
      const at = outcome.retry ? nextAttemptAt(delivery.attempts + 1, now(), options.random) : null;
      status = at ? 'pending' : outcome.cancelled ? 'cancelled' : 'failed';
      next = at ? at.toISOString() : null;
    }
    if (status === 'failed') {
      const hook = options.abandoned?.[delivery.kind];
      if (hook)
        void hook(delivery, env).catch((error: unknown) => log.error({ err: error, deliveryId: delivery.id }, 'the hook of an abandoned delivery failed'));
    }
    completions.push({
      delivery,
      startedAt,
      status,
      nextAttemptAt: next,
      statusCode: outcome.statusCode,
      error: outcome.ok ? null : (outcome.error ?? 'failed').slice(0, 500),
      durationMs: Math.max(0, Math.round(outcome.durationMs)),
    });
    if (completions.length >= FLUSH_BATCH) void flush();
    else flushTimer ??= setTimeout(() => void flush(), options.busy?.() ? BUSY_STEP_MS : FLUSH_MS);
  };

  const attempt = async (delivery: DeliveryRow): Promise<void> => {
    const startedAt = now().toISOString();
    const handler = handlers[delivery.kind];
    let outcome: DeliveryOutcome;
    if (!handler) {
      outcome = { ok: false, statusCode: null, error: `no handler for deliveries of kind ${delivery.kind}`, durationMs: 0, retry: true };
    } else {
      try {
        outcome = await handler(delivery, env);
      } catch (error) {
        // A handler should not throw; if it does, the attempt failed and is retried.
        outcome = { ok: false, statusCode: null, error: error instanceof Error ? error.message : String(error), durationMs: 0, retry: true };
      }
    }
    record(delivery, startedAt, outcome);
  };

  const dispatch = (delivery: DeliveryRow) => {
    const work = attempt(delivery).finally(() => {
      inFlight.delete(delivery.id);
      if (running) wake();
    });
    inFlight.set(delivery.id, work);
  };

  /** Claims as many due deliveries as there are free places, and starts them; answers how many. */
  // While the process serves requests: a budget of deliveries, refilled at busyPerSecond (a token
  // bucket), spent a step's worth at a time (one claim every BUSY_STEP_MS at most).
  const busyPerSecond = options.busyPerSecond ?? 100;
  const busyStep = Math.max(1, Math.floor((busyPerSecond * BUSY_STEP_MS) / 1000));
  let budget = busyStep;
  let budgetAt = performance.now();
  let budgetTimer: NodeJS.Timeout | undefined;
  const allowed = (): number => {
    const free = concurrency - inFlight.size;
    if (!options.busy?.()) return free;
    const at = performance.now();
    budget = Math.min(busyStep, budget + ((at - budgetAt) / 1000) * busyPerSecond);
    budgetAt = at;
    const step = Math.min(free, busyStep);
    if (budget < step) {
      if (running) budgetTimer ??= setTimeout(() => ((budgetTimer = undefined), wake()), BUSY_STEP_MS);
      return 0;
    }
    return step;
  };

  /** Asks the feeders for up to `limit` more deliveries, due at `at`; answers how many they wrote. */
  const feed = async (limit: number, at: Date): Promise<number> => {
    let written = 0;
    for (const feeder of options.feeders ?? []) {
      if (written >= limit) break;
      try {
        written += await feeder(database, limit - written, at);
      } catch (error) {
        // What it would have written stays recorded: it is asked again at the next claim.
        log.error({ err: error }, 'could not write recorded deliveries');
      }
    }
    return written;
  };

  const claimOnce = async (): Promise<number> => {
    const free = allowed();
    if (free <= 0) return 0;
    if (options.busy?.()) budget -= free;
    const at = now();
    const until = new Date(at.getTime() + leaseMs);
    let claimed = await claimDue(database, id, free, at, until);
    // Fewer written deliveries due than places: write recorded ones (oldest events first), claim again.
    if (claimed.length < free && (await feed(free - claimed.length, at)) > 0) {
      claimed = claimed.concat(await claimDue(database, id, free - claimed.length, at, until));
    }
    for (const delivery of claimed) dispatch(delivery);
    return claimed.length;
  };

  const loop = async () => {
    if (looping || !running) return;
    looping = true;
    try {
      await ready;
      // Claim while there are due deliveries and free places; then wait for a wake-up or the poll.
      while (running && (await claimOnce()) > 0);
    } catch (error) {
      log.error({ err: error }, 'could not claim deliveries');
    } finally {
      looping = false;
    }
  };

  let wakeQueued = false;
  const wake = () => {
    if (wakeQueued || !running) return;
    wakeQueued = true;
    setImmediate(() => {
      wakeQueued = false;
      void loop();
    });
  };

  return {
    id,
    start() {
      if (running) return;
      running = true;
      // SQLite has one worker per database (docs/webhooks.md#several-processes): a lease found at start is of a worker that died.
      if (database.dialect === 'sqlite') ready = releaseAll(database).catch((error: unknown) => log.error({ err: error }, 'could not release old leases'));
      unsubscribe = onEnqueued(wake);
      pollTimer = setInterval(wake, pollMs);
      wake();
    },
    async stop(waitMs = 5_000) {
      running = false;
      unsubscribe?.();
      if (pollTimer) clearInterval(pollTimer);
      if (budgetTimer) clearTimeout(budgetTimer);
      const pending = [...inFlight.values()];
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled(pending), new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
      clearTimeout(timer);
      await flush();
      await release(database, id, [...inFlight.keys()]).catch(() => {});
    },
    async drainOnce() {
      let attempted = 0;
      for (;;) {
        const count = await claimOnce();
        attempted += count;
        if (count === 0 && inFlight.size === 0) break;
        if (count === 0 || inFlight.size >= concurrency) await Promise.race(inFlight.values());
      }
      await flush();
      return attempted;
    },
  };
}
