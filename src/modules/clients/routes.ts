import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, Paginated, errorResponses } from '../../core/schemas.js';
import { labelRoutes } from '../labels/index.js';
import { noteRoutes } from '../notes/index.js';
import { clientContacts, contactRoutes } from '../contacts/index.js';
import { Client, ClientListQuery, CreateClient, UpdateClient, type ClientFilters, type ClientInput } from './schemas.js';
import { clientParent } from './parent.js';
import { clients, type ClientDependents } from './service.js';

const tags = ['Clients'];
const PATH = '/v2/clients';

/** The client routes; `dependents` are told when a client's pricing terms change. */
export function clientRoutes(dependents: ClientDependents): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      PATH,
      {
        schema: { tags, summary: 'List clients (paginated)', querystring: ClientListQuery, response: { 200: Paginated(Client), ...errorResponses } },
        config: { csvExport: { page: clients.list } },
      },
      async (request) => clients.list(app.readCtx(request), request.query as ClientFilters),
    );
    app.post(PATH, { schema: { tags, summary: 'Create a client', body: CreateClient, response: { 201: Client, ...errorResponses } } }, async (request, reply) =>
      reply.code(201).send(await app.inTransaction(request, (ctx) => clients.create(ctx, request.body as ClientInput & { name: string }))),
    );
    app.get(
      `${PATH}/:id`,
      { schema: { tags, summary: 'Retrieve a client', params: IdParams, response: { 200: Client, ...errorResponses } } },
      async (request) => clients.get(app.readCtx(request), request.params.id),
    );
    app.put(
      `${PATH}/:id`,
      { schema: { tags, summary: 'Update a client', params: IdParams, body: UpdateClient, response: { 200: Client, ...errorResponses } } },
      async (request) => app.inTransaction(request, (ctx) => clients.update(ctx, request.params.id, request.body as ClientInput, dependents)),
    );
    app.delete(
      `${PATH}/:id`,
      {
        schema: {
          tags,
          summary: 'Delete a client (409 while referenced: archive it instead)',
          params: IdParams,
          response: { 204: Type.Null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await app.inTransaction(request, (ctx) => clients.remove(ctx, request.params.id));
        return reply.code(204).send(null);
      },
    );

    await app.register(contactRoutes(clientContacts, clientParent));
    await app.register(labelRoutes(clientParent));
    await app.register(noteRoutes(clientParent));
  };
}
