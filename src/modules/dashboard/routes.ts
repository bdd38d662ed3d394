import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EmptyQuery, errorResponses } from '../../core/schemas.js';
import { Dashboard } from './schemas.js';
import { dashboard } from './service.js';
import { DashboardPortal, dashboardPortal } from './portal.js';

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
  app.get(
    '/v2/dashboard/portal',
    {
      schema: {
        tags: ['Dashboard'],
        summary: "The supplier portal at a glance: offers the suppliers have not answered, and work they marked done that waits for the agency's review",
        querystring: EmptyQuery,
        response: { 200: DashboardPortal, ...errorResponses },
      },
    },
    async (request) => dashboardPortal.get(app.readCtx(request)),
  );
};
