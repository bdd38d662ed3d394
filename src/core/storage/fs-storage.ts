import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { newId } from '../ids.js';
import { SWEEP_AGE_MS, type BlobStorage, type ByteRange } from './types.js';

const TEMP_SUFFIX = '.tmp';
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
 */
export function fsStorage(root: string): BlobStorage {
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
      return removed;
    },
  };
}
