/**
 * When a failed delivery is tried again (docs/webhooks.md#retries): the wait after each
 * failed attempt, in order; after the last wait's attempt fails, the delivery is `failed`. Thirteen
 * attempts over about three days (3 d 5 h 35 min without jitter).
 */
export const RETRY_WAITS_MS: readonly number[] = [
  5_000, // 5 s
  5 * 60_000, // 5 min
  30 * 60_000, // 30 min
  2 * 3_600_000, // 2 h
  5 * 3_600_000, // 5 h
  10 * 3_600_000, // 10 h, seven times
  10 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** Every wait is spread by up to this fraction either way, so that the retries of one outage do not all come back at once. */
export const JITTER = 0.1;

/** The attempts a delivery gets in all. */
export const MAX_ATTEMPTS = RETRY_WAITS_MS.length + 1;

/**
 * The time of the next attempt after `attempts` attempts failed (1 after the first), or null when
 * none is left. `random` in [0, 1) (tests pass their own).
 */
export function nextAttemptAt(attempts: number, now: Date, random: () => number = Math.random): Date | null {
  const wait = RETRY_WAITS_MS[attempts - 1];
  if (wait === undefined) return null;
  const spread = 1 + JITTER * (2 * random() - 1);
  return new Date(now.getTime() + Math.round(wait * spread));
}
