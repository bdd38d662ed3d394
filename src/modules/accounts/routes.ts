import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../core/schemas.js';
import { Account, UpdateAccount } from './schemas.js';
import { accounts } from './service.js';

const tags = ['Account'];

export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v2/account', { schema: { tags, summary: 'Retrieve the account settings', response: { 200: Account, ...errorResponses } } }, async (request) =>
    accounts.get(app.readCtx(request)),
  );
  app.put(
    '/v2/account',
    {
      schema: {
        tags,
        summary: 'Update the account settings (parameters not given stay unchanged)',
        body: UpdateAccount,
        response: { 200: Account, ...errorResponses },
      },
    },
    async (request) => app.inTransaction(request, (ctx) => accounts.update(ctx, request.body)),
  );
};
