import type { Readable } from 'node:stream';
import { ApiError, excerpt } from '../errors.js';

/**
 * A multipart file part read whole into memory up to a cap, for the endpoints whose file is small
 * and read at once (a CAT report, an invoice's PDF), apart from the files module's streamed uploads.
 * `what` names the part in the refusals ("the report", "the PDF"); `tooLargeMessage` is the 413's.
 */
export function boundedPart(what: string, tooLargeMessage: (cap: number) => string) {
  const tooLarge = (cap: number) => new ApiError('payload_too_large', tooLargeMessage(cap), undefined, { Connection: 'close' });
  return {
    /** The parser's failure as the API's refusal: too many parts (413) or a malformed body (400). */
    parserError(error: unknown, cap: number): ApiError {
      if (error instanceof ApiError) return error;
      const status = (error as { statusCode?: unknown } | null)?.statusCode;
      if (status === 413) return new ApiError('payload_too_large', `The multipart body has too many parts or fields (${what} is limited to ${cap} bytes)`);
      return new ApiError('body_invalid', `The multipart body could not be read: ${error instanceof Error ? excerpt(error.message, 200) : 'malformed'}`);
    },

    /** Reads a part that is not wanted to its end, so that the parser goes on. */
    async drain(stream: Readable): Promise<void> {
      for await (const _ of stream);
    },

    /** The part's bytes: 413 at once beyond `cap`, or when the parser stopped at MAX_UPLOAD_BYTES. */
    async read(file: Readable & { truncated?: boolean }, cap: number): Promise<Buffer> {
      const chunks: Buffer[] = [];
      let size = 0;
      file.once('limit', () => file.destroy(tooLarge(cap)));
      for await (const chunk of file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > cap) throw tooLarge(cap);
        chunks.push(chunk);
      }
      if (file.truncated) throw tooLarge(cap);
      return Buffer.concat(chunks, size);
    },
  };
}
