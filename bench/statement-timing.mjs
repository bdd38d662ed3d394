/**
 * Times every better-sqlite3 statement of the process (for bench/profile.ts and
 * bench/sql-timer.mjs; measurements only): time and count per SQL text.
 */
import BetterSqlite3 from 'better-sqlite3';

/** Wraps run/all/get of every statement; answers the live map of SQL text → { count, ns }. */
export function timeStatements() {
  const probe = new BetterSqlite3(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('select 1'));
  probe.close();
  const statements = new Map();
  for (const name of ['run', 'all', 'get']) {
    const original = prototype[name];
    prototype[name] = function timed(...args) {
      const started = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        const entry = statements.get(this.source) ?? { count: 0, ns: 0n };
        entry.count += 1;
        entry.ns += process.hrtime.bigint() - started;
        statements.set(this.source, entry);
      }
    };
  }
  return statements;
}

/** The statements per request, most costly first: a summary line, then one line per statement. */
export function statementReport(statements, requests, top = 25) {
  const per = Math.max(requests, 1);
  const rows = [...statements].sort((a, b) => Number(b[1].ns - a[1].ns));
  const totalNs = rows.reduce((sum, [, entry]) => sum + entry.ns, 0n);
  const totalCount = rows.reduce((sum, [, entry]) => sum + entry.count, 0);
  const lines = [`SQLite per request (${requests} requests): ${(Number(totalNs) / per / 1000).toFixed(0)} µs in ${(totalCount / per).toFixed(1)} statements`];
  for (const [sql, entry] of rows.slice(0, top)) {
    lines.push(
      `${(Number(entry.ns) / per / 1000).toFixed(1).padStart(7)} µs ${(entry.count / per).toFixed(2).padStart(5)}× ${sql.replace(/\s+/g, ' ').slice(0, 140)}`,
    );
  }
  return lines.join('\n');
}
