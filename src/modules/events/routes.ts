import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../core/schemas.js';
import { EventPage, EventQuery } from './schemas.js';
import { events } from './service.js';

export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
      config: { csvExport: { page: events.list } },
    },
    async (request) => events.list(app.readCtx(request), request.query),
  );
};
