import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../core/schemas.js';
import { portalPeople, signInUrl, type PartyKind } from './people.js';
import { ContactParams, GrantPortalAccess, PartyParams, PortalAccessGranted, PortalPerson, SetPortalPermissions } from './schemas.js';
import { mailSignInLink } from './sessions.js';

/**
 * The agency's routes of portal access for one kind of party (docs/supplier-portal.md#people):
 * who of the party's contacts may sign in, giving and withdrawing access. One implementation,
 * configured per kind (`/v2/suppliers`, `/v2/clients`); a client's people also have permissions.
 */
export function portalAccessRoutes(party: PartyKind & { path: string; tag: string }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const tags = [party.tag];
    const base = `${party.path}/:id`;

    app.get(
      `${base}/portal-access`,
      {
        schema: {
          tags,
          summary: `The ${party.resource}'s contacts who have (or had) portal access`,
          params: PartyParams,
          response: { 200: Type.Array(PortalPerson), ...errorResponses },
        },
      },
      async (request) => portalPeople.list(app.readCtx(request), party, request.params.id),
    );

    app.post(
      `${base}/contacts/:contactId/portal-access`,
      {
        schema: {
          tags,
          summary: `Give a contact of the ${party.resource} portal access (or give it back) and e-mail them a sign-in link; earlier links stop working`,
          params: ContactParams,
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: Type.Optional(GrantPortalAccess),
          response: { 200: PortalAccessGranted, ...errorResponses },
        },
      },
      async (request) => {
        const granted = await app.inTransaction(request, (ctx) =>
          portalPeople.grant(ctx, party, request.params.id, request.params.contactId, request.body ?? {}),
        );
        // After the commit: an e-mail cannot be taken back.
        const emailed = await mailSignInLink({ config: app.config, log: request.log, db: app.database.db }, granted.identity, granted.link.token);
        return { person: granted.person, link: { url: signInUrl(app.config.publicUrl, granted.link.token), expiresAt: granted.link.expiresAt, emailed } };
      },
    );

    if (party.permissions === true)
      app.put(
        `${base}/contacts/:contactId/portal-access`,
        {
          schema: {
            tags,
            summary: `Change what a contact of the ${party.resource} may do on the portal (no new link is sent)`,
            params: ContactParams,
            consumes: ['application/json'],
            body: SetPortalPermissions,
            response: { 200: PortalPerson, ...errorResponses },
          },
        },
        async (request) =>
          app.inTransaction(request, (ctx) => portalPeople.setPermissions(ctx, party, request.params.id, request.params.contactId, request.body.permissions)),
      );

    app.delete(
      `${base}/contacts/:contactId/portal-access`,
      {
        schema: {
          tags,
          summary: `Withdraw a contact's portal access: their sessions end and their links stop working at once`,
          params: ContactParams,
          response: { 204: Type.Null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await app.inTransaction(request, (ctx) => portalPeople.revoke(ctx, party, request.params.id, request.params.contactId));
        return reply.code(204).send(null);
      },
    );
  };
}
