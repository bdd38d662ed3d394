/**
 * Back to the event loop: the timers, sockets and requests waiting run before the caller goes on.
 *
 * Why long work needs it: on SQLite every statement is synchronous underneath (better-sqlite3), so
 * an `await` of a query resolves in microtasks, which run before any I/O; a loop of awaited
 * queries (a CSV export's steps, an import's rows) never lets another request in until it ends.
 * `setImmediate` runs after the I/O callbacks waiting, so each slice of such work holds the others
 * for the slice only.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
