import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, errorResponses } from '../../core/schemas.js';
import { ApiKey, ApiKeyQuery, CreateApiKey, NewApiKey } from './schemas.js';
import { apiKeys } from './service.js';

const tags = ['API keys'];
const PATH = '/v2/api-keys';

/** Keys through the API (docs/access.md#api-keys): every role manages its own, owner and admin all of the account's. */
export const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: "List the live API keys the caller may see: their own (owner and admin: the account's), in creation order",
        querystring: ApiKeyQuery,
        response: { 200: Type.Array(ApiKey), ...errorResponses },
      },
    },
    async (request) => apiKeys.list(app.readCtx(request), request.query),
  );
  app.post(
    PATH,
    {
      schema: {
        tags,
        summary: 'Create an API key (its secret is answered only this once)',
        body: CreateApiKey,
        response: { 201: NewApiKey, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await app.inTransaction(request, (ctx) => apiKeys.create(ctx, request.body))),
  );
  app.delete(
    `${PATH}/:id`,
    { schema: { tags, summary: 'Revoke an API key (at once, in every server process)', params: IdParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      await app.inTransaction(request, (ctx) => apiKeys.revoke(ctx, request.params.id));
      return reply.code(204).send(null);
    },
  );
};
