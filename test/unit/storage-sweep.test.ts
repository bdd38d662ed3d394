import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/core/db/database.js';
import { newId } from '../../src/core/ids.js';
import { createStorage, type BlobStorage } from '../../src/core/storage/index.js';
import { createTestAccount, openTestDatabase, type TestAccount } from '../helper.js';

/**
 * The start-up sweep of the fs backend removes blobs no file row refers to (a crash between the
 * rename of an upload and its commit, or between the commit of a delete and the unlink), older than
 * the grace period, and only in a directory that belongs to this database (`.database`).
 */
let database: Database;
let drop: () => Promise<void>;
let account: TestAccount;
const dirs: string[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  account = await createTestAccount(database, 'Sweep');
});
afterAll(async () => {
  await database.close();
  await drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function newRoot(): string {
  const dir = mkdtempSync(join(tmpdir(), 'transdesk-sweep-'));
  dirs.push(dir);
  return join(dir, 'files');
}

async function* bytes(text: string): AsyncGenerator<Buffer> {
  yield Buffer.from(text);
}

const pathOf = (root: string, blobId: string) => join(root, blobId.slice(-2), blobId);

function age(root: string, blobId: string): void {
  const past = new Date(Date.now() - 2 * 3600_000);
  utimesSync(pathOf(root, blobId), past, past);
}

/** A blob with its file row, aged past the grace period. */
async function fileWithRow(storage: BlobStorage, root: string): Promise<string> {
  const blobId = await storage.put(bytes('kept'));
  await database.db
    .insertInto('files')
    .values({
      id: newId(),
      account_id: account.accountId,
      owner_type: 'client',
      owner_id: newId(),
      name: 'a.txt',
      size: 4,
      sha256: '0'.repeat(64),
      content_type: 'text/plain',
      blob_id: blobId,
      share_on_jobs: 0,
      share_with_all: 0,
      share_with_client: 0,
      outsourcing_id: null,
      portal_person_id: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  age(root, blobId);
  return blobId;
}

describe('fs storage: start-up sweep of blobs without a file row', () => {
  it('claims a new directory, then removes old blobs without a row and keeps every blob with a row and every recent one', async () => {
    const root = newRoot();
    const storage = createStorage({ kind: 'fs', path: root }, database.db);
    expect(await storage.sweep()).toBe(0);
    expect(readFileSync(join(root, '.database'), 'utf8').trim()).toBe(account.accountId);

    const kept = await fileWithRow(storage, root);
    const orphan = await storage.put(bytes('deleted row, crash before the unlink'));
    age(root, orphan);
    const recent = await storage.put(bytes('upload whose row may still come'));
    expect(await storage.count()).toBe(3);

    expect(await storage.sweep()).toBe(1);
    expect(existsSync(pathOf(root, kept))).toBe(true);
    expect(existsSync(pathOf(root, orphan))).toBe(false);
    expect(existsSync(pathOf(root, recent))).toBe(true);
    // With a zero grace period the recent blob goes too; the one with a row never does.
    expect(await storage.sweep(0)).toBe(1);
    expect(existsSync(pathOf(root, kept))).toBe(true);
    expect(await storage.count()).toBe(1);
  });

  it('claims an existing directory whose blobs all have a row (an installation before the sweep)', async () => {
    const root = newRoot();
    const storage = createStorage({ kind: 'fs', path: root }, database.db);
    const kept = await fileWithRow(storage, root);
    expect(existsSync(join(root, '.database'))).toBe(false);
    expect(await storage.sweep()).toBe(0);
    expect(readFileSync(join(root, '.database'), 'utf8').trim()).toBe(account.accountId);
    const orphan = await storage.put(bytes('orphan'));
    age(root, orphan);
    expect(await storage.sweep()).toBe(1);
    expect(existsSync(pathOf(root, kept))).toBe(true);
  });

  it('never claims a directory holding blobs of another database, and never sweeps one another database claimed', async () => {
    // Unclaimed, with a blob this database has no row for (tests sharing ./data/files).
    const shared = newRoot();
    const storage = createStorage({ kind: 'fs', path: shared }, database.db);
    const foreign = await storage.put(bytes('a file of another database'));
    age(shared, foreign);
    expect(await storage.sweep()).toBe(0);
    expect(existsSync(pathOf(shared, foreign))).toBe(true);
    expect(existsSync(join(shared, '.database'))).toBe(false);

    // Claimed by another database.
    const other = newRoot();
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, '.database'), `${newId()}\n`);
    const theirs = createStorage({ kind: 'fs', path: other }, database.db);
    const blob = await theirs.put(bytes('theirs'));
    age(other, blob);
    expect(await theirs.sweep()).toBe(0);
    expect(existsSync(pathOf(other, blob))).toBe(true);
  });

  it('does nothing on a database without accounts', async () => {
    const empty = await openTestDatabase();
    try {
      const root = newRoot();
      const storage = createStorage({ kind: 'fs', path: root }, empty.database.db);
      expect(await storage.sweep()).toBe(0);
      expect(existsSync(root)).toBe(false);
    } finally {
      await empty.database.close();
      await empty.drop();
    }
  });
});
