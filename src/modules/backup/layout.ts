import { isAbsolute, join, resolve } from 'node:path';
import type { Config } from '../../config.js';

/**
 * What a backup archive holds (a tar file, gzipped when its name ends in `.gz` or `.tgz`):
 *
 * - `manifest.json`: what made it and what it holds (BackupManifest);
 * - `database.sqlite`: a consistent copy of the SQLite database, in rollback-journal mode (one
 *   self-contained file);
 * - `files/<xx>/<blob id>`: with `FILE_STORAGE=fs:…`, the content of every file the copied
 *   database refers to, in the storage's own layout. With `FILE_STORAGE=db` the content is inside
 *   the database copy and there is no `files/` folder.
 *
 * Nothing else: a restore refuses any other entry, and any entry that is not a plain file or folder.
 */
export const MANIFEST_NAME = 'manifest.json';
export const DATABASE_NAME = 'database.sqlite';
export const FILES_DIR = 'files';
export const BACKUP_FORMAT = 'transdesk-backup';
export const BACKUP_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** When the database was copied (ISO). */
  createdAt: string;
  database: 'sqlite';
  /** Where the file content is: beside the database (`fs`) or inside it (`db`). */
  fileStorage: 'fs' | 'db';
  /** The migrations the copied database had applied. */
  migrations: string[];
  accounts: number;
  /** Stored blobs the database refers to (files, and supplier invoices' PDFs), and the bytes of their content. */
  files: number;
  fileBytes: number;
}

const BLOB_ENTRY = /^files\/[0-9a-f]{2}\/[0-9a-f]{24}$/;
const FOLDER_ENTRY = /^files(\/[0-9a-f]{2})?\/?$/;

/** Whether an archive entry (its path as tar gives it, folders with or without a final `/`) belongs in a backup. */
export function isBackupEntry(path: string, type: string): boolean {
  const name = path.replace(/^\.\//, '');
  if (type === 'Directory') return FOLDER_ENTRY.test(name);
  if (type !== 'File' && type !== 'OldFile' && type !== 'ContiguousFile') return false;
  return name === MANIFEST_NAME || name === DATABASE_NAME || BLOB_ENTRY.test(name);
}

/** `files/<last two hex digits>/<blob id>`: where a blob is, in an archive and in the `fs` storage (under its root). */
export function blobPath(root: string, blobId: string): string {
  return join(root, blobId.slice(-2), blobId);
}

/** A command that cannot be done with this configuration or these files (the CLI exits 1 with the message). */
export class BackupError extends Error {}

/** The SQLite file of the configuration, or a BackupError saying what to do on PostgreSQL. */
export function sqliteFileOf(config: Config, command: 'backup' | 'restore'): string {
  if (!config.databaseUrl.startsWith('sqlite:')) {
    const files =
      config.fileStorage.kind === 'fs'
        ? ` File content is outside the database (FILE_STORAGE=fs:${config.fileStorage.path}): copy that folder too, after the dump${command === 'restore' ? ', back into place' : ''}.`
        : ' File content is in the database (FILE_STORAGE=db), so the dump includes it.';
    const how =
      command === 'backup'
        ? 'On PostgreSQL, back up with pg_dump, which copies a running database consistently: pg_dump --format=custom --file=transdesk.dump "$DATABASE_URL".'
        : 'On PostgreSQL, restore a pg_dump archive with pg_restore into a new, empty database: createdb transdesk && pg_restore --no-owner --dbname="$DATABASE_URL" transdesk.dump.';
    throw new BackupError(`${command} works on SQLite only. ${how}${files} See docs/operations.md, "Backup and restore".`);
  }
  const path = config.databaseUrl.slice('sqlite:'.length);
  if (path === '' || path === ':memory:') throw new BackupError('DATABASE_URL names an in-memory SQLite database: there is nothing to back up or restore into');
  return isAbsolute(path) ? path : resolve(path);
}

/**
 * The SQL of every stored blob a database refers to, with its size and SHA-256, by blob id: the
 * files' content, and the PDFs of supplier invoices (docs/supplier-invoices.md#the-pdf), which have
 * no file row. A database from before `0044_supplier_invoices` has files only.
 */
export function storedBlobsSql(hasSupplierInvoices: boolean): string {
  const files = 'select blob_id, size, sha256 from files';
  return hasSupplierInvoices
    ? `${files} union all select pdf_blob_id as blob_id, pdf_size as size, pdf_sha256 as sha256 from supplier_invoices order by blob_id`
    : `${files} order by blob_id`;
}

/** The statement that tells whether a database has the supplier invoices' table. */
export const HAS_SUPPLIER_INVOICES_SQL = "select 1 from sqlite_master where type = 'table' and name = 'supplier_invoices'";
