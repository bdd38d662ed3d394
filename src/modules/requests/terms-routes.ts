import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, invalid, missing } from '../../core/errors.js';
import { boundedPart } from '../../core/http/multipart-part.js';
import { Binary, errorResponses } from '../../core/schemas.js';
import { contentDisposition } from '../files/index.js';
import type { TermsPdfRow } from './repository.js';
import { TermsPdf } from './schemas.js';
import { TERMS_PDF_MAX_BYTES, termsPdf } from './terms.js';

const tags = ['Account'];
const PATH = '/v2/account/request-terms.pdf';
const pdfPart = boundedPart('the PDF', (cap) => `The PDF is larger than the limit of ${cap} bytes`);

/** Answers the terms PDF as stored, as a download. */
export function sendTermsPdf(reply: FastifyReply, row: TermsPdfRow): FastifyReply {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', contentDisposition(row.name))
    .header('Content-Length', String(row.size))
    .header('ETag', `"${row.sha256}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .send(Buffer.from(row.content));
}

/** The part `file` of a multipart body, whole, at most the cap (413 beyond), with its name. */
async function readPdfPart(request: FastifyRequest, cap: number): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) {
    if (request.headers['content-type'] === undefined) throw missing('file');
    throw new ApiError('unsupported_media_type', 'Upload the PDF as multipart/form-data, in the part "file"');
  }
  let found: { name: string; bytes: Buffer } | undefined;
  let fileAsText = false;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (part.fieldname === 'file') fileAsText = true;
        continue;
      }
      if (part.fieldname !== 'file' || found) await pdfPart.drain(part.file);
      else found = { name: part.filename, bytes: await pdfPart.read(part.file, cap) };
    }
  } catch (error) {
    throw pdfPart.parserError(error, cap);
  }
  if (!found) throw fileAsText ? invalid('file', 'must be a file (a part with a file name)') : missing('file');
  return found;
}

/**
 * The agency's terms PDF (docs/client-portal.md#terms), beside the account's terms text: its
 * roles are the account settings' (every role reads; owner and admin change it), as the logo's.
 */
export const requestTermsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: "Download the terms PDF shown with the client portal's request form (404 when none)",
        response: { 200: Binary('the PDF', 'application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => sendTermsPdf(reply, await termsPdf.content(app.readCtx(request))),
  );
  app.put(
    PATH,
    {
      schema: {
        tags,
        summary: "Upload the terms PDF shown with the client portal's request form (replaces the current one)",
        description: `multipart/form-data with the PDF in the part \`file\`: a PDF file (it starts with \`%PDF-\`), at most ${TERMS_PDF_MAX_BYTES} bytes (413 beyond). From then on a new request needs \`acceptTerms\`.`,
        consumes: ['multipart/form-data'],
        'x-multipart': { file: 'the PDF of the terms', required: true },
        response: { 200: TermsPdf, ...errorResponses },
      },
    },
    async (request) => {
      const { name, bytes } = await readPdfPart(request, Math.min(TERMS_PDF_MAX_BYTES, app.config.maxUploadBytes));
      return app.inTransaction(request, (ctx) => termsPdf.put(ctx, name, bytes));
    },
  );
  app.delete(
    PATH,
    { schema: { tags, summary: 'Remove the terms PDF (404 when none)', response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      await app.inTransaction(request, (ctx) => termsPdf.remove(ctx));
      return reply.code(204).send(null);
    },
  );
};
