import type { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccountSlots } from '../../core/account-slots.js';
import { ApiError, excerpt, statusName } from '../../core/errors.js';
import { ErrorResponse, Input, errorResponses } from '../../core/schemas.js';
import type { ClientDependents } from '../clients/index.js';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, decodeImport, readCsv } from './csv.js';
import { runImport, type ImportResource, type ImportResult } from './runner.js';
import { clientsResource, suppliersResource } from './parties.js';
import { contactsResource } from './contacts.js';
import { pricesResource } from './prices.js';

/**
 * `POST /v2/imports/{clients|suppliers|contacts|prices}` (docs/imports.md): one route configured
 * per resource. The whole file runs in the request's one transaction; a dry run, or any row in
 * error, rolls all of it back.
 */
const tags = ['Imports'];

const ImportQuery = Input({
  dryRun: Type.Optional(Type.Boolean({ description: 'true: answer what each row would do and every error, and write nothing' })),
});

const RowError = Type.Object({
  row: Type.Integer({ description: 'data row, 1-based (the header line is not counted)' }),
  column: Type.Union([Type.String(), Type.Null()], { description: 'the column (header name) at fault; null when the row as a whole is' }),
  message: Type.String(),
});

const ImportAnswer = Type.Object(
  {
    object: Type.Literal('import'),
    resource: Type.String(),
    dryRun: Type.Boolean(),
    created: Type.Integer(),
    updated: Type.Integer(),
    rows: Type.Array(
      Type.Object({
        row: Type.Integer(),
        action: Type.Union([Type.Literal('create'), Type.Literal('update')]),
        id: Type.Optional(Type.String({ description: 'the record written (absent for a create in a dry run)' })),
        label: Type.Optional(Type.String()),
      }),
    ),
    errors: Type.Array(RowError, { description: 'every error (a dry run only: an import with errors answers 400)' }),
  },
  { title: 'import' },
);

const ImportError = Type.Composite([ErrorResponse, Type.Object({ errors: Type.Optional(Type.Array(RowError, { description: 'every row error' })) })], {
  description: 'Error; when rows are at fault, `errors` lists every one of them',
});

const DESCRIPTION =
  `The CSV file as the body (Content-Type text/csv), or multipart/form-data with the file in the part \`file\`. ` +
  `UTF-8 with or without a byte order mark, \`,\` or \`;\` between cells. At most ${MAX_IMPORT_BYTES} bytes (413) and ${MAX_IMPORT_ROWS} rows. ` +
  'All rows are written in one transaction, or none. Column layouts: docs/imports.md.';

/** Carries the result out of the transaction so that it rolls back (a dry run, or rows in error). */
class RolledBack extends Error {
  constructor(readonly result: ImportResult) {
    super('rolled back');
  }
}

/** The Retry-After of an import refused because the account runs IMPORTS_PER_ACCOUNT already. */
export const IMPORT_RETRY_AFTER_SECONDS = 10;

const tooLarge = () =>
  new ApiError('payload_too_large', `The file is larger than the import limit of ${MAX_IMPORT_BYTES} bytes`, undefined, { Connection: 'close' });

async function readFilePart(request: FastifyRequest): Promise<Uint8Array> {
  let bytes: Uint8Array | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file' || bytes) {
        if (part.type === 'file') for await (const _ of part.file as Readable);
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      part.file.once('limit', () => part.file.destroy(tooLarge()));
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_IMPORT_BYTES) throw tooLarge();
        chunks.push(chunk);
      }
      if (part.file.truncated) throw tooLarge();
      bytes = new Uint8Array(Buffer.concat(chunks, size));
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('body_invalid', `The multipart body could not be read: ${error instanceof Error ? excerpt(error.message, 200) : 'malformed'}`);
  }
  if (!bytes) throw new ApiError('parameter_missing', 'Missing required parameter: file', [{ param: 'file', message: 'is required (a file part)' }]);
  return bytes;
}

async function bodyBytes(request: FastifyRequest): Promise<Uint8Array> {
  if (request.isMultipart()) return readFilePart(request);
  if (Buffer.isBuffer(request.body)) return request.body;
  throw new ApiError('unsupported_media_type', 'Send the CSV file as the body with Content-Type text/csv, or as multipart/form-data in the part "file"');
}

export function importRoutes(dependents: ClientDependents): FastifyPluginAsyncTypebox {
  const resources: ImportResource[] = [clientsResource(dependents), suppliersResource, contactsResource, pricesResource] as ImportResource[];
  return async (app) => {
    // At most IMPORTS_PER_ACCOUNT imports of one account at once, all resources together (429 past it).
    const slots = new AccountSlots(app.config.importsPerAccount, 'imports', IMPORT_RETRY_AFTER_SECONDS);
    // Scoped to this plugin: only the import routes take CSV bodies.
    app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES }, (_request, body, done) => done(null, body));

    for (const resource of resources) {
      app.post(
        `/v2/imports/${resource.name}`,
        {
          schema: {
            tags,
            summary: `Import ${resource.name} from a CSV file`,
            description: DESCRIPTION,
            querystring: ImportQuery,
            consumes: ['text/csv', 'multipart/form-data'],
            'x-multipart': { file: `the CSV file of ${resource.name}`, required: true },
            response: { 200: ImportAnswer, 400: ImportError, ...errorResponses },
          },
        },
        async (request, reply) => {
          const dryRun = request.query.dryRun === true;
          const release = slots.take(request.auth.accountId);
          let result: ImportResult;
          try {
            const file = readCsv(decodeImport(await bodyBytes(request)));
            result = await app.inTransaction(request, async (ctx) => {
              const done = await runImport(ctx, resource, file);
              if (dryRun || done.errors.length > 0) throw new RolledBack(done);
              return done;
            });
          } catch (error) {
            if (!(error instanceof RolledBack)) throw error;
            result = error.result;
          } finally {
            release();
          }
          if (!dryRun && result.errors.length > 0) {
            const first = result.errors[0]!;
            const where = (e: (typeof result.errors)[number]) => `row ${e.row}${e.column ? `, ${e.column}` : ''}`;
            return reply.code(400).send({
              message: `Nothing was imported: ${result.errors.length} error${result.errors.length > 1 ? 's' : ''} (first: ${where(first)}: ${excerpt(first.message, 200)})`,
              name: statusName(400),
              code: 'parameter_invalid',
              id: String(request.id),
              details: result.errors.slice(0, 20).map((e) => ({ param: where(e), message: excerpt(e.message, 200) })),
              errors: result.errors,
            });
          }
          const rows = result.rows.map((row) => (dryRun && row.action === 'create' ? { ...row, id: undefined } : row));
          return {
            object: 'import' as const,
            resource: resource.name,
            dryRun,
            created: rows.filter((row) => row.action === 'create').length,
            updated: rows.filter((row) => row.action === 'update').length,
            rows: rows.map(({ id, ...rest }) => (id === undefined ? rest : { ...rest, id })),
            errors: result.errors,
          };
        },
      );
    }
  };
}
