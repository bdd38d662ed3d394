import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type * as tarModule from 'tar';
import { lazyModule } from '../../core/lazy-module.js';
import type { Config } from '../../config.js';
import { migrationNames } from '../../core/db/migrate.js';
import { countStoredBlobs } from './backup.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  DATABASE_NAME,
  FILES_DIR,
  HAS_SUPPLIER_INVOICES_SQL,
  MANIFEST_NAME,
  blobPath,
  isBackupEntry,
  sqliteFileOf,
  storedBlobsSql,
  type BackupManifest,
} from './layout.js';

const tar = lazyModule<typeof tarModule>('tar');

export interface RestoreResult {
  manifest: BackupManifest;
  databaseFile: string;
}

/**
 * `transdesk restore FILE`: puts a backup (backup.ts) in place of the configured SQLite database
 * and `fs` storage folder. Into a fresh data folder by default: a database that has any account,
 * or a storage folder holding any file, is refused unless `force` (then both are replaced: the
 * stored files the restored database does not refer to are removed).
 *
 * Nothing is put in place before the whole archive has been checked: only the entries a backup
 * has (plain files and folders, no links, no other names), its manifest, SQLite's integrity
 * and foreign-key checks on the database, migrations this version knows (a newer version's
 * backup is refused), and the size and SHA-256 of every file's content against the database's
 * `files` rows. Then the file content is moved into the storage folder, and the database is
 * written into place through SQLite's backup API (which takes SQLite's locks, so it never
 * mixes with a half-written page), and checked again there.
 */
