/**
 * Preloaded into a server (`node --import ./bench/sql-timer.mjs dist/cli.js serve`, or through
 * bench/load.ts): times every better-sqlite3 statement and, when the process exits, prints to
 * stderr the time and count of each per request (requests counted by the change-stamp statement,
 * one per authenticated request on SQLite). For measurements only, never in production.
 */
import BetterSqlite3 from 'better-sqlite3';

const probe = new BetterSqlite3(':memory:');
const prototype = Object.getPrototypeOf(probe.prepare('select 1'));
probe.close();
const statements = new Map();
let requests = 0;
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
      if (this.source.startsWith('select total_changes()')) requests += 1;
    }
  };
}
process.on('exit', () => {
  const rows = [...statements].sort((a, b) => Number(b[1].ns - a[1].ns));
  const total = rows.reduce((sum, [, entry]) => sum + entry.ns, 0n);
  const per = Math.max(requests, 1);
  process.stderr.write(`SQLite per request (${requests} requests): ${(Number(total) / per / 1000).toFixed(0)} µs\n`);
  for (const [sql, entry] of rows.slice(0, 25)) {
    process.stderr.write(`${(Number(entry.ns) / per / 1000).toFixed(1).padStart(7)} µs ${(entry.count / per).toFixed(2).padStart(5)}× ${sql.replace(/\s+/g, ' ').slice(0, 140)}\n`);
  }
});
