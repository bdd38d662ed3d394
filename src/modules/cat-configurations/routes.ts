import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, errorResponses } from '../../core/schemas.js';
import { catToolList } from './cat-tools.js';
import { CatConfiguration, CatPresetSchema, CatToolSchema, CreateCatConfiguration, MoveParams, ToolMatchParams, UpdateCatConfiguration } from './schemas.js';
import { catConfigurations } from './service.js';

const tags = ['CAT configurations'];
const PATH = '/v2/account/cat-configurations';
const MAPPING = `${PATH}/:id/match/:matchId`;

export const catConfigurationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${PATH}/cat-tools`,
    { schema: { tags, summary: 'List the CAT tools (the same for every account)', response: { 200: Type.Array(CatToolSchema), ...errorResponses } } },
    async () => catToolList(),
  );
  app.get(
    `${PATH}/presets`,
    {
      schema: {
        tags,
        summary: "List the presets, one per CAT tool, in this account's units and match categories",
        response: { 200: Type.Array(CatPresetSchema), ...errorResponses },
      },
    },
    async (request) => catConfigurations.presets(app.readCtx(request)),
  );
  app.get(
    PATH,
    { schema: { tags, summary: 'List CAT configurations (creation order)', response: { 200: Type.Array(CatConfiguration), ...errorResponses } } },
    async (request) => catConfigurations.list(app.readCtx(request)),
  );
  app.post(
    PATH,
    {
      schema: {
        tags,
        summary: "Create a CAT configuration, or start one from a tool's preset",
        body: CreateCatConfiguration,
        response: { 201: CatConfiguration, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await app.inTransaction(request, (ctx) => catConfigurations.create(ctx, request.body))),
  );
  app.get(
    `${PATH}/:id`,
    { schema: { tags, summary: 'Retrieve a CAT configuration', params: IdParams, response: { 200: CatConfiguration, ...errorResponses } } },
    async (request) => catConfigurations.get(app.readCtx(request), request.params.id),
  );
  app.put(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'Update a CAT configuration (catTool cannot change)',
        params: IdParams,
        body: UpdateCatConfiguration,
        response: { 200: CatConfiguration, ...errorResponses },
      },
    },
    async (request) => app.inTransaction(request, (ctx) => catConfigurations.update(ctx, request.params.id, request.body)),
  );
  app.delete(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a CAT configuration (409 while a client or supplier uses it)',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await app.inTransaction(request, (ctx) => catConfigurations.remove(ctx, request.params.id));
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${MAPPING}/cat-tool-match/:toolMatch`,
    {
      schema: {
        tags,
        summary: 'Add a tool match to the mapping of a match category (moves it from another category)',
        params: ToolMatchParams,
        response: { 200: CatConfiguration, ...errorResponses },
      },
    },
    async (request) =>
      app.inTransaction(request, (ctx) => catConfigurations.addToolMatch(ctx, request.params.id, request.params.matchId, request.params.toolMatch)),
  );
  app.delete(
    `${MAPPING}/cat-tool-match/:toolMatch`,
    {
      schema: {
        tags,
        summary: 'Remove a tool match from the mapping of a match category',
        params: ToolMatchParams,
        response: { 200: CatConfiguration, ...errorResponses },
      },
    },
    async (request) =>
      app.inTransaction(request, (ctx) => catConfigurations.removeToolMatch(ctx, request.params.id, request.params.matchId, request.params.toolMatch)),
  );
  app.put(
    `${MAPPING}/move/:position`,
    {
      schema: {
        tags,
        summary: 'Move the mapping of a match category to a 0-based position',
        params: MoveParams,
        response: { 200: CatConfiguration, ...errorResponses },
      },
    },
    async (request) =>
      app.inTransaction(request, (ctx) => catConfigurations.moveMapping(ctx, request.params.id, request.params.matchId, request.params.position)),
  );
};
