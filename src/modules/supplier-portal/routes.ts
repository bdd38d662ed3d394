import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../core/schemas.js';
import {
  AcceptWork,
  ChecklistItemParams,
  NoParameters,
  PortalWork,
  RefuseWork,
  TickChecklistItem,
  WorkComments,
  WorkListQuery,
  WorkParams,
} from './schemas.js';
import { supplierWork } from './service.js';

const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];

/**
 * The supplier's work on the portal (docs/supplier-portal.md#what-a-supplier-does): a branch of the
 * portal's tree (paths relative to /v2/portal), every answer a `PortalWork`.
 */
export const supplierPortalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/work',
    {
      schema: {
        summary: 'Your offers and work for the agency, soonest due first (at most 500)',
        querystring: WorkListQuery,
        response: { 200: Type.Array(PortalWork), ...errorResponses },
      },
    },
    async (request) => supplierWork.list(app.portalCtx(request), request.query.state),
  );

  app.get(
    '/work/:id',
    { schema: { summary: 'One piece of your work', params: WorkParams, response: { 200: PortalWork, ...errorResponses } } },
    async (request) => supplierWork.get(app.portalCtx(request), request.params.id),
  );

  // Accept, refuse, done: the supplier's answers, each answering the work as it is after.
  const answer = { params: WorkParams, consumes: FORM_OR_JSON, response: { 200: PortalWork, ...errorResponses } };
  app.post(
    '/work/:id/accept',
    { schema: { summary: 'Accept the work offered to you (with a comment for the agency if you like)', body: Type.Optional(AcceptWork), ...answer } },
    async (request) =>
      app.portalTransaction(request, (ctx) =>
        supplierWork.answer(ctx, request.params.id, { kind: 'accept', comment: request.body?.comment }, app.config.smtp !== undefined),
      ),
  );
  app.post('/work/:id/refuse', { schema: { summary: 'Refuse the work offered to you, saying why', body: RefuseWork, ...answer } }, async (request) =>
    app.portalTransaction(request, (ctx) => supplierWork.answer(ctx, request.params.id, { kind: 'refuse', reason: request.body.reason })),
  );
  app.post(
    '/work/:id/done',
    { schema: { summary: 'Mark your work done: the agency reviews it', body: Type.Optional(NoParameters), ...answer } },
    async (request) => app.portalTransaction(request, (ctx) => supplierWork.answer(ctx, request.params.id, { kind: 'done' })),
  );

  app.put(
    '/work/:id/checklist/:itemId',
    {
      schema: {
        summary: 'Tick (or untick) an item of the checklist',
        params: ChecklistItemParams,
        consumes: FORM_OR_JSON,
        body: TickChecklistItem,
        response: { 200: PortalWork, ...errorResponses },
      },
    },
    async (request) =>
      app.portalTransaction(request, (ctx) =>
        supplierWork.answer(ctx, request.params.id, { kind: 'tick', itemId: request.params.itemId, done: request.body.done }),
      ),
  );

  app.put(
    '/work/:id/comments',
    {
      schema: {
        summary: 'Write your comments to the agency (they replace the earlier ones)',
        params: WorkParams,
        consumes: FORM_OR_JSON,
        body: WorkComments,
        response: { 200: PortalWork, ...errorResponses },
      },
    },
    async (request) => app.portalTransaction(request, (ctx) => supplierWork.answer(ctx, request.params.id, { kind: 'comments', text: request.body.comments })),
  );
};
