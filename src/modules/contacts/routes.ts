import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CheckedParent } from '../../core/parent-resource.js';
import { Id, IdParams, errorResponses } from '../../core/schemas.js';
import type { ContactKind } from './kinds.js';
import { contactSchemas, type ContactInput } from './schemas.js';
import { contacts } from './service.js';

/**
 * The five contact routes under one owner collection (`{basePath}/:id/contacts`), registered by the
 * owner with its kind of contacts and its descriptor: each checks that the owner is the caller's, and
 * a change is the owner's change (its updated_at and `<resource>.updated`).
 */
export function contactRoutes(kind: ContactKind, owner: CheckedParent): FastifyPluginAsyncTypebox {
  const { Contact, CreateContact, UpdateContact } = contactSchemas(kind);
  const path = `${owner.basePath}/:id/contacts`;
  const ContactParams = Type.Object({ id: Id(), contactId: Id() }, { additionalProperties: false });
  const tags = [owner.tag];
  const noun = owner.resource;

  return async (app) => {
    app.get(
      path,
      { schema: { tags, summary: `List the contacts of a ${noun}`, params: IdParams, response: { 200: Type.Array(Contact), ...errorResponses } } },
      async (request) => contacts.list(app.readCtx(request), kind, owner, request.params.id),
    );

    app.post(
      path,
      { schema: { tags, summary: `Create a contact of a ${noun}`, params: IdParams, body: CreateContact, response: { 201: Contact, ...errorResponses } } },
      async (request, reply) => {
        const body = request.body as ContactInput & { fullName: string };
        const contact = await app.inTransaction(request, (ctx) => contacts.create(ctx, kind, owner, request.params.id, body));
        return reply.code(201).send(contact);
      },
    );

    app.get(
      `${path}/:contactId`,
      { schema: { tags, summary: `Retrieve a contact of a ${noun}`, params: ContactParams, response: { 200: Contact, ...errorResponses } } },
      async (request) => contacts.get(app.readCtx(request), kind, owner, request.params.id, request.params.contactId),
    );

    app.put(
      `${path}/:contactId`,
      { schema: { tags, summary: `Update a contact of a ${noun}`, params: ContactParams, body: UpdateContact, response: { 200: Contact, ...errorResponses } } },
      async (request) => app.inTransaction(request, (ctx) => contacts.update(ctx, kind, owner, request.params.id, request.params.contactId, request.body)),
    );

    app.delete(
      `${path}/:contactId`,
      { schema: { tags, summary: `Delete a contact of a ${noun}`, params: ContactParams, response: { 204: Type.Null(), ...errorResponses } } },
      async (request, reply) => {
        await app.inTransaction(request, (ctx) => contacts.remove(ctx, kind, owner, request.params.id, request.params.contactId));
        return reply.code(204).send(null);
      },
    );
  };
}
