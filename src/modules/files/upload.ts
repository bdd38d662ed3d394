import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import { ApiError, excerpt, invalid, missing } from '../../core/errors.js';
import type { BlobStorage } from '../../core/storage/index.js';
import { sanitizeFileName } from './names.js';
import type { StoredContent } from './service.js';

/**
 * Options of @fastify/multipart (registered once by the app): the file size limit is
 * MAX_UPLOAD_BYTES; fields and parts are bounded so that a request cannot make the parser hold much.
 * Names are read as UTF-8 and with their path: `sanitizeFileName` removes it (both separators).
 * Text fields are read one character per byte (latin1), so that their reader can decode them as
 * UTF-8 and refuse malformed bytes (`multipartFieldText` in core/text.ts) instead of getting U+FFFD in their place.
 */
export function multipartOptions(maxUploadBytes: number): FastifyMultipartBaseOptions & Record<string, unknown> {
  return {
    limits: { fileSize: maxUploadBytes, files: 10, fields: 100, fieldSize: 64 * 1024, parts: 200, headerPairs: 100 },
    throwFileSizeLimit: false,
    preservePath: true,
    defParamCharset: 'utf8',
    defCharset: 'latin1',
  };
}

const tooLarge = (max: number) =>
  // The rest of the body is not read: the connection closes after the answer.
  new ApiError('payload_too_large', `The file is larger than the upload limit of ${max} bytes`, undefined, { Connection: 'close' });

const unreadable = (error: unknown) =>
  new ApiError('body_invalid', `The multipart body could not be read: ${error instanceof Error ? excerpt(error.message, 200) : 'malformed'}`);

/** Errors of the multipart parser: its limits answer 413, anything else is a malformed body. */
function parserError(error: unknown, max: number): ApiError {
  if (error instanceof ApiError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 413) return new ApiError('payload_too_large', `The multipart body has too many parts or fields (files are limited to ${max} bytes)`);
  return unreadable(error);
}

/** A failure of the storage itself (disk, database): a 500, not the client's fault. */
export class StorageFailure extends Error {
  constructor(readonly failure: unknown) {
    super('storage failure');
  }
}

export interface FilePart {
  file: Readable & { truncated?: boolean };
  filename: string;
}

async function drain(stream: Readable): Promise<void> {
  for await (const _ of stream);
}

/**
 * Streams one file part into storage through a SHA-256 hash and a byte counter (never the whole
 * file in memory). Over `max` bytes: `refusal()` (413 by default); a storage failure: StorageFailure.
 */
export async function storeFilePart(part: FilePart, storage: BlobStorage, max: number, refusal: () => ApiError = () => tooLarge(max)): Promise<StoredContent> {
  const hash = createHash('sha256');
  let size = 0;
  // Busboy stops at the limit and says so: fail at once, without reading the rest of the part.
  part.file.once('limit', () => part.file.destroy(refusal()));
  async function* metered(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > max) throw refusal();
        hash.update(chunk);
        yield chunk;
      }
    } catch (error) {
      throw error instanceof ApiError ? error : unreadable(error);
    }
    if (part.file.truncated) throw refusal();
  }
  let blobId: string;
  try {
    blobId = await storage.put(metered());
  } catch (error) {
    throw error instanceof ApiError ? error : new StorageFailure(error);
  }
  return { blobId, name: sanitizeFileName(part.filename), size, sha256: hash.digest('hex') };
}

/**
 * Reads a multipart upload (docs/files.md#uploads): the part `file` is streamed to storage (never held in
 * memory), other fields and file parts are read and ignored. Answers the stored content, not yet
 * visible (no file row). On any failure nothing remains stored.
 * - not multipart/form-data: 415 `unsupported_media_type`;
 * - no `file` part: 400 `parameter_missing` (a `file` field without a file name: 400 `parameter_invalid`);
 * - over MAX_UPLOAD_BYTES: 413 `payload_too_large`; a malformed or cut body: 400 `body_invalid`.
 */
export async function receiveUpload(request: FastifyRequest, storage: BlobStorage, max: number): Promise<StoredContent> {
  if (!request.isMultipart()) {
    throw new ApiError('unsupported_media_type', 'Upload files as multipart/form-data, the file in the field "file"');
  }
  let stored: StoredContent | undefined;
  let fileAsText = false;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (part.fieldname === 'file') fileAsText = true;
        continue;
      }
      if (part.fieldname !== 'file' || stored) await drain(part.file);
      else stored = await storeFilePart(part, storage, max);
    }
  } catch (error) {
    if (stored) await storage.remove([stored.blobId]).catch(() => {});
    if (error instanceof StorageFailure) throw error.failure;
    throw parserError(error, max);
  }
  if (!stored) throw fileAsText ? invalid('file', 'must be a file (a part with a file name)') : missing('file');
  return stored;
}
