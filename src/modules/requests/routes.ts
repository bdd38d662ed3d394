import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalid } from '../../core/errors.js';
import { errorResponses, IdParams } from '../../core/schemas.js';
import { downloadRoute } from '../files/index.js';
import { agencyRequests } from './agency.js';
import { DeclineRequest, NoParameters, Request, RequestFileParams, RequestPage, RequestQuery } from './schemas.js';
import { requests } from './service.js';

const tags = ['Requests'];
const PATH = '/v2/requests';
const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];

/**
 * The agency's side of requests (docs/client-portal.md#requests): every role reads them; the
 * project writers of the role matrix (owner, admin, manager) answer them. The conversion into jobs
 * (`POST /v2/requests/:id/convert`) is registered by its own module, through this module's door.
 */
export const requestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: "List the clients' requests (paginated; filter status, clientId; sort createdAt (default, newest first), updatedAt, dueDate)",
        querystring: RequestQuery,
        response: { 200: RequestPage, ...errorResponses },
      },
      config: { csvExport: { page: agencyRequests.list } },
    },
    async (request) => agencyRequests.list(app.readCtx(request), request.query),
  );
  app.get(`${PATH}/:id`, { schema: { tags, summary: 'Get a request', params: IdParams, response: { 200: Request, ...errorResponses } } }, async (request) =>
    requests.get(app.readCtx(request), request.params.id),
  );
  downloadRoute(app, {
    url: `${PATH}/:id/files/:fileId/download`,
    tags,
    summary: 'Download a file of a request, as the client sent it',
    params: RequestFileParams,
    find: (params, request) => requests.file(app.readCtx(request), params.id, params.fileId),
  });
  app.post(
    `${PATH}/:id/quoted`,
    {
      schema: {
        tags,
        summary: 'Mark a new request quoted (the client sees the agency answered; it may still be converted or declined); 409 unless new',
        params: IdParams,
        consumes: FORM_OR_JSON,
        body: NoParameters,
        response: { 200: Request, ...errorResponses },
      },
    },
    async (request) => app.inTransaction(request, (ctx) => agencyRequests.quoted(ctx, request.params.id)),
  );
  app.post(
    `${PATH}/:id/decline`,
    {
      schema: {
        tags,
        summary: 'Decline a new or quoted request, saying why (the client reads it on the portal); 409 otherwise',
        params: IdParams,
        consumes: FORM_OR_JSON,
        body: DeclineRequest,
        response: { 200: Request, ...errorResponses },
      },
    },
    async (request) => {
      const reason = request.body.reason.trim();
      if (reason === '') throw invalid('reason', 'must not be blank');
      return app.inTransaction(request, (ctx) => agencyRequests.decline(ctx, request.params.id, reason));
    },
  );
};
