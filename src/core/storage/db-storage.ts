import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { newId } from '../ids.js';
import { SWEEP_AGE_MS, type BlobStorage, type ByteRange } from './types.js';

/** Every chunk but a blob's last holds exactly this many bytes (ranges map to chunk numbers). */
export const CHUNK_SIZE = 256 * 1024;
/** Chunks fetched per query when reading (2 MiB). */
const READ_BATCH = 8;

const toBuffer = (data: Uint8Array): Buffer => (Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));

/** The smallest blob id created at or after `time` (ids start with their creation second). */
function idAt(time: number): string {
  return (
    Math.floor(time / 1000)
      .toString(16)
      .padStart(8, '0') + '0'.repeat(16)
  );
}

/**
 * `FILE_STORAGE=db`: content in `file_chunks` (blob id, seq, data) of the same database, so that
 * any number of server processes share it (docs/operations.md#running). Chunks are inserted as they arrive, each in
 * its own short statement (an upload never holds the write lock of SQLite or a long transaction of
 * PostgreSQL); a failed upload deletes its chunks, and chunks of a crashed upload (no file row
 * refers to them) are removed by `sweep` at start.
 */
export function dbStorage(db: Kysely<DB>): BlobStorage {
  const deleteChunks = async (blobIds: readonly string[]) => {
    if (blobIds.length > 0)
      await db
        .deleteFrom('file_chunks')
        .where('blob_id', 'in', [...blobIds])
        .execute();
  };

  return {
    kind: 'db',

    async put(source) {
      const blobId = newId();
      let seq = 0;
      let chunk = Buffer.allocUnsafe(CHUNK_SIZE);
      let filled = 0;
      // One insert in flight while the next chunk is received.
      let inFlight: Promise<unknown> = Promise.resolve();
      const flush = async () => {
        const data = filled === CHUNK_SIZE ? chunk : chunk.subarray(0, filled);
        const values = { blob_id: blobId, seq, data };
        seq += 1;
        await inFlight;
        inFlight = db.insertInto('file_chunks').values(values).execute();
        // Keep a rejection from being reported as unhandled before it is awaited.
        inFlight.catch(() => {});
        chunk = Buffer.allocUnsafe(CHUNK_SIZE);
        filled = 0;
      };
      try {
        for await (const piece of source) {
          let offset = 0;
          const bytes = toBuffer(piece);
          while (offset < bytes.length) {
            const copied = bytes.copy(chunk, filled, offset, Math.min(bytes.length, offset + CHUNK_SIZE - filled));
            filled += copied;
            offset += copied;
            if (filled === CHUNK_SIZE) await flush();
          }
        }
        if (filled > 0) await flush();
        await inFlight;
        return blobId;
      } catch (error) {
        await inFlight.catch(() => {});
        await deleteChunks([blobId]).catch(() => {});
        throw error;
      }
    },

    read(blobId: string, range?: ByteRange): Readable {
      const first = range ? Math.floor(range.start / CHUNK_SIZE) : 0;
      const last = range ? Math.floor(range.end / CHUNK_SIZE) : Number.MAX_SAFE_INTEGER;
      async function* chunks(): AsyncGenerator<Buffer> {
        let next = first;
        while (next <= last) {
          const rows = await db
            .selectFrom('file_chunks')
            .select(['seq', 'data'])
            .where('blob_id', '=', blobId)
            .where('seq', '>=', next)
            .where('seq', '<=', Math.min(last, next + READ_BATCH - 1))
            .orderBy('seq')
            .execute();
          if (rows.length === 0) return;
          for (const row of rows) {
            let data = toBuffer(row.data);
            const base = row.seq * CHUNK_SIZE;
            if (range) data = data.subarray(Math.max(0, range.start - base), Math.min(data.length, range.end - base + 1));
            yield data;
          }
          next = rows[rows.length - 1]!.seq + 1;
          if (rows.length < READ_BATCH) return;
        }
      }
      return Readable.from(chunks(), { objectMode: false, highWaterMark: CHUNK_SIZE });
    },

    remove: deleteChunks,

    async count() {
      const row = await db
        .selectFrom('file_chunks')
        .select((eb) => eb.fn.count<number>('blob_id').distinct().as('count'))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async sweep(olderThanMs = SWEEP_AGE_MS) {
      const result = await db
        .deleteFrom('file_chunks')
        .where('blob_id', '<', idAt(Date.now() - olderThanMs))
        .where('blob_id', 'not in', (eb) => eb.selectFrom('files').select('blob_id'))
        // A supplier invoice's PDF (docs/supplier-invoices.md) has no file row: its invoice refers to it.
        .where('blob_id', 'not in', (eb) => eb.selectFrom('supplier_invoices').select('pdf_blob_id'))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
