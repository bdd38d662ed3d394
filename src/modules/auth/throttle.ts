import { sql } from 'kysely';
import type { Db, DialectName, Executor } from '../../core/db/dialect.js';
import { ApiError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';

/**
 * The throttles of guesses (docs/access.md#passwords, #invitations): sign-ins and password
 * changes per e-mail, link tokens per client address. Failures are rows of `login_failures`
 * (`email_key` is the throttle's key), so every process counts the same ones. After MAX_FAILURES
 * within WINDOW_MS for one key, its attempts are refused (429) until enough of them leave the
 * window; refused attempts are not counted, so the wait never grows. Times are given (`now`,
 * milliseconds) so that tests need not wait.
 *
 * An attempt is counted **before** it is judged (`reserve`): the check and the count are one
 * step that no other request, in this process or another, can come between, so a burst sent at
 * once is judged 5 attempts at most, not as many as arrive before the first failure is written.
 * The row written is the failure; an attempt that turns out not to be one (the right password, a
 * real link) takes it back (`release`, or `clear` for all of the key's).
 */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_MAX_FAILURES = 5;

/** The first key of the PostgreSQL advisory locks of the throttle (the second is the hash of the throttled key). */
const THROTTLE_LOCK = 0x7468726f; // 'thro'

const iso = (ms: number) => new Date(ms).toISOString();

export interface AttemptThrottle {
  /** Seconds until this key may try again (0: now). */
  waitSeconds(db: Executor, key: string, now: number): Promise<number>;
  /**
   * Counts an attempt of the key, to be judged after: its id, for `release`. 429 `rate_limited`
   * with Retry-After, and nothing counted, when the key has had its failures in the window.
   * Runs on its own (never in the caller's transaction): the count holds whatever the caller does next.
   */
  reserve(db: Db, dialect: DialectName, key: string, now: number): Promise<string>;
  /** The attempt `reserve` counted was not a failure: it no longer counts. */
  release(db: Executor, attemptId: string): Promise<void>;
  /** A success: the key's failures are forgotten. */
  clear(db: Executor, key: string): Promise<void>;
}

function attemptThrottle(refusal: (waitSeconds: number) => string): AttemptThrottle {
  const throttle: AttemptThrottle = {
    async waitSeconds(db, key, now) {
      const rows = await db
        .selectFrom('login_failures')
        .select('failed_at')
        .where('email_key', '=', key)
        .where('failed_at', '>', iso(now - LOGIN_WINDOW_MS))
        .orderBy('failed_at', 'asc')
        .execute();
      if (rows.length < LOGIN_MAX_FAILURES) return 0;
      // The count falls under the limit when this failure leaves the window (the oldest one, unless more were counted since).
      const freeing = Date.parse(rows[rows.length - LOGIN_MAX_FAILURES]!.failed_at) + LOGIN_WINDOW_MS;
      // Never more than the window: an attempt that started later may have been counted first (or by a server whose clock is ahead).
      return Math.min(LOGIN_WINDOW_MS / 1000, Math.max(1, Math.ceil((freeing - now) / 1000)));
    },

    async reserve(db, dialect, key, now) {
      const id = newId();
      // One short transaction of its own. SQLite: it takes the write lock at BEGIN (BEGIN
      // IMMEDIATE), so the count and the insert are one step for every connection and process.
      // PostgreSQL: transactions run side by side, so the key's advisory lock orders them; the
      // count, read after the lock is taken, sees every attempt committed before it.
      const wait = await db.transaction().execute(async (tx) => {
        if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${THROTTLE_LOCK}, hashtext(${key}))`.execute(tx);
        const waiting = await throttle.waitSeconds(tx, key, now);
        if (waiting === 0)
          await tx
            .insertInto('login_failures')
            .values({ id, email_key: key, failed_at: iso(now) })
            .execute();
        return waiting;
      });
      if (wait > 0) throw new ApiError('rate_limited', refusal(wait), undefined, { 'Retry-After': String(wait) });
      // Failures that have left the window (of any key) are forgotten.
      await db
        .deleteFrom('login_failures')
        .where('failed_at', '<=', iso(now - LOGIN_WINDOW_MS))
        .execute();
      return id;
    },

    async release(db, attemptId) {
      await db.deleteFrom('login_failures').where('id', '=', attemptId).execute();
    },

    async clear(db, key) {
      await db.deleteFrom('login_failures').where('email_key', '=', key).execute();
    },
  };
  return throttle;
}

/** Sign-ins and password changes, by the e-mail's key (trimmed, lower case). */
export const loginThrottle = attemptThrottle((wait) => `Too many failed sign-ins for this e-mail address: try again in ${wait} seconds`);

/**
 * Link tokens that open no link, by the client's address. Its keys are `LINKS <address>`, in
 * upper case: an e-mail's key is always lower case, so no sign-in can count against an address.
 */
const links = attemptThrottle((wait) => `Too many links that open nothing were tried from this address: try again in ${wait} seconds`);
export const linkThrottle = {
  keyOf: (address: string) => `LINKS ${address}`,
  reserve: (db: Db, dialect: DialectName, address: string, now: number) => links.reserve(db, dialect, linkThrottle.keyOf(address), now),
  release: links.release,
  waitSeconds: (db: Executor, address: string, now: number) => links.waitSeconds(db, linkThrottle.keyOf(address), now),
};
