import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sendReadyJson } from '../../core/http/ready-json.js';
import { pageJson } from '../../core/pagination.js';
import { IdParams, Paginated, errorResponses } from '../../core/schemas.js';
import { labelRoutes } from '../labels/index.js';
import { noteRoutes } from '../notes/index.js';
import { groupParent } from './parent.js';
import { CreateGroup, Group, GroupJobParams, GroupListQuery, UpdateGroup } from './schemas.js';
import { groups } from './service.js';
import { groupViews } from './views.js';

const tags = ['Groups'];
const PATH = '/v2/groups';

export const groupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    PATH,
    {
      schema: { tags, summary: 'List groups (paginated, filtered)', querystring: GroupListQuery, response: { 200: Paginated(Group), ...errorResponses } },
      config: { csvExport: { page: groups.listJson } },
    },
    async (request, reply) =>
      // Already JSON (the group view cache): sent as it is, not serialised again.
      sendReadyJson(reply, pageJson(await groups.listJson(app.readCtx(request), request.query))),
  );
  app.post(PATH, { schema: { tags, summary: 'Create a group', body: CreateGroup, response: { 201: Group, ...errorResponses } } }, async (request, reply) =>
    reply.code(201).send(await app.inTransaction(request, (ctx) => groups.create(ctx, request.body))),
  );
  app.get(
    `${PATH}/:id`,
    {
      schema: { tags, summary: 'Retrieve a group', params: IdParams, response: { 200: Group, ...errorResponses } },
      // PostgreSQL: the group's version is read with the caller's key, one round trip for a kept group.
      config: { prereadVersions: groupViews.prereadBy('id') },
    },
    async (request, reply) => sendReadyJson(reply, await groups.getJson(app.readCtx(request), request.params.id)),
  );
  app.put(
    `${PATH}/:id`,
    { schema: { tags, summary: 'Update a group', params: IdParams, body: UpdateGroup, response: { 200: Group, ...errorResponses } } },
    async (request) => app.inTransaction(request, (ctx) => groups.update(ctx, request.params.id, request.body)),
  );
  app.delete(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a group; its jobs stay (409 while it holds invoiced jobs)',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await app.inTransaction(request, (ctx) => groups.remove(ctx, request.params.id));
      return reply.code(204).send(null);
    },
  );
  const addJob = {
    schema: { tags, summary: 'Add a job to the group (moving it from its group)', params: GroupJobParams, response: { 200: Group, ...errorResponses } },
  };
  // The specification does not name the method: POST, and PUT accepted (docs/groups.md#endpoints).
  app.post(`${PATH}/:id/jobs/:jobId`, addJob, async (request) =>
    app.inTransaction(request, (ctx) => groups.addJob(ctx, request.params.id, request.params.jobId)),
  );
  app.put(`${PATH}/:id/jobs/:jobId`, addJob, async (request) =>
    app.inTransaction(request, (ctx) => groups.addJob(ctx, request.params.id, request.params.jobId)),
  );
  app.delete(
    `${PATH}/:id/jobs/:jobId`,
    { schema: { tags, summary: 'Remove a job from the group', params: GroupJobParams, response: { 200: Group, ...errorResponses } } },
    async (request) => app.inTransaction(request, (ctx) => groups.removeJob(ctx, request.params.id, request.params.jobId)),
  );

  await app.register(labelRoutes(groupParent));
  await app.register(noteRoutes(groupParent));
};