export async function restoreBackup(config: Config, file: string, options: { force?: boolean } = {}): Promise<RestoreResult> {
  const databaseFile = sqliteFileOf(config, 'restore');
  const archive = resolve(file);
  if (!existsSync(archive)) throw new BackupError(`there is no backup at ${file}`);
  const storageRoot = config.fileStorage.kind === 'fs' ? resolve(config.fileStorage.path) : undefined;
  if (!options.force) await refuseExisting(databaseFile, storageRoot);

  await mkdir(dirname(databaseFile), { recursive: true });
  const staging = await mkdtemp(join(dirname(databaseFile), '.transdesk-restore-'));
  try {
    const manifest = await unpack(archive, staging);
    if (manifest.fileStorage !== (storageRoot ? 'fs' : 'db')) {
      throw new BackupError(
        manifest.fileStorage === 'fs'
          ? 'this backup keeps file content beside the database: set FILE_STORAGE=fs:PATH (a folder for it) to restore it'
          : 'this backup keeps file content inside the database: set FILE_STORAGE=db to restore it',
      );
    }
    const blobs = checkDatabase(join(staging, DATABASE_NAME));
    if (storageRoot) await checkBlobs(join(staging, FILES_DIR), blobs);

    if (storageRoot) await moveBlobs(join(staging, FILES_DIR), storageRoot, blobs);
    await install(join(staging, DATABASE_NAME), databaseFile);
    if (storageRoot && options.force) await removeOthers(storageRoot, new Set(blobs.map((blob) => blob.blob_id)));
    return { manifest, databaseFile };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** A restore without `force` goes into an empty place only. */
async function refuseExisting(databaseFile: string, storageRoot: string | undefined): Promise<void> {
  if (existsSync(databaseFile)) {
    const existing = new BetterSqlite3(databaseFile, { readonly: true, fileMustExist: true });
    try {
      const hasAccounts = existing.prepare("select 1 from sqlite_master where type = 'table' and name = 'accounts'").get();
      const accounts = hasAccounts ? (existing.prepare('select count(*) from accounts').pluck().get() as number) : 0;
      if (accounts > 0)
        throw new BackupError(
          `the database ${databaseFile} has ${accounts} account(s): restore into a fresh DATABASE_URL, or give --force to replace it (stop the servers first)`,
        );
    } finally {
      existing.close();
    }
  }
  const stored = storageRoot ? await countStoredBlobs(storageRoot) : 0;
  if (stored > 0)
    throw new BackupError(
      `the storage folder ${storageRoot} holds ${stored} file(s): restore into a fresh FILE_STORAGE folder, or give --force to replace them`,
    );
}

/** Extracts the archive into `staging`, refusing anything a backup does not hold; answers the manifest. */
async function unpack(archive: string, staging: string): Promise<BackupManifest> {
  const refused: string[] = [];
  try {
    await tar().extract({
      file: archive,
      cwd: staging,
      strict: true,
      preserveOwner: false,
      filter: (path, entry) => {
        const type = 'type' in entry ? entry.type : 'File';
        const ok = isBackupEntry(path, type);
        if (!ok && refused.length < 5) refused.push(`${path} (${type})`);
        return ok;
      },
    });
  } catch (error) {
    throw new BackupError(`${archive} is not a readable backup archive: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (refused.length > 0) throw new BackupError(`${archive} is not a Transdesk backup: it holds ${refused.join(', ')}`);
  // What the archive says, unchecked until the format and version match.
  let manifest: { [K in keyof BackupManifest]?: unknown } | null;
  try {
    manifest = JSON.parse(await readFile(join(staging, MANIFEST_NAME), 'utf8')) as typeof manifest;
  } catch {
    throw new BackupError(`${archive} is not a Transdesk backup: no readable ${MANIFEST_NAME}`);
  }
  if (manifest?.format !== BACKUP_FORMAT) throw new BackupError(`${archive} is not a Transdesk backup (${MANIFEST_NAME} has no format "${BACKUP_FORMAT}")`);
  if (manifest.version !== BACKUP_VERSION)
    throw new BackupError(`${archive} is a backup of format version ${String(manifest.version)}; this version of Transdesk reads version ${BACKUP_VERSION}`);
  if (!existsSync(join(staging, DATABASE_NAME))) throw new BackupError(`${archive} holds no ${DATABASE_NAME}`);
  return manifest as BackupManifest;
}

type Blob = { blob_id: string; size: number; sha256: string };

/** SQLite's own checks and the migrations; answers the blobs the database refers to. */
function checkDatabase(path: string): Blob[] {
  let copy: BetterSqlite3.Database;
  try {
    copy = new BetterSqlite3(path, { fileMustExist: true });
  } catch (error) {
    throw new BackupError(`the database in the backup cannot be opened: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    let problems: unknown[];
    try {
      problems = copy.pragma('integrity_check') as unknown[];
    } catch (error) {
      throw new BackupError(`the database in the backup is damaged: ${error instanceof Error ? error.message : String(error)}`);
    }
    const first = (problems[0] as { integrity_check?: string } | undefined)?.integrity_check;
    if (problems.length !== 1 || first !== 'ok')
      throw new BackupError(`the database in the backup is damaged: ${String(first)}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`);
    const dangling = copy.pragma('foreign_key_check') as unknown[];
    if (dangling.length > 0) throw new BackupError(`the database in the backup has ${dangling.length} row(s) whose references are missing`);
    const known = new Set(migrationNames());
    const applied = copy.prepare('select name from kysely_migration').pluck().all() as string[];
    const unknown = applied.filter((name) => !known.has(name));
    if (unknown.length > 0)
      throw new BackupError(`the backup was made by a newer version of Transdesk (migration ${unknown[0]}): upgrade Transdesk first, then restore`);
    return copy.prepare(storedBlobsSql(copy.prepare(HAS_SUPPLIER_INVOICES_SQL).get() !== undefined)).all() as Blob[];
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`the database in the backup is not a Transdesk database: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    copy.close();
  }
}

/** Every file's content is there, with the size and SHA-256 its row records. */
async function checkBlobs(filesDir: string, blobs: Blob[]): Promise<void> {
  for (const blob of blobs) {
    const path = blobPath(filesDir, blob.blob_id);
    const size = await stat(path).then(
      (info) => info.size,
      () => undefined,
    );
    if (size === undefined) throw new BackupError(`the backup lacks the content of a file (blob ${blob.blob_id})`);
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    const sha256 = hash.digest('hex');
    if (size !== Number(blob.size) || sha256 !== blob.sha256)
      throw new BackupError(
        `the content of a file in the backup is damaged (blob ${blob.blob_id}: ${size} bytes, SHA-256 ${sha256}; expected ${blob.size} bytes, ${blob.sha256})`,
      );
  }
}

/** Into the storage folder, in its layout (a rename where the folder is on the same file system). */
async function moveBlobs(filesDir: string, storageRoot: string, blobs: Blob[]): Promise<void> {
  for (const blob of blobs) {
    const from = blobPath(filesDir, blob.blob_id);
    const to = blobPath(storageRoot, blob.blob_id);
    await mkdir(dirname(to), { recursive: true });
    try {
      await rename(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(from, to);
    }
  }
}

/** Writes the checked copy into the database file through SQLite, then checks it there. */
async function install(copyPath: string, databaseFile: string): Promise<void> {
  const copy = new BetterSqlite3(copyPath, { fileMustExist: true });
  try {
    await copy.backup(databaseFile, { progress: () => 0x7fffffff });
  } finally {
    copy.close();
  }
  const installed = new BetterSqlite3(databaseFile, { fileMustExist: true });
  try {
    installed.pragma('journal_mode = WAL');
    const check = installed.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`the restored database at ${databaseFile} failed its integrity check: ${String(check)}`);
  } finally {
    installed.close();
  }
}

/** With `force`: stored content the restored database does not refer to (the replaced data's) goes. */
async function removeOthers(storageRoot: string, keep: Set<string>): Promise<void> {
  for (const dir of await readdir(storageRoot).catch(() => [] as string[])) {
    if (!/^[0-9a-f]{2}$/.test(dir)) continue;
    for (const name of await readdir(join(storageRoot, dir)).catch(() => [] as string[])) {
      if (!keep.has(name)) await unlink(join(storageRoot, dir, name)).catch(() => {});
    }
  }
  // The folder now belongs to the restored database; the server's start-up sweep claims it again.
  await rm(join(storageRoot, '.database'), { force: true });
}
