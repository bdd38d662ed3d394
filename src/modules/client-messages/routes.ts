import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../core/schemas.js';
import { ClientMessage, NewClientMessage, ThreadParams } from './schemas.js';
import { clientThreads } from './service.js';
import type { ThreadSubject } from './subjects.js';

const BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded'];

/**
 * The agency's side of the client threads (docs/client-portal.md#messages): `GET` and `POST
 * /v2/<subjects>/:id/client-messages` for each subject (`/v2/jobs/:id/client-messages`). Their
 * roles are the subject's area's (core/access.ts: a job's are project work).
 */
export function clientMessageRoutes(subjects: readonly ThreadSubject[]): FastifyPluginAsyncTypebox {
  return async (app) => {
    for (const subject of subjects) {
      const url = `/v2/${subject.path}/:id/client-messages`;
      app.get(
        url,
        {
          schema: {
            tags: [subject.tag],
            summary: `The message thread with the client about a ${subject.kind}, oldest first (never the internal notes)`,
            params: ThreadParams,
            response: { 200: Type.Array(ClientMessage), ...errorResponses },
          },
        },
        async (request) => clientThreads.listForAgency(app.readCtx(request), subject, request.params.id),
      );
      app.post(
        url,
        {
          schema: {
            tags: [subject.tag],
            summary: `Write to the client about a ${subject.kind}: shown on the client portal and e-mailed to the client's people with portal access`,
            params: ThreadParams,
            consumes: BODY_TYPES,
            body: NewClientMessage,
            response: { 201: ClientMessage, ...errorResponses },
          },
        },
        async (request, reply) => {
          const message = await app.inTransaction(request, (ctx) => clientThreads.postByAgency(ctx, app.config, subject, request.params.id, request.body.text));

          return reply.code(201).send(message);
        },
      );
    }
  };
}

/**
 * The client's side (docs/client-portal.md#messages): a branch of the client portal, `GET` and
 * `POST /<subjects>/:id/messages` relative to /v2/portal/client. Every client's person may talk
 * about their client's subjects: no permission is needed.
 */
export function clientMessagePortalRoutes(subjects: readonly ThreadSubject[]): FastifyPluginAsyncTypebox {
  return async (app) => {
    for (const subject of subjects) {
      const url = `/${subject.path}/:id/messages`;
      app.get(
        url,
        {
          schema: {
            summary: `Your messages with the agency about one of your ${subject.path}, oldest first`,
            params: ThreadParams,
            response: { 200: Type.Array(ClientMessage), ...errorResponses },
          },
        },
        async (request) => clientThreads.listForClient(app.portalCtx(request), subject, request.params.id),
      );
      app.post(
        url,
        {
          schema: {
            summary: `Write to the agency about one of your ${subject.path}: the manager is e-mailed`,
            params: ThreadParams,
            consumes: BODY_TYPES,
            body: NewClientMessage,
            response: { 201: ClientMessage, ...errorResponses },
          },
        },
        async (request, reply) => {
          const message = await app.portalTransaction(request, (ctx) =>
            clientThreads.postByClient(ctx, app.config, subject, request.params.id, request.body.text),
          );

          return reply.code(201).send(message);
        },
      );
    }
  };
}
