import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Binary, errorResponses } from '../../core/schemas.js';
import { ApiError, excerpt } from '../../core/errors.js';
import type { BlobStorage } from '../../core/storage/index.js';
import type { FileRow } from './kinds.js';
import { contentDisposition } from './names.js';
import { parseRange } from './range.js';

/** True when an `If-None-Match` list names the entity tag (weak comparison, `*` included). */
function matchesAny(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/**
 * Answers the content of a file (docs/files.md#downloads): the exact bytes, streamed, with `Content-Length`,
 * a content type from the name's extension (never one a browser runs: names.ts), always
 * `Content-Disposition: attachment`, `X-Content-Type-Options: nosniff`, `ETag` (the SHA-256) and
 * `Accept-Ranges: bytes`. `HEAD` answers the same headers without a body; a single `Range` answers
 * 206 (`If-Range` with another tag: the whole file), an unsatisfiable one 416 `range_not_satisfiable`
 * (the error body, like every other refused request) with `Content-Range: bytes *\/size`, several
 * ranges the whole file (200); `If-None-Match` with the tag: 304.
 */
export async function sendFile(request: FastifyRequest, reply: FastifyReply, storage: BlobStorage, row: FileRow): Promise<FastifyReply> {
  const size = Number(row.size);
  const etag = `"${row.sha256}"`;
  reply.header('ETag', etag);
  reply.header('Accept-Ranges', 'bytes');
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Last-Modified', new Date(row.created_at).toUTCString());
  if (matchesAny(request.headers['if-none-match'], etag)) return reply.code(304).send();

  const ifRange = request.headers['if-range'] as string | undefined;
  const rangeHeader = ifRange === undefined || ifRange.trim() === etag ? request.headers.range : undefined;
  const answer = parseRange(rangeHeader, size);
  if (answer.kind === 'unsatisfiable') {
    const message = `The range "${excerpt(rangeHeader ?? '')}" selects no byte of the content (${size} bytes)`;
    throw new ApiError('range_not_satisfiable', message, undefined, { 'Content-Range': `bytes */${size}` });
  }

  reply.header('Content-Type', row.content_type);
  reply.header('Content-Disposition', contentDisposition(row.name));
  const range = answer.kind === 'partial' ? answer.range : undefined;
  if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  const length = range ? range.end - range.start + 1 : size;
  reply.header('Content-Length', String(length));
  if (request.method === 'HEAD') return reply.send();
  if (length === 0) return reply.send(Buffer.alloc(0));
  return reply.send(storage.read(row.blob_id, range));
}

/** A download route: where it is, what it says, the parameters of its path, and how it finds the file (404 otherwise). */
export interface DownloadRoute<P extends TSchema> {
  url: string;
  /** Completed with " (HEAD, single Range, ETag)". */
  summary: string;
  params: P;
  tags?: string[];
  find(params: Static<P>, request: FastifyRequest): Promise<FileRow>;
}

/**
 * Registers GET and HEAD of one file's content (sendFile), the one shape of every download of the
 * API — the agency's, the supplier portal's and the client portal's — configured by where the
 * file is found.
 */
export function downloadRoute<P extends TSchema>(app: FastifyInstance, route: DownloadRoute<P>): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: route.url,
    schema: {
      ...(route.tags ? { tags: route.tags } : {}),
      summary: `${route.summary} (HEAD, single Range, ETag)`,
      params: route.params,
      response: {
        200: Binary('the content; Content-Type from the name, always an attachment'),
        206: Binary('one range of the content (Content-Range)'),
        ...errorResponses,
      },
    },
    handler: async (request, reply) => sendFile(request, reply, app.storage, await route.find(request.params as Static<P>, request)),
  });
}
