import { expect } from 'vitest';
import { statementReport, timeStatements } from '../bench/statement-timing.mjs';

/**
 * Counts the SQL statements one request runs (SQLite: every better-sqlite3 statement), for the
 * statement-count tests: `expectStatements(request, n)` fails softly with the statements listed
 * when the count is not n. Start it after the set-up, so that only the counted requests run.
 */
export function statementCounter() {
  const statements = timeStatements();
  return async (request: () => Promise<{ status: number }>, expected: number): Promise<void> => {
    statements.clear();
    const reply = await request();
    expect(reply.status).toBeLessThan(300);
    const count = [...statements.values()].reduce((sum, entry) => sum + entry.count, 0);
    expect.soft(count, statementReport(statements, 1, 60)).toBe(expected);
  };
}
