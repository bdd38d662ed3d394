import type { Kysely } from 'kysely';
import type { FileStorageSetting } from '../../config.js';
import type { Executor } from '../db/dialect.js';
import type { DB } from '../db/schema.js';
import { dbStorage } from './db-storage.js';
import { fsStorage } from './fs-storage.js';
import type { BlobStorage } from './types.js';

export type { BlobStorage, ByteRange } from './types.js';
export { SWEEP_AGE_MS } from './types.js';
export { CHUNK_SIZE } from './db-storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded file content lives (docs/files.md#storage-file_storage), chosen by FILE_STORAGE. */
    storage: BlobStorage;
  }
}

/** The backend of `FILE_STORAGE` (config.ts parses it): `fs:PATH` or `db`. */
export function createStorage(setting: FileStorageSetting, db: Kysely<DB>): BlobStorage {
  return setting.kind === 'db' ? dbStorage(db) : fsStorage(setting.path, db);
}

/** Blobs whose file rows a transaction deleted, removed from storage once it commits. */
const discarded = new WeakMap<object, Set<string>>();

/**
 * Content of deleted files (docs/files.md#lifecycle), called in the transaction that deletes their rows:
 * chunks of the `db` backend are deleted in the transaction itself (a rollback keeps them); the
 * blobs are also noted on the transaction so that `removeDiscarded` removes them from any backend
 * after the commit (a rollback, e.g. a 409 on the parent's delete, keeps the files intact).
 */
export async function discardBlobs(db: Executor, blobIds: readonly string[]): Promise<void> {
  if (blobIds.length === 0) return;
  await db
    .deleteFrom('file_chunks')
    .where('blob_id', 'in', [...blobIds])
    .execute();
  let set = discarded.get(db);
  if (!set) discarded.set(db, (set = new Set()));
  for (const blobId of blobIds) set.add(blobId);
}

/** After a transaction committed: removes the content its deleted files had. Never throws. */
export async function removeDiscarded(storage: BlobStorage, transaction: object | undefined, log: { error(obj: object, msg: string): void }): Promise<void> {
  const set = transaction ? discarded.get(transaction) : undefined;
  if (!set || set.size === 0) return;
  discarded.delete(transaction!);
  try {
    await storage.remove([...set]);
  } catch (error) {
    log.error({ err: error }, 'could not remove the content of deleted files');
  }
}
