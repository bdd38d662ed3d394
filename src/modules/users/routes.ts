import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../core/context.js';
import { IdParams, errorResponses } from '../../core/schemas.js';
import { CreateUser, CreatedUser, UpdateOwnUser, UpdateUser, User, type UserLink } from './schemas.js';
import { users, type UserAccess, type UserObject } from './service.js';

/** An invitation made in the creating transaction; `deliver` runs after the commit (it may e-mail it) and answers the link. */
export interface IssuedInvitation {
  deliver(): Promise<Static<typeof UserLink>>;
}

/** What the composition gives the users' routes: the invitation of a user created with an e-mail (modules/auth). */
export interface UserRouteDeps {
  invite(request: FastifyRequest, ctx: Ctx, user: UserObject): Promise<IssuedInvitation>;
  access: UserAccess;
}

export const userRoutes =
  (deps: UserRouteDeps): FastifyPluginAsyncTypebox =>
  (app) =>
    routesWith(app, deps);

const tags = ['Users'];
const PATH = '/v2/users';

const routesWith: FastifyPluginAsyncTypebox<UserRouteDeps> = async (app, deps) => {
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
  // Every role may name itself (own access, src/core/access.ts); another user's name is PUT /v2/users/:id, owners and admins only.
  app.patch(
    `${PATH}/me`,
    {
      schema: {
        tags,
        summary: "Change the calling user's own name (every role)",
        body: UpdateOwnUser,
        response: { 200: User, ...errorResponses },
      },
    },
    async (request) => app.inTransaction(request, (ctx) => users.update(ctx, ctx.userId, { name: request.body.name }, deps.access)),
  );
  app.post(
    PATH,
    {
      schema: {
        tags,
        summary: 'Create a user (with an e-mail: invited, and the invitation is answered and e-mailed)',
        body: CreateUser,
        response: { 201: CreatedUser, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user, invitation } = await app.inTransaction(request, async (ctx) => {
        const user = await users.create(ctx, request.body);
        return { user, invitation: user.status === 'invited' ? await deps.invite(request, ctx, user) : null };
      });
      // After the commit: the e-mail goes out only for a user that exists (core/mail.ts).
      return reply.code(201).send(invitation === null ? user : { ...user, invitation: await invitation.deliver() });
    },
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
    async (request) => app.inTransaction(request, (ctx) => users.update(ctx, request.params.id, request.body, deps.access)),
  );
};
