import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, errorResponses } from '../../core/schemas.js';
import { CreateExchangeRate, ExchangeRate, ExchangeRatePage, ExchangeRateQuery, ImportResult, UpdateExchangeRate } from './schemas.js';
import { exchangeRates } from './service.js';

const tags = ['Exchange rates'];
const PATH = '/v2/account/exchange-rates';

/** The account's exchange rates (docs/exchange-rates.md); owner, admin and finance change them (docs/access.md#roles). */
export const exchangeRateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    PATH,
    {
      schema: {
        tags,
        summary:
          "List the account's exchange rates (paginated; filter currency, source, dateFrom, dateTo; sort date (default, newest first), createdAt, updatedAt)",
        querystring: ExchangeRateQuery,
        response: { 200: ExchangeRatePage, ...errorResponses },
      },
      config: { csvExport: { page: exchangeRates.list } },
    },
    async (request) => exchangeRates.list(app.readCtx(request), request.query),
  );
  app.post(
    PATH,
    {
      schema: {
        tags,
        summary: 'Add a rate of a currency from a day (409 when that currency already has one that day)',
        body: CreateExchangeRate,
        response: { 201: ExchangeRate, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await app.inTransaction(request, (ctx) => exchangeRates.create(ctx, request.body))),
  );
  app.post(
    `${PATH}/import`,
    {
      schema: {
        tags,
        summary: "Import the European Central Bank's reference rates now from EXCHANGE_RATES_URL (409 when it is not set or the source fails)",
        response: { 200: ImportResult, ...errorResponses },
      },
    },
    async (request) => app.inTransaction(request, (ctx) => exchangeRates.importNow(ctx, app.config.exchangeRatesUrl)),
  );
  app.get(
    `${PATH}/:id`,
    { schema: { tags, summary: 'Get an exchange rate', params: IdParams, response: { 200: ExchangeRate, ...errorResponses } } },
    async (request) => exchangeRates.get(app.readCtx(request), request.params.id),
  );
  app.put(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'Change an exchange rate: date, currency, rate (the parameters given); it becomes manual',
        params: IdParams,
        body: UpdateExchangeRate,
        response: { 200: ExchangeRate, ...errorResponses },
      },
    },
    async (request) => app.inTransaction(request, (ctx) => exchangeRates.update(ctx, request.params.id, request.body)),
  );
  app.delete(
    `${PATH}/:id`,
    { schema: { tags, summary: 'Delete an exchange rate', params: IdParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      await app.inTransaction(request, (ctx) => exchangeRates.remove(ctx, request.params.id));
      return reply.code(204).send(null);
    },
  );
};
