import { createHash } from 'node:crypto';
import type { Ctx } from '../../core/context.js';
import { ApiError, invalid } from '../../core/errors.js';
import type { BlobStorage } from '../../core/storage/index.js';
import { files, jobFiles, type StoredContent } from '../files/index.js';

/**
 * The report as a file of the job: the content of `fileId` (a file of the job,
 * its own or its group's), or an uploaded report stored as a new job file. Storage is read and
 * written outside the request's transaction (as every upload); the file row is inserted inside it.
 */
export const reportFiles = {
  /** The bytes of a file of the job; 400 naming `fileId` for anything else, or a file over the cap. */
  async read(ctx: Ctx, storage: BlobStorage, jobId: string, fileId: string, cap: number): Promise<Uint8Array> {
    let row;
    try {
      row = await files.row(ctx, jobFiles, jobId, fileId);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'resource_missing') throw invalid('fileId', `no file of this job with id ${fileId}`);
      throw error;
    }
    const size = Number(row.size);
    if (size > cap) throw invalid('fileId', `file "${row.name}" (${size} bytes) is larger than the limit of ${cap} bytes for CAT analysis reports`);
    const chunks: Buffer[] = [];
    for await (const chunk of storage.read(row.blob_id) as AsyncIterable<Buffer>) chunks.push(chunk);
    return new Uint8Array(Buffer.concat(chunks));
  },

  /** Stores uploaded bytes as content not yet visible (no file row): `files.create` makes it a job file. */
  async store(storage: BlobStorage, bytes: Uint8Array, name: string): Promise<StoredContent> {
    async function* source(): AsyncGenerator<Uint8Array> {
      yield bytes;
    }
    const blobId = await storage.put(source());
    return { blobId, name, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  },

  /** Makes stored content a file of the job (in the import's transaction); answers its id. */
  async attach(ctx: Ctx, jobId: string, content: StoredContent): Promise<string> {
    return (await files.create(ctx, jobFiles, jobId, content)).id;
  },
};
