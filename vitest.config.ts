import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three projects (docs/development.md#tests, docs/console.md#tests): the server's tests (HTTP,
 * unit, reliability; on SQLite or, with DATABASE_URL, PostgreSQL), the console's component tests
 * (jsdom), and the browser tests (Chromium driving the built console against a real server).
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker less than the cores: one worker on the 2-core CI host, where
    // the tests mostly wait (for PostgreSQL, for child processes, for Chromium). Two workers there
    // took the browser tests from 626 s to 253 s and left every test passing (docs/development.md#tests).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    minWorkers: 1,
    // One process runs file after file (server and browser projects): the app is imported once per
    // worker, not once per file. Vitest 3 reads this here, not in a project's options (a project's
    // `isolate: false` alone left every file in a fresh process). With it the SQLite run went from
    // 27 to under 15 minutes on the 2-core host (docs/development.md#tests).
    poolOptions: { forks: { isolate: false } },
    projects: [
      {
        test: {
          name: 'server',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: ['test/browser/**', 'test/console/**'],
          // Gives the workers a folder for the operations' answers they see; after a run of the whole
          // suite, fails it when an operation of the OpenAPI document lacks a success or an error test.
          globalSetup: ['test/operation-answers-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each test file has its own database (an in-memory SQLite or its own PostgreSQL schema),
          // so files run in parallel.
          // Test files share nothing but the modules they import: each builds its own app and database,
          // and restores its spies. Importing the app once per worker, not once per file, takes the
          // SQLite suite from 5 min 16 s to 3 min 18 s on the 2-core host (collecting was most of it).
          isolate: false,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'components',
          include: ['test/console/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Threads, each file in a fresh context: the forks below share a process between files.
          pool: 'threads',
          setupFiles: ['test/console/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          // Each file starts its own server on SQLite and its own Chromium.
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page answers in well under a second alone, but in CI's parallel run (two browser files and
          // the server's tests beside them) a first paint has taken longer than expect.poll's 1 s
          // default; 10 s, as the harness's `eventually`, still fails a page that never gets there.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
