import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { openDatabase } from '../../../src/core/db/database.js';
import { migrateToLatest } from '../../../src/core/db/migrate.js';
import { IMPORT_SLICE } from '../../../src/modules/imports/runner.js';
import { Api, buildTestApp, createTestAccount, createTestApp, expectError, usingPostgres, type TestContext } from '../../helper.js';
import { sendCsv } from './fixture.js';

/**
 * A large import (docs/imports.md#large-files) does not hold the server: other requests are served
 * while it runs, and see none of its rows before its commit; it stays all or nothing across the
 * slices it yields between; at most IMPORTS_PER_ACCOUNT of one account run at once (429).
 * On SQLite the reads must go to the second connection, which only a database in a file has: this
 * file's first test opens one.
 */
const ROWS = 5_000;
const csvOf = (rows: number, prefix: string, last?: string) =>
  [
    'name,email,city',
    ...Array.from({ length: rows }, (_, i) => (i === rows - 1 && last !== undefined ? last : `${prefix} ${i + 1},c${i}@example.com,Lyon`)),
  ].join('\r\n') + '\r\n';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ IMPORTS_PER_ACCOUNT: '2' });
});
afterAll(() => t.close());

describe('a large import', () => {
  it('lets other requests through while it runs, and they see none of its rows before its commit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'transdesk-import-'));
    const database = usingPostgres ? t.database : openDatabase(`sqlite:${join(dir, 'import.sqlite')}`);
    if (!usingPostgres) await migrateToLatest(database);
    const { app } = usingPostgres ? { app: t.app } : await buildTestApp({ config: loadConfig({ RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'silent' }), database });
    const account = usingPostgres ? t.account : await createTestAccount(database, 'Importer');
    const api = new Api(app, account.apiKey);
    try {
      let done = false;
      const imported = sendCsv({ ...t, app, account }, 'clients', csvOf(ROWS, 'Large')).then((reply) => {
        done = true;
        return reply;
      });
      let served = 0;
      while (!done) {
        const listed = await api.get('/v2/clients', { q: 'Large', pageSize: 1 });
        expect(listed.status).toBe(200);
        if (!done) expect(listed.body.totalItems).toBe(0);
        served += 1;
        // Inject and SQLite answer in microtasks: the loop must leave the event loop its turns.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const reply = await imported;
      expect(reply.status, JSON.stringify(reply.body).slice(0, 300)).toBe(200);
      expect(reply.body.created).toBe(ROWS);
      // Requests answered while the import ran: one at most when it held them all.
      expect(served).toBeGreaterThan(3);
      expect((await api.get('/v2/clients', { q: 'Large', pageSize: 1 })).body.totalItems).toBe(ROWS);
    } finally {
      if (!usingPostgres) {
        await app.close();
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }, 240_000);

  it('stays all or nothing across its slices: an error in the last row writes nothing, and so does a dry run', async () => {
    const rows = IMPORT_SLICE * 3 + 1;
    const bad = await sendCsv(t, 'clients', csvOf(rows, 'Sliced', 'Sliced bad,not-an-email,Lyon'));
    expectError(bad, 400, 'parameter_invalid');
    expect(bad.body.errors).toEqual([expect.objectContaining({ row: rows, column: 'email' })]);
    const dry = await sendCsv(t, 'clients', csvOf(rows, 'Sliced'), { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.created).toBe(rows);
    expect((await t.api.get('/v2/clients', { q: 'Sliced', pageSize: 1 })).body.totalItems).toBe(0);
  }, 120_000);

  it('answers 429 past IMPORTS_PER_ACCOUNT of one account, and holds no other account', async () => {
    const csv = csvOf(IMPORT_SLICE * 4, 'Busy');
    const replies = await Promise.all([
      sendCsv(t, 'clients', csv, { dryRun: true }),
      sendCsv(t, 'clients', csv, { dryRun: true }),
      sendCsv(t, 'clients', csv, { dryRun: true }),
      sendCsv(t, 'clients', csv, { dryRun: true, apiKey: t.other.apiKey }),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 429, 200]);
    expect(replies[2].body).toMatchObject({ code: 'rate_limited', name: 'TooManyRequests' });
    const raw = await t.app.inject({ method: 'GET', url: '/health' });
    expect(raw.statusCode).toBe(200);
    // Once they ended, the account imports again.
    expect((await sendCsv(t, 'clients', csvOf(2, 'After'), { dryRun: true })).status).toBe(200);
  }, 120_000);
});
