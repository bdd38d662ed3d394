import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../core/schemas.js';
import { EventPage, EventQuery } from './schemas.js';
import { events, type EventListQuery, type FinancialObjects } from './service.js';

/**
 * The events' routes. `objects`: the response schemas of the objects events carry whose financial
 * fields (core/financials.ts) are left out for a caller they are hidden from, by the first part
 * of the event's type (`job` of `job.updated`): given by the composition, which knows the modules.
 */
export const eventRoutes =
  (objects: FinancialObjects): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/v2/events',
      {
        schema: {
          tags: ['Events'],
          summary:
            'List the changes of the account with who made them (paginated; filter by type[], createdAfter, userId, objectType and objectId; sort createdAt, newest first by default)',
          querystring: EventQuery,
          response: { 200: EventPage, ...errorResponses },
        },
        config: { csvExport: { page: (ctx, query) => events.list(ctx, query as EventListQuery, objects) }, financialData: true },
      },
      async (request) => events.list(app.readCtx(request), request.query, objects),
    );
  };
