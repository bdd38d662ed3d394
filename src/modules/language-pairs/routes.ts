import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, errorResponses } from '../../core/schemas.js';
import { CreateLanguagePair, LanguagePair, UpdateLanguagePair } from './schemas.js';
import { languagePairs } from './service.js';

const tags = ['Account master data'];
const PATH = '/v2/account/language-pairs';

export const languagePairRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(PATH, { schema: { tags, summary: 'List language pairs', response: { 200: Type.Array(LanguagePair), ...errorResponses } } }, async (request) =>
    languagePairs.list(app.readCtx(request)),
  );
  app.post(
    PATH,
    { schema: { tags, summary: 'Create a language pair', body: CreateLanguagePair, response: { 201: LanguagePair, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await app.inTransaction(request, (ctx) => languagePairs.create(ctx, request.body))),
  );
  app.get(
    `${PATH}/:id`,
    { schema: { tags, summary: 'Retrieve a language pair', params: IdParams, response: { 200: LanguagePair, ...errorResponses } } },
    async (request) => languagePairs.get(app.readCtx(request), request.params.id),
  );
  app.put(
    `${PATH}/:id`,
    { schema: { tags, summary: 'Update a language pair', params: IdParams, body: UpdateLanguagePair, response: { 200: LanguagePair, ...errorResponses } } },
    async (request) => app.inTransaction(request, (ctx) => languagePairs.update(ctx, request.params.id, request.body)),
  );
  app.delete(
    `${PATH}/:id`,
    { schema: { tags, summary: 'Delete a language pair (409 while referenced)', params: IdParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      await app.inTransaction(request, (ctx) => languagePairs.remove(ctx, request.params.id));
      return reply.code(204).send(null);
    },
  );
};
