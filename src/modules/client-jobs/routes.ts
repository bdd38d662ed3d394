import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../core/schemas.js';
import { downloadRoute } from '../files/index.js';
import { ClientDeliverable, ClientJob, ClientJobFileParams, ClientJobListQuery, ClientJobParams } from './schemas.js';
import { clientJobs } from './service.js';

/**
 * The client's jobs and deliverables on the portal (docs/client-portal.md#jobs-and-deliveries): a
 * branch of the client portal (paths relative to /v2/portal/client). Every client's person may see
 * them: no permission is needed.
 */
export const clientJobRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/jobs',
    {
      schema: {
        summary: "Your company's jobs, newest first (at most 500): status, and the due date and progress when the agency shows them",
        querystring: ClientJobListQuery,
        response: { 200: Type.Array(ClientJob), ...errorResponses },
      },
    },
    async (request) => clientJobs.list(app.portalCtx(request), request.query.state),
  );

  app.get('/jobs/:id', { schema: { summary: 'One of your jobs', params: ClientJobParams, response: { 200: ClientJob, ...errorResponses } } }, async (request) =>
    clientJobs.get(app.portalCtx(request), request.params.id),
  );

  app.get(
    '/jobs/:id/files',
    {
      schema: {
        summary: "The job's deliverables: the files the agency shares with you, by name, each with its earlier versions",
        params: ClientJobParams,
        response: { 200: Type.Array(ClientDeliverable), ...errorResponses },
      },
    },
    async (request) => clientJobs.deliverables(app.portalCtx(request), request.params.id),
  );

  downloadRoute(app, {
    url: '/jobs/:id/files/:fileId/content',
    summary: 'Download a deliverable of the job',
    params: ClientJobFileParams,
    find: (params, request) => clientJobs.file(app.portalCtx(request), params.id, params.fileId),
  });
};
