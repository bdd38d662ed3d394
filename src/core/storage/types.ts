import type { Readable } from 'node:stream';

/** Inclusive byte positions, as in an HTTP `Range` header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded file content lives (docs/files.md#storage-file_storage): the `fs` and `db` backends behind one interface.
 * Content is addressed by a blob id (one blob per file, never shared); the metadata (name, size,
 * SHA-256, owner) is in the `files` table, written only once the content is complete.
 */
export interface BlobStorage {
  readonly kind: 'fs' | 'db';
  /**
   * Stores the bytes of `source` under a new blob id, streaming (never the whole content in
   * memory). Resolves once the content is durable. When `source` or the storage fails, nothing
   * remains stored and the error is thrown again.
   */
  put(source: AsyncIterable<Uint8Array>): Promise<string>;
  /** The bytes of a blob, or of one range of it. */
  read(blobId: string, range?: ByteRange): Readable;
  /** Removes content at once (a failed upload, or after the transaction that deleted its rows). */
  remove(blobIds: readonly string[]): Promise<void>;
  /** How many blobs are stored, temporary content excluded (the lifecycle tests of docs/files.md#lifecycle). */
  count(): Promise<number>;
  /**
   * Start-up clean-up of what a crash left behind, older than `olderThanMs` (default one hour, far
   * longer than any upload may take): temporary files and blobs no file row refers to in a storage
   * directory of this database (`fs`), or chunks no file row refers to (`db`). Answers how many
   * items were removed.
   */
  sweep(olderThanMs?: number): Promise<number>;
}

export const SWEEP_AGE_MS = 60 * 60 * 1000;
