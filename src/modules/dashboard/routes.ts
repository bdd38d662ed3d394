import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EmptyQuery, errorResponses } from '../../core/schemas.js';
import { Dashboard } from './schemas.js';
import { dashboard } from './service.js';

/** `GET /v2/dashboard` (docs/dashboard.md): the console's landing page's figures, for the caller. */
export const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v2/dashboard',
    {
      schema: {
        tags: ['Dashboard'],
        summary:
          "The dashboard: the caller's jobs due today and overdue, jobs in progress per manager, quotes waiting, unpaid invoices, this and last month's money",
        querystring: EmptyQuery,
        response: { 200: Dashboard, ...errorResponses },
      },
    },
    async (request) => dashboard.get(app.readCtx(request)),
  );
};
