import type { FastifyRequest } from 'fastify';
import { ApiError, excerpt, invalid, missing } from '../../core/errors.js';

/**
 * Reads the `file` part of a multipart upload into memory, at most `max` bytes — the logo is
 * small and is checked whole before it is stored (the files module streams its uploads to storage
 * instead). The same answers as the other uploads (docs/files.md#uploads): 415 when not
 * multipart, 400 `parameter_missing` without a `file` part, 413 `payload_too_large` beyond the
 * limit (the rest of the body is not read), 400 `body_invalid` for a malformed body.
 */
export async function receiveSmallUpload(request: FastifyRequest, max: number): Promise<Buffer> {
  if (!request.isMultipart()) {
    if (request.headers['content-type'] === undefined) throw missing('file');
    throw new ApiError('unsupported_media_type', 'Upload files as multipart/form-data, the file in the field "file"');
  }
  const tooLarge = () => new ApiError('payload_too_large', `The file is larger than the limit of ${max} bytes`, undefined, { Connection: 'close' });
  let content: Buffer | undefined;
  let fileAsText = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: max } })) {
      if (part.type !== 'file') {
        if (part.fieldname === 'file') fileAsText = true;
        continue;
      }
      if (part.fieldname !== 'file' || content) {
        for await (const _ of part.file);
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > max) throw tooLarge();
        chunks.push(chunk);
      }
      if (part.file.truncated) throw tooLarge();
      content = Buffer.concat(chunks);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (status === 413) throw tooLarge();
    throw new ApiError('body_invalid', `The multipart body could not be read: ${error instanceof Error ? excerpt(error.message, 200) : 'malformed'}`);
  }
  if (!content) throw fileAsText ? invalid('file', 'must be a file (a part with a file name)') : missing('file');
  return content;
}
