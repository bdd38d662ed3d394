/**
 * Preloaded into a server (`node --import ./bench/sql-timer.mjs dist/cli.js serve`, or through
 * bench/load.ts): times every better-sqlite3 statement and, when the process exits, prints to
 * stderr the time and count of each per request (requests counted by the change-stamp statement,
 * one per authenticated request on SQLite). For measurements only, never in production.
 */
import { statementReport, timeStatements } from './statement-timing.mjs';

const statements = timeStatements();
process.on('exit', () => {
  const requests = [...statements].find(([sql]) => sql.startsWith('select total_changes()'))?.[1].count ?? 0;
  process.stderr.write(`${statementReport(statements, requests)}\n`);
});
