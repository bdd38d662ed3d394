import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Binary, errorResponses } from '../../core/schemas.js';
import { LOGO_MAX_BYTES, sendLogo } from './logo-image.js';
import { receiveSmallUpload } from './logo-upload.js';
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

  // The logo (docs/operations.md#the-logo).
  app.get(
    '/v2/account/logo',
    {
      schema: {
        tags,
        summary: "Download the account's logo (PNG, JPEG or sanitised SVG, as stored)",
        response: { 200: Binary('the image, with its content type'), ...errorResponses },
      },
    },
    async (request, reply) => {
      return sendLogo(reply, await accounts.logo(app.readCtx(request)), 'no-store');
    },
  );
  app.put(
    '/v2/account/logo',
    {
      schema: {
        tags,
        summary: "Upload the account's logo (replaces the current one)",
        description: `multipart/form-data with the image in the field \`file\`: PNG, JPEG or SVG recognised by its content, at most ${LOGO_MAX_BYTES} bytes (413 beyond) and 4000 × 4000 pixels; an SVG is sanitised.`,
        consumes: ['multipart/form-data'],
        'x-multipart': { file: 'the image (PNG, JPEG or SVG)', required: true },
        response: { 200: Account, ...errorResponses },
      },
    },
    async (request) => {
      const content = await receiveSmallUpload(request, LOGO_MAX_BYTES);
      return app.inTransaction(request, (ctx) => accounts.setLogo(ctx, content));
    },
  );
  app.delete(
    '/v2/account/logo',
    { schema: { tags, summary: "Remove the account's logo", response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      await app.inTransaction(request, (ctx) => accounts.removeLogo(ctx));
      return reply.code(204).send(null);
    },
  );
};
