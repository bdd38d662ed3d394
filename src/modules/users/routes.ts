import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, errorResponses } from '../../core/schemas.js';
import { CreateUser, UpdateUser, User } from './schemas.js';
import { users } from './service.js';

const tags = ['Users'];
const PATH = '/v2/users';

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    PATH,
    { schema: { tags, summary: 'List the users of the account (creation order)', response: { 200: Type.Array(User), ...errorResponses } } },
    async (request) => users.list(app.readCtx(request)),
  );
  app.get(
    `${PATH}/me`,
    { schema: { tags, summary: 'Retrieve the calling user (the owner of the API key)', response: { 200: User, ...errorResponses } } },
    async (request) => users.me(app.readCtx(request)),
  );
  app.post(PATH, { schema: { tags, summary: 'Create a user', body: CreateUser, response: { 201: User, ...errorResponses } } }, async (request, reply) =>
    reply.code(201).send(await app.inTransaction(request, (ctx) => users.create(ctx, request.body))),
  );
  app.get(`${PATH}/:id`, { schema: { tags, summary: 'Retrieve a user', params: IdParams, response: { 200: User, ...errorResponses } } }, async (request) =>
    users.get(app.readCtx(request), request.params.id),
  );
  app.put(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'Update a user (email null or empty clears it)',
        params: IdParams,
        body: UpdateUser,
        response: { 200: User, ...errorResponses },
      },
    },
    async (request) => app.inTransaction(request, (ctx) => users.update(ctx, request.params.id, request.body)),
  );
};
