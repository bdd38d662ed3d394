/**
 * Wakes this process's workers soon after a delivery is enqueued, instead of at their next poll.
 * The enqueue runs inside the change's transaction, which commits a moment later: the wake-up
 * comes a little after (a worker that looks before the commit finds nothing and looks again at
 * its poll).
 */
const listeners = new Set<() => void>();
let scheduled = false;
const AFTER_COMMIT_MS = 15;

/** Calls `listener` after each enqueue (at most once per 15 ms); answers the unsubscription. */
export function onEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function enqueued(): void {
  if (scheduled || listeners.size === 0) return;
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    for (const listener of listeners) listener();
  }, AFTER_COMMIT_MS).unref();
}
