import type pg from 'pg';

/**
 * PostgreSQL: the SQL of prepared queries (prepared.ts) runs as named prepared statements, parsed
 * and planned once per connection instead of on every execution (docs/performance.md). Kysely sends every
 * query unnamed, so PostgreSQL parsed and planned each one again: the job row with the names it
 * references took 1.36 ms a query, of which 0.2 ms execution; named, 0.18 ms.
 *
 * Only texts registered here are named: the shapes of prepared queries, a bounded set. Each text
 * gets its own name for the life of the process (node-pg refuses a name reused for another text),
 * and every connection of the pool prepares it at its first use. PostgreSQL re-plans a prepared
 * statement by itself when a table it reads changes (DDL, statistics), as long as its result
 * columns stay the same: prepared queries name their columns (columns.ts), so a column another
 * process adds does not break them. A failure with 0A000 is not retried: it means a column read
 * changed type or went away, which the running version cannot follow (docs/operations.md#upgrades).
 */
const MAX_NAMED = 2000;
const names = new Map<string, string>();

/** Marks a query text as one to run as a named statement (a shape of a prepared query). */
export function nameStatement(sql: string): void {
  if (names.size < MAX_NAMED && !names.has(sql)) names.set(sql, `transdesk_${names.size + 1}`);
}

/** The name of a registered text, or undefined (then it runs unnamed). */
export function statementName(sql: string): string | undefined {
  return names.get(sql);
}

/** Makes the clients of the pool send registered texts as named statements. */
export function nameStatementsOf(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    // Kysely calls query(text, values); cursors and configs pass through unchanged.
    client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
      if (typeof config === 'string' && Array.isArray(values) && callback === undefined) {
        const name = names.get(config);
        if (name !== undefined) return query({ name, text: config, values });
      }
      return callback === undefined ? (values === undefined ? query(config) : query(config, values)) : query(config, values, callback);
    }) as typeof client.query;
  });
}
