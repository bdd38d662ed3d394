import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, open, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type * as tarModule from 'tar';
import { lazyModule } from '../../core/lazy-module.js';
import type { Config } from '../../config.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  DATABASE_NAME,
  FILES_DIR,
  HAS_SUPPLIER_INVOICES_SQL,
  MANIFEST_NAME,
  blobPath,
  sqliteFileOf,
  storedBlobsSql,
  type BackupManifest,
} from './layout.js';

const tar = lazyModule<typeof tarModule>('tar');

/** Copies of the database made before giving up, when files keep disappearing under it (see below). */
const ATTEMPTS = 5;

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
}

/**
 * `transdesk backup FILE`: an online, consistent copy of a SQLite database and of the file
 * content it refers to, in one archive (layout.ts), while servers keep running.
 *
 * The database is copied through SQLite's backup API in one step: the copy is one snapshot of the
 * database as of one moment, taken under a read lock that never blocks writers (WAL). Then the
 * content of every file the copy refers to is added (hard links where the archive's folder is on
 * the storage's file system, copies otherwise). Stored content never changes and a blob id is never
 * reused, so a blob found is the one the copy refers to. A blob can only have gone if its file was
 * deleted after the snapshot; then the database is copied again (the new copy no longer has that
 * file), keeping the blobs gathered so far, up to ATTEMPTS times. Blobs the final copy does not
 * refer to are left out.
 *
 * The archive is written under a temporary name beside FILE, flushed, then renamed: FILE is either
 * a complete backup or absent (or the previous one, with `force`).
 */
export async function createBackup(config: Config, file: string, options: { force?: boolean } = {}): Promise<BackupResult> {
  const databaseFile = sqliteFileOf(config, 'backup');
  if (!existsSync(databaseFile)) throw new BackupError(`there is no database at ${databaseFile} (DATABASE_URL)`);
  const target = resolve(file);
  if (existsSync(target) && !options.force) throw new BackupError(`${file} exists already; give --force to replace it`);
  if (!existsSync(dirname(target))) throw new BackupError(`the folder ${dirname(target)} does not exist: create it first`);
  const staging = await mkdtemp(join(dirname(target), `.${basename(target)}.tmp-`));
  try {
    const storageRoot = config.fileStorage.kind === 'fs' ? resolve(config.fileStorage.path) : undefined;
    const manifest = await snapshot(databaseFile, storageRoot, staging);
    await writeFile(join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
    try {
      await tar().create({ file: partial, cwd: staging, gzip: /\.(t?gz)$/i.test(target), portable: true }, [
        MANIFEST_NAME,
        DATABASE_NAME,
        ...(storageRoot ? [FILES_DIR] : []),
      ]);
      await flush(partial);
      await rename(partial, target);
      await flush(dirname(target));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { file: target, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Copies the database into `staging`, with the blobs it refers to; answers the manifest. */
async function snapshot(databaseFile: string, storageRoot: string | undefined, staging: string): Promise<BackupManifest> {
  const databaseCopy = join(staging, DATABASE_NAME);
  const filesDir = join(staging, FILES_DIR);
  const gathered = new Set<string>();
  const source = new BetterSqlite3(databaseFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    for (let attempt = 1; ; attempt += 1) {
      const createdAt = new Date().toISOString();
      await rm(databaseCopy, { force: true });
      // Every page in one step (better-sqlite3's first step copies none; its progress callback
      // sets the next step's size): a step holds one read transaction, so the copy is one
      // snapshot, and writers in WAL mode are not held up by it.
      await source.backup(databaseCopy, { progress: () => 0x7fffffff });
      const copied = new BetterSqlite3(databaseCopy, { fileMustExist: true });
      let blobs: Array<{ blob_id: string; size: number }>;
      let facts: Pick<BackupManifest, 'migrations' | 'accounts'>;
      try {
        // One file, with no -wal beside it, for the archive.
        copied.pragma('journal_mode = DELETE');
        const check = copied.pragma('integrity_check', { simple: true });
        if (check !== 'ok') throw new Error(`the copy of the database failed its integrity check: ${String(check)}`);
        blobs = copied.prepare(storedBlobsSql(copied.prepare(HAS_SUPPLIER_INVOICES_SQL).get() !== undefined)).all() as typeof blobs;
        facts = {
          migrations: copied.prepare('select name from kysely_migration order by name').pluck().all() as string[],
          accounts: copied.prepare('select count(*) from accounts').pluck().get() as number,
        };
      } finally {
        copied.close();
      }
      const fileBytes = blobs.reduce((sum, blob) => sum + blob.size, 0);
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt,
        database: 'sqlite',
        fileStorage: storageRoot ? 'fs' : 'db',
        ...facts,
        files: blobs.length,
        fileBytes,
      };
      if (!storageRoot) return manifest;
      await mkdir(filesDir, { recursive: true });
      const wanted = new Set(blobs.map((blob) => blob.blob_id));
      const gone: string[] = [];
      for (const blobId of wanted) {
        if (gathered.has(blobId)) continue;
        if (await gather(blobPath(storageRoot, blobId), blobPath(filesDir, blobId))) gathered.add(blobId);
        else gone.push(blobId);
      }
      if (gone.length === 0) {
        for (const blobId of gathered) if (!wanted.has(blobId)) await unlink(blobPath(filesDir, blobId));
        return manifest;
      }
      if (attempt === ATTEMPTS) {
        throw new BackupError(
          `the content of ${gone.length} file(s) disappeared while copying, ${ATTEMPTS} times in a row (first: blob ${gone[0]} in ${storageRoot}); files are being deleted very fast, or the storage folder is not FILE_STORAGE's: try again`,
        );
      }
    }
  } finally {
    source.close();
  }
}

/** Hard-links (or copies) one stored blob into the archive's folder; false when it is not there. */
async function gather(from: string, to: string): Promise<boolean> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await link(from, to);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    if (code === 'EEXIST') return true;
    // Another file system, or links not allowed there: a copy (which also fails on ENOENT).
  }
  try {
    await copyFile(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** fsync of a file or folder, so that the rename that follows (or came before) survives a crash. */
async function flush(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } catch {
    // Some platforms cannot sync a folder.
  } finally {
    await handle.close();
  }
}

/** How many blob files are in an `fs` storage folder (for messages). */
export async function countStoredBlobs(root: string): Promise<number> {
  let count = 0;
  for (const dir of await readdir(root).catch(() => [] as string[])) {
    if (!/^[0-9a-f]{2}$/.test(dir)) continue;
    const path = join(root, dir);
    if (!(await stat(path)).isDirectory()) continue;
    count += (await readdir(path)).filter((name) => /^[0-9a-f]{24}$/.test(name)).length;
  }
  return count;
}
