import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { EmptyQuery, Id, Paginated, errorResponses } from '../../core/schemas.js';
import { priceFamilies, type PriceFamily } from './families.js';
import { CopyBody, CopySkipped, copyPrices, type CopyInput } from './copy.js';
import { lookUpPrice } from './lookup.js';
import { PriceLookup, PriceLookupQuery } from './lookup-schemas.js';
import { matchService } from './match-service.js';
import { priceService } from './service.js';
import {
  AddMatchBody,
  UpdateMatchBody,
  createSchema,
  ownerParams,
  recordParams,
  recordSchema,
  searchSchema,
  updateSchema,
  type MatchInput,
  type PriceInput,
  type PriceSearch,
} from './schemas.js';

/** The routes of one price family (specification "Price families", docs/prices.md), built from its configuration. */
function familyRoutes(family: PriceFamily): FastifyPluginAsyncTypebox {
  const Record = recordSchema(family);
  const base = family.basePath;
  const record = `${base}/:${family.recordParam}`;
  const tags = [family.tag];
  const a = family.label;
  const owner = ownerParams(family);
  const withOwner = (schema: { [key: string]: unknown }) => (owner ? { ...schema, params: owner } : schema);
  const priceParams = recordParams(family);
  const matchParams = recordParams(family, { matchId: Id('match category id') });
  const moveParams = recordParams(family, {
    matchId: Id('match category id'),
    position: Type.Integer({ minimum: 0, maximum: 1_000_000, description: '0-based index the entry moves to' }),
  });
  const respond = (summary: string, extra: { [key: string]: TSchema } = {}) => ({
    tags,
    summary,
    ...extra,
    response: { 200: Record, ...errorResponses },
  });

  const ids = (request: FastifyRequest) => {
    const params = request.params as { [key: string]: string };
    return { ownerId: params.id, priceId: params[family.recordParam]! };
  };

  return async (app) => {
    if (family.paginated) {
      app.get(
        base,
        {
          schema: {
            tags,
            summary: `List and search ${a}s (paginated)`,
            querystring: searchSchema(family),
            response: { 200: Paginated(Record), ...errorResponses },
          },
          config: { csvExport: { page: (ctx, query) => priceService.search(ctx, family, query as PriceSearch) } },
        },
        async (request) => priceService.search(app.readCtx(request), family, request.query as PriceSearch),
      );
    } else {
      app.get(
        base,
        { schema: withOwner({ tags, summary: `List ${a}s`, querystring: EmptyQuery, response: { 200: Type.Array(Record), ...errorResponses } }) },
        async (request) => priceService.list(app.readCtx(request), family, ids(request).ownerId),
      );
    }

    app.post(
      base,
      { schema: withOwner({ tags, summary: `Create a ${a}`, body: createSchema(family), response: { 201: Record, ...errorResponses } }) },
      async (request, reply) => {
        const created = await app.inTransaction(request, (ctx) => priceService.create(ctx, family, ids(request).ownerId, request.body as PriceInput));
        return reply.code(201).send(created);
      },
    );

    app.post(
      `${base}/copy`,
      {
        schema: withOwner({
          tags,
          summary: `Copy another grid (the account's default prices, a client's prices or a supplier's services) into the ${a}s`,
          body: CopyBody,
          response: { 200: Type.Object({ created: Type.Array(Record), skipped: Type.Array(CopySkipped) }), ...errorResponses },
        }),
      },
      async (request) => app.inTransaction(request, (ctx) => copyPrices(ctx, family, ids(request).ownerId, request.body as CopyInput)),
    );

    app.get(record, { schema: respond(`Retrieve a ${a}`, { params: priceParams }) }, async (request) => {
      const { ownerId, priceId } = ids(request);
      return priceService.get(app.readCtx(request), family, ownerId, priceId);
    });

    app.put(record, { schema: respond(`Update a ${a}`, { params: priceParams, body: updateSchema(family) }) }, async (request) => {
      const { ownerId, priceId } = ids(request);
      return app.inTransaction(request, (ctx) => priceService.update(ctx, family, ownerId, priceId, request.body as PriceInput));
    });

    app.delete(
      record,
      { schema: { tags, summary: `Delete a ${a}`, params: priceParams, response: { 204: Type.Null(), ...errorResponses } } },
      async (request, reply) => {
        const { ownerId, priceId } = ids(request);
        await app.inTransaction(request, (ctx) => priceService.remove(ctx, family, ownerId, priceId));
        return reply.code(204).send(null);
      },
    );

    app.post(`${record}/match`, { schema: respond(`Add a match entry to a ${a}`, { params: priceParams, body: AddMatchBody }) }, async (request) => {
      const { ownerId, priceId } = ids(request);
      return app.inTransaction(request, (ctx) => matchService.add(ctx, family, ownerId, priceId, request.body as MatchInput));
    });

    app.route({
      method: ['PUT', 'POST'],
      url: `${record}/match/:matchId`,
      schema: respond(`Update a match entry of a ${a} (PUT or POST)`, { params: matchParams, body: UpdateMatchBody }),
      handler: async (request) => {
        const { ownerId, priceId } = ids(request);
        const { matchId } = request.params as { matchId: string };
        return app.inTransaction(request, (ctx) => matchService.update(ctx, family, ownerId, priceId, matchId, request.body as MatchInput));
      },
    });

    app.route({
      method: ['PUT', 'POST'],
      url: `${record}/matches/:matchId/move/:position`,
      schema: respond(`Move a match entry of a ${a} to a 0-based position (PUT or POST)`, { params: moveParams }),
      handler: async (request) => {
        const { ownerId, priceId } = ids(request);
        const { matchId, position } = request.params as { matchId: string; position: number };
        return app.inTransaction(request, (ctx) => matchService.move(ctx, family, ownerId, priceId, matchId, position));
      },
    });

    app.delete(`${record}/matches/:matchId`, { schema: respond(`Remove a match entry from a ${a}`, { params: matchParams }) }, async (request) => {
      const { ownerId, priceId } = ids(request);
      const { matchId } = request.params as { matchId: string };
      return app.inTransaction(request, (ctx) => matchService.remove(ctx, family, ownerId, priceId, matchId));
    });
  };
}

export const priceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v2/account/prices/lookup',
    {
      schema: {
        tags: ['Default prices'],
        summary: 'Which price a job or an outsourcing with these criteria would take, and why (docs/prices.md#price-look-up)',
        querystring: PriceLookupQuery,
        response: { 200: PriceLookup, ...errorResponses },
      },
    },
    async (request) => lookUpPrice(app.readCtx(request), request.query),
  );
  for (const family of priceFamilies) await app.register(familyRoutes(family));
};
