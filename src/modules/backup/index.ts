/** `transdesk backup` and `transdesk restore` (SQLite; PostgreSQL is backed up with pg_dump). */
export { createBackup, type BackupResult } from './backup.js';
export { restoreBackup, type RestoreResult } from './restore.js';
export { BackupError, type BackupManifest } from './layout.js';
