import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, invalid, missing } from '../../core/errors.js';
import { IdParams, errorResponses } from '../../core/schemas.js';
import type { StoredContent } from '../files/index.js';
import { Job } from '../jobs/index.js';
import { readReportUpload, reportCap, validateFields } from './multipart.js';
import type { CatToolId } from './readers/index.js';
import { reportFiles } from './report-files.js';
import { ReportParser } from './report-parser.js';
import { ImportFields, OutsourcingImportParams, ParseFields, ParsedReport, type ImportFieldsInput } from './schemas.js';
import { catAnalysis, type ImportTarget } from './service.js';

const UPLOAD_NOTE =
  'The upload is read into memory, up to MAX_UPLOAD_BYTES and at most 50 MiB (413 beyond), and parsed in a worker thread; one report may list at most 25 000 documents and give at most 32 MiB of JSON (413 beyond). The report is checked (check sums, encodings, no DTD) and any problem is 400 `parameter_invalid` naming the row, element or header. An account may have two reports being read at once: one more is 429 `rate_limited` with Retry-After.';

const IMPORT_DESCRIPTION = `Either multipart/form-data with the report in the part \`file\` (stored as a file of the job) and the fields below, or a form / JSON body with \`fileId\` (a file of the job). ${UPLOAD_NOTE} One transaction: a rejected import changes nothing.`;

/** A request without a body and without a content type: the file is missing, as for uploads. */
function assertBody(request: FastifyRequest): void {
  if (!request.isMultipart() && request.headers['content-type'] === undefined) throw missing('file');
}

/**
 * One import: 404 before the body is read (and 429 when the account has no parse slot free); the
 * report is parsed in a worker with the configuration's tool, outside the transaction; the
 * uploaded report is stored as a job file only if the import succeeds.
 */
async function importRoute(app: FastifyInstance, parser: ReportParser, request: FastifyRequest, target: ImportTarget) {
  const read = app.readCtx(request);
  await catAnalysis.assertTarget(read, target);
  const cap = reportCap(app.config.maxUploadBytes);
  const release = parser.acquire(read.accountId);
  let fields: ImportFieldsInput;
  let bytes: Uint8Array | undefined;
  let name = 'cat-analysis';
  let report;
  let configurationId: string;
  try {
    if (request.isMultipart()) {
      const upload = await readReportUpload(request, cap);
      fields = validateFields<ImportFieldsInput>(ImportFields, upload.fields);
      bytes = upload.bytes;
      name = upload.name ?? name;
    } else {
      fields = request.body ?? {};
    }
    if (bytes && fields.fileId !== undefined) throw invalid('fileId', 'give either the report in the part `file` or fileId, not both');
    if (!bytes && fields.fileId === undefined) throw missing('file');
    const configuration = await catAnalysis.configurationFor(read, target, fields.catConfiguration);
    configurationId = configuration.id;
    if (!bytes) bytes = await reportFiles.read(read, app.storage, target.jobId, fields.fileId!, cap);
    report = await catAnalysis.parse(
      (b, tool) => parser.parse(b, tool),
      bytes,
      configuration.catTool.id as CatToolId,
      fields.fileId === undefined ? 'file' : 'fileId',
    );
  } finally {
    release();
  }
  // Storage is written outside the transaction (as every upload); the file row goes in it.
  const upload: StoredContent | undefined = fields.fileId === undefined ? await reportFiles.store(app.storage, bytes, name) : undefined;
  try {
    const result = await app.inTransaction(request, (ctx) =>
      catAnalysis.importReport(ctx, target, {
        report,
        configurationId,
        ...(fields.fileId !== undefined ? { fileId: fields.fileId } : {}),
        ...(upload ? { upload } : {}),
        ...(fields.targetLanguage !== undefined ? { targetLanguage: fields.targetLanguage } : {}),
      }),
    );
    return result.job;
  } catch (error) {
    if (upload) await app.storage.remove([upload.blobId]).catch(() => {});
    throw error;
  }
}

/** CAT analysis: parsing a report, importing one into a job or an outsourcing (docs/cat-analysis.md). */
export const catAnalysisRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['CAT analysis'];
  const parser = new ReportParser();
  app.addHook('onClose', async () => parser.close());
  const importSchema = {
    tags,
    description: IMPORT_DESCRIPTION,
    consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
    'x-multipart': { file: 'the report (stored as a file of the job when the import succeeds); or fileId instead', required: false, fields: ImportFields },
    body: ImportFields,
    response: { 200: Job, ...errorResponses },
  };

  app.post(
    '/v2/cat-analysis/parse',
    {
      schema: {
        tags,
        summary: 'Parse a CAT analysis report without storing anything',
        description: `multipart/form-data: the report in the part \`file\`, optional field \`catTool\`. ${UPLOAD_NOTE}`,
        consumes: ['multipart/form-data'],
        'x-multipart': { file: 'the CAT analysis report', required: true, fields: ParseFields },
        response: { 200: ParsedReport, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertBody(request);
      if (!request.isMultipart()) throw new ApiError('unsupported_media_type', 'Send the report as multipart/form-data, the file in the field "file"');
      const release = parser.acquire(request.auth.accountId);
      try {
        const upload = await readReportUpload(request, reportCap(app.config.maxUploadBytes));
        const fields = validateFields<{ catTool?: CatToolId }>(ParseFields, upload.fields);
        if (!upload.bytes) throw missing('file');
        const json = await catAnalysis.parse((b, tool) => parser.parseToJson(b, tool), upload.bytes, fields.catTool);
        // Serialised in the worker, in the order of the response schema: sent as it is.
        // eslint-disable-next-line @typescript-eslint/return-await -- a FastifyReply is thenable (it settles once sent): it is returned, as Fastify asks, not awaited
        return reply.type('application/json; charset=utf-8').send(json as never);
      } finally {
        release();
      }
    },
  );
  app.post(
    '/v2/jobs/:id/cat-analysis',
    { schema: { ...importSchema, summary: 'Import a CAT analysis report into a job (answers the job)', params: IdParams } },
    async (request) => importRoute(app, parser, request, { jobId: request.params.id }),
  );

  app.post(
    '/v2/jobs/:id/outsourcing/:outsourcingId/cat-analysis',
    { schema: { ...importSchema, summary: 'Import a CAT analysis report into an outsourcing of a job (answers the job)', params: OutsourcingImportParams } },
    async (request) => importRoute(app, parser, request, { jobId: request.params.id, outsourcingId: request.params.outsourcingId }),
  );
};
