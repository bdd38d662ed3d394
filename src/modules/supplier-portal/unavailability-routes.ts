import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../core/errors.js';
import type { PortalCtx } from '../../core/portal.js';
import { errorResponses, Id } from '../../core/schemas.js';
import { CreateUnavailability, Unavailabilities, unavailabilities, Unavailability, UpdateUnavailability } from '../suppliers/index.js';
import { partyCtx } from './service.js';

const Params = Type.Object({ id: Id('unavailability id') }, { additionalProperties: false });
const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];

/** The person's supplier, and the context to change it with; a client's person has no unavailability here (404). */
function supplierScope(ctx: PortalCtx, id?: string) {
  const { party } = ctx.principal;
  if (party.kind !== 'supplier') throw notFound('unavailability', id ?? party.id);
  return { ctx: partyCtx(ctx), supplierId: party.id };
}

/**
 * The supplier's unavailabilities from the portal (docs/supplier-portal.md#unavailability): the
 * supplier's own periods away, the same records the agency keeps on the supplier's page. Every
 * call is scoped to the person's supplier; another supplier's period is a 404.
 */
export const supplierUnavailabilityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/unavailabilities',
    { schema: { summary: 'Your periods away (currents and old)', response: { 200: Unavailabilities, ...errorResponses } } },
    async (request) => {
      const scope = supplierScope(app.portalCtx(request));
      return unavailabilities.list(scope.ctx, scope.supplierId);
    },
  );
  app.post(
    '/unavailabilities',
    {
      schema: {
        summary: 'Tell the agency you are away from one date to another',
        consumes: FORM_OR_JSON,
        body: CreateUnavailability,
        response: { 201: Unavailability, ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await app.portalTransaction(request, (portal) => {
        const scope = supplierScope(portal);
        return unavailabilities.create(scope.ctx, scope.supplierId, request.body);
      });
      return reply.code(201).send(created);
    },
  );
  app.put(
    '/unavailabilities/:id',
    {
      schema: {
        summary: 'Change one of your periods away',
        params: Params,
        consumes: FORM_OR_JSON,
        body: UpdateUnavailability,
        response: { 200: Unavailability, ...errorResponses },
      },
    },
    async (request) =>
      app.portalTransaction(request, (portal) => {
        const scope = supplierScope(portal, request.params.id);
        return unavailabilities.update(scope.ctx, scope.supplierId, request.params.id, request.body);
      }),
  );
  app.delete(
    '/unavailabilities/:id',
    { schema: { summary: 'Remove one of your periods away', params: Params, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      await app.portalTransaction(request, (portal) => {
        const scope = supplierScope(portal, request.params.id);
        return unavailabilities.remove(scope.ctx, scope.supplierId, request.params.id);
      });
      return reply.code(204).send(null);
    },
  );
};
