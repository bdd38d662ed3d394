import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, stat, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { newId } from '../ids.js';
import { SWEEP_AGE_MS, type BlobStorage, type ByteRange } from './types.js';

const TEMP_SUFFIX = '.tmp';
const BLOB_NAME = /^[0-9a-f]{24}$/;
/** Names the database the directory belongs to (the id of its first account). */
const OWNER_FILE = '.database';
/** Blob ids looked up per query by the sweep. */
const LOOKUP_BATCH = 500;
/** Writes are gathered up to this size before one `writev` (fewer system calls, same memory bound). */
const WRITE_BATCH = 1024 * 1024;

async function ignoreMissing(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Makes a rename durable: the directory entry is flushed too (POSIX; a no-op where unsupported). */
async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Some platforms cannot fsync a directory; the file itself is synced already.
  } finally {
    await handle?.close().catch(() => {});
  }
}

/**
 * `FILE_STORAGE=fs:PATH`: one file per blob in `PATH/<last two hex digits of the id>/<blob id>`.
 * Content is written to a temporary name in the same directory, fsynced, then renamed: a blob file
 * is always complete. A crash mid-upload leaves only a `*.tmp` file, removed by `sweep` at start.
 * A storage directory belongs to one database.
 *
 * With `db`, `sweep` also removes blobs that no file row refers to (a crash between the rename of an
 * upload and the commit of its row, or between the commit of a delete and the unlink), once their
 * content is older than the grace period, and only in a directory that is this database's: the
 * directory's `.database` file names the database's first account. The directory is claimed (the
 * file written) when the sweep creates it, or while every blob in it is referred to by this
 * database, so a directory that other databases use too (tests on the default `./data/files`) is
 * never swept.
 */
export function fsStorage(root: string, db?: Kysely<DB>): BlobStorage {
  const dirOf = (blobId: string) => join(root, blobId.slice(-2));
  const pathOf = (blobId: string) => {
    if (!/^[0-9a-f]{24}$/.test(blobId)) throw new Error('invalid blob id');
    return join(dirOf(blobId), blobId);
  };

  /** Every `[directory, entry name]` of the storage (two levels). */
  async function entries(): Promise<Array<[string, string]>> {
    let dirs: string[];
    try {
      dirs = await readdir(root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const result: Array<[string, string]> = [];
    for (const dir of dirs) {
      if (!/^[0-9a-f]{2}$/.test(dir)) continue;
      const path = join(root, dir);
      for (const name of await readdir(path).catch(() => [] as string[])) result.push([path, name]);
    }
    return result;
  }

  /** The blob ids among `blobIds` that a file row (or a supplier invoice) refers to (looked up after listing the blobs). */
  async function referenced(database: Kysely<DB>, blobIds: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < blobIds.length; i += LOOKUP_BATCH) {
      const rows = await database
        .selectFrom('files')
        .select('blob_id')
        .where('blob_id', 'in', blobIds.slice(i, i + LOOKUP_BATCH))
        .execute();
      for (const row of rows) found.add(row.blob_id);
      // A supplier invoice's PDF (docs/supplier-invoices.md) has no file row: its invoice refers to it.
      const invoices = await database
        .selectFrom('supplier_invoices')
        .select('pdf_blob_id')
        .where('pdf_blob_id', 'in', blobIds.slice(i, i + LOOKUP_BATCH))
        .execute();
      for (const row of invoices) found.add(row.pdf_blob_id);
    }
    return found;
  }

  /** Removes blobs without a file row whose content is older than `cutoff`; answers how many. */
  async function sweepUnreferenced(database: Kysely<DB>, cutoff: number): Promise<number> {
    const first = await database.selectFrom('accounts').select('id').orderBy('id').limit(1).executeTakeFirst();
    if (!first) return 0;
    const owner = await readFile(join(root, OWNER_FILE), 'utf8').then(
      (text) => text.trim(),
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      },
    );
    if (owner !== undefined && owner !== first.id) return 0;
    const blobs = (await entries()).filter(([, name]) => BLOB_NAME.test(name));
    if (owner === undefined) {
      // Claimed when new (created here) or when every blob in it is this database's.
      const exists = await stat(root).then(
        () => true,
        () => false,
      );
      if (exists) {
        const known = await referenced(
          database,
          blobs.map(([, name]) => name),
        );
        if (blobs.some(([, name]) => !known.has(name))) return 0;
      } else await mkdir(root, { recursive: true });
      await writeFile(join(root, OWNER_FILE), `${first.id}\n`, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      return 0;
    }
    // The modification time is when the content was complete (a rename keeps it): a row is
    // committed right after, so an old blob without a row has none coming.
    const old: Array<[string, string]> = [];
    for (const [dir, name] of blobs) {
      const info = await stat(join(dir, name)).catch(() => undefined);
      if (info && info.mtimeMs < cutoff) old.push([dir, name]);
    }
    const known = await referenced(
      database,
      old.map(([, name]) => name),
    );
    let removed = 0;
    for (const [dir, name] of old) {
      if (known.has(name)) continue;
      await ignoreMissing(unlink(join(dir, name)));
      removed += 1;
    }
    return removed;
  }

  return {
    kind: 'fs',

    async put(source) {
      const blobId = newId();
      const dir = dirOf(blobId);
      await mkdir(dir, { recursive: true });
      const temp = join(dir, `${blobId}.${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`);
      const handle = await open(temp, 'wx', 0o600);
      let closed = false;
      try {
        let batch: Uint8Array[] = [];
        let batched = 0;
        for await (const chunk of source) {
          batch.push(chunk);
          batched += chunk.byteLength;
          if (batched >= WRITE_BATCH) {
            await handle.writev(batch);
            batch = [];
            batched = 0;
          }
        }
        if (batch.length > 0) await handle.writev(batch);
        await handle.sync();
        closed = true;
        await handle.close();
        await rename(temp, pathOf(blobId));
        await syncDirectory(dir);
        return blobId;
      } catch (error) {
        if (!closed) await handle.close().catch(() => {});
        await ignoreMissing(unlink(temp));
        throw error;
      }
    },

    read(blobId: string, range?: ByteRange): Readable {
      return createReadStream(pathOf(blobId), range ? { start: range.start, end: range.end } : {});
    },

    async remove(blobIds) {
      for (const blobId of blobIds) await ignoreMissing(unlink(pathOf(blobId)));
    },

    async count() {
      return (await entries()).filter(([, name]) => !name.endsWith(TEMP_SUFFIX)).length;
    },

    async sweep(olderThanMs = SWEEP_AGE_MS) {
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      for (const [dir, name] of await entries()) {
        if (!name.endsWith(TEMP_SUFFIX)) continue;
        const path = join(dir, name);
        try {
          if ((await stat(path)).mtimeMs < cutoff) {
            await unlink(path);
            removed += 1;
          }
        } catch {
          // gone meanwhile (another process swept it, or its upload finished)
        }
      }
      if (db) removed += await sweepUnreferenced(db, cutoff);
      return removed;
    },
  };
}
