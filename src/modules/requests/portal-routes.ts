import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { missing, stateConflict } from '../../core/errors.js';
import { Binary, errorResponses, IdParams } from '../../core/schemas.js';
import { removeDiscarded } from '../../core/storage/index.js';
import { downloadRoute, receiveUpload, type StoredContent } from '../files/index.js';
import { principalOf, requirePermission } from '../portal-access/index.js';
import { CreateRequest, PortalRequest, PortalRequestQuery, RequestFileParams, RequestForm, UpdateRequest, type CreateRequestInput } from './schemas.js';
import { requests } from './service.js';
import { sendTermsPdf } from './terms-routes.js';
import { termsPdf } from './terms.js';
import { MAX_FILES_PER_UPLOAD, readRequestUpload, validateFormFields } from './upload.js';
import { validatorCompiler } from '../../core/http/validation.js';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * The app's validation, except that a body the parsers left empty passes: a multipart body is read
 * (and validated) by its handler, part by part, while the files are streamed.
 */
const multipartOrBody: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  if (route.httpPart !== 'body') return validate;
  return (data: unknown) => (data === undefined || data === null ? { value: data } : validate(data));
};

const CREATE_DESCRIPTION =
  'multipart/form-data: the fields below as text parts (`targetLanguages` repeated once per language, or one comma-separated list; ' +
  '`acceptTerms` `true`) and any number of parts `file` (at most ' +
  `${MAX_FILES_PER_UPLOAD} in one body), each streamed, at most MAX_UPLOAD_BYTES (413 beyond: nothing is saved). ` +
  'Or application/json (or a form) with the same fields and no files (add them with POST /requests/{id}/files). ' +
  'When the agency has terms (GET /request-form), `acceptTerms` must be true (400): the acceptance is recorded with the request.';

/**
 * Requests from the client portal (docs/client-portal.md#requests): a branch of the client
 * portal (paths relative to /v2/portal/client). Every route needs the `request` permission —
 * reading too: a person who may not ask for work does not see the requests of their colleagues.
 */
export const requestPortalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', async (request) => {
    requirePermission(principalOf(request), 'request');
  });

  app.get(
    '/request-form',
    {
      schema: {
        summary: "What the request form needs: the agency's terms, its services and languages, the upload limits",
        response: { 200: RequestForm, ...errorResponses },
      },
    },
    async (request) => requests.form(app.portalCtx(request), app.config.maxUploadBytes),
  );
  app.get(
    '/request-terms.pdf',
    {
      schema: {
        summary: "The agency's terms as a PDF (404 when it has none)",
        response: { 200: Binary('the terms PDF', 'application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      return sendTermsPdf(reply, await termsPdf.content({ db: app.portalCtx(request).db, accountId: principal.accountId }));
    },
  );
  app.get(
    '/requests',
    {
      schema: {
        summary: "Your client's requests, newest first (at most 500)",
        querystring: PortalRequestQuery,
        response: { 200: Type.Array(PortalRequest), ...errorResponses },
      },
    },
    async (request) => requests.portalList(app.portalCtx(request), request.query.status),
  );
  app.get(
    '/requests/:id',
    { schema: { summary: 'One of your requests', params: IdParams, response: { 200: PortalRequest, ...errorResponses } } },
    async (request) => requests.portalGet(app.portalCtx(request), request.params.id),
  );
  app.post(
    '/requests',
    {
      schema: {
        summary: 'Ask the agency for work, with your files',
        description: CREATE_DESCRIPTION,
        consumes: ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'],
        'x-multipart': { file: 'a file for the work (the part repeated once per file)', required: false, fields: CreateRequest },
        body: CreateRequest,
        response: { 201: PortalRequest, ...errorResponses },
      },
      validatorCompiler: multipartOrBody,
    },
    async (request, reply) => {
      let input: CreateRequestInput;
      let stored: StoredContent[] = [];
      if (request.isMultipart()) ({ input, stored } = await readRequestUpload(request, app.storage, app.config.maxUploadBytes));
      // No body at all: refused as an empty form is, naming the fields it lacks.
      else if (request.body === undefined || request.body === null) input = validateFormFields({});
      else input = request.body;
      try {
        const created = await app.portalTransaction(request, (ctx) => requests.create(ctx, input, stored, app.config));
        return await reply.code(201).send(created);
      } catch (error) {
        // The files were stored before the transaction (as every upload): a refused request keeps none.
        await app.storage.remove(stored.map((content) => content.blobId)).catch(() => {});
        throw error;
      }
    },
  );
  app.put(
    '/requests/:id',
    {
      schema: {
        summary: 'Change your request while the agency has not answered it (409 afterwards); the fields not given stay',
        params: IdParams,
        body: UpdateRequest,
        response: { 200: PortalRequest, ...errorResponses },
      },
    },
    async (request) => app.portalTransaction(request, (ctx) => requests.portalUpdate(ctx, request.params.id, request.body)),
  );
  app.post(
    '/requests/:id/withdraw',
    {
      schema: {
        summary: 'Withdraw your request while the agency has not answered it (409 afterwards)',
        params: IdParams,
        response: { 200: PortalRequest, ...errorResponses },
      },
    },
    async (request) => app.portalTransaction(request, (ctx) => requests.withdraw(ctx, request.params.id)),
  );
  app.post(
    '/requests/:id/files',
    {
      schema: {
        summary: 'Add a file to your request while the agency has not answered it',
        description:
          'multipart/form-data with the file in the part `file` (other parts are ignored); at most MAX_UPLOAD_BYTES (413 beyond). Answers the request.',
        consumes: ['multipart/form-data'],
        'x-multipart': { file: 'the file; its name is kept, without any folder', required: true },
        params: IdParams,
        response: { 201: PortalRequest, ...errorResponses },
      },
    },
    async (request, reply) => {
      // 404 and 409 before the body is read; judged again when the file row is inserted.
      const before = await requests.portalGet(app.portalCtx(request), request.params.id);
      if (before.status !== 'new') throw stateConflict(`The request is ${before.status}: files are added while it is new`);
      if (!request.isMultipart() && request.headers['content-type'] === undefined) throw missing('file');
      const content = await receiveUpload(request, app.storage, app.config.maxUploadBytes);
      try {
        const answer = await app.portalTransaction(request, (ctx) => requests.addFile(ctx, request.params.id, content));
        return await reply.code(201).send(answer);
      } catch (error) {
        await app.storage.remove([content.blobId]).catch(() => {});
        throw error;
      }
    },
  );
  app.delete(
    '/requests/:id/files/:fileId',
    {
      schema: {
        summary: 'Remove a file of your request while the agency has not answered it (answers the request)',
        params: RequestFileParams,
        response: { 200: PortalRequest, ...errorResponses },
      },
    },
    async (request) => {
      let transaction: object | undefined;
      const answer = await app.portalTransaction(request, (ctx) => {
        transaction = ctx.db;
        return requests.removeFile(ctx, request.params.id, request.params.fileId);
      });
      // The file's content goes once the removal committed (docs/files.md#lifecycle).
      await removeDiscarded(app.storage, transaction, request.log);
      return answer;
    },
  );
  downloadRoute(app, {
    url: '/requests/:id/files/:fileId/content',
    summary: 'Download a file of your request',
    params: RequestFileParams,
    find: (params, request) => requests.portalFile(app.portalCtx(request), params.id, params.fileId),
  });
};
