import type { Executor } from '../../core/db/dialect.js';
import { ApiError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';

/**
 * The sign-in throttle (docs/access.md#passwords): failures are rows of `login_failures`, so every
 * process counts the same ones. After MAX_FAILURES within WINDOW_MS for one e-mail, its sign-ins
 * are refused (429) until enough of them leave the window; refused attempts are not counted, so
 * the wait never grows. Times are given (`now`, milliseconds) so that tests need not wait.
 */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_MAX_FAILURES = 5;

const iso = (ms: number) => new Date(ms).toISOString();

export const loginThrottle = {
  /** Seconds until this e-mail may try again (0: now). */
  async waitSeconds(db: Executor, emailKey: string, now: number): Promise<number> {
    const rows = await db
      .selectFrom('login_failures')
      .select('failed_at')
      .where('email_key', '=', emailKey)
      .where('failed_at', '>', iso(now - LOGIN_WINDOW_MS))
      .orderBy('failed_at', 'asc')
      .execute();
    if (rows.length < LOGIN_MAX_FAILURES) return 0;
    // The count falls under the limit when this failure leaves the window (the oldest one, unless racing attempts added more).
    const freeing = Date.parse(rows[rows.length - LOGIN_MAX_FAILURES]!.failed_at) + LOGIN_WINDOW_MS;
    return Math.max(1, Math.ceil((freeing - now) / 1000));
  },

  /** 429 `rate_limited` with Retry-After while the e-mail is throttled. */
  async check(db: Executor, emailKey: string, now: number): Promise<void> {
    const wait = await this.waitSeconds(db, emailKey, now);
    if (wait > 0) {
      throw new ApiError('rate_limited', `Too many failed sign-ins for this e-mail address: try again in ${wait} seconds`, undefined, {
        'Retry-After': String(wait),
      });
    }
  },

  /** Counts a failure, and forgets every failure that has left the window (of any e-mail). */
  async fail(db: Executor, emailKey: string, now: number): Promise<void> {
    await db
      .insertInto('login_failures')
      .values({ id: newId(), email_key: emailKey, failed_at: iso(now) })
      .execute();
    await db
      .deleteFrom('login_failures')
      .where('failed_at', '<=', iso(now - LOGIN_WINDOW_MS))
      .execute();
  },

  /** A success: the e-mail's failures are forgotten. */
  async clear(db: Executor, emailKey: string): Promise<void> {
    await db.deleteFrom('login_failures').where('email_key', '=', emailKey).execute();
  },
};
