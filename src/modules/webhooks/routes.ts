import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, errorResponses } from '../../core/schemas.js';
import { wakeOutbox } from '../outbox/index.js';
import {
  CreateWebhook,
  Delivery,
  DeliveryPage,
  DeliveryParams,
  DeliveryQuery,
  type DeliveryListQuery,
  UpdateWebhook,
  Webhook,
  WebhookPage,
  WebhookQuery,
  WebhookWithSecret,
} from './schemas.js';
import { webhooks, type UrlCheck } from './service.js';
import { endpointsChanged } from './subscriptions.js';
import { checkWebhookUrl } from './targets.js';

const tags = ['Webhooks'];
const PATH = '/v2/webhooks';

/** Webhook endpoints and their deliveries (docs/webhooks.md); owner and admin change them (docs/access.md#roles). */
export const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const check: UrlCheck = (url) => checkWebhookUrl(url, app.config.webhooks.allowPrivateNetworks);
  /**
   * After a write of an endpoint has committed, this process's kept subscription lists are dropped
   * again (the service drops them in the transaction too): a list read meanwhile, before the commit,
   * would hold the old endpoints.
   */
  const committed = <T>(value: T): T => {
    endpointsChanged();
    return value;
  };

  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: "List the account's webhook endpoints (paginated; sort createdAt or updatedAt, newest first by default)",
        querystring: WebhookQuery,
        response: { 200: WebhookPage, ...errorResponses },
      },
      config: { csvExport: { page: webhooks.list } },
    },
    async (request) => webhooks.list(app.readCtx(request), request.query),
  );
  app.post(
    PATH,
    {
      schema: {
        tags,
        summary: 'Register a webhook endpoint (its signing secret is answered only this once)',
        body: CreateWebhook,
        response: { 201: WebhookWithSecret, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(committed(await app.inTransaction(request, (ctx) => webhooks.create(ctx, request.body, check)))),
  );
  app.get(
    `${PATH}/:id`,
    { schema: { tags, summary: 'Get a webhook endpoint (never its secret)', params: IdParams, response: { 200: Webhook, ...errorResponses } } },
    async (request) => webhooks.get(app.readCtx(request), request.params.id),
  );
  app.put(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'Update a webhook endpoint: url, events, description, enabled (the parameters given)',
        params: IdParams,
        body: UpdateWebhook,
        response: { 200: Webhook, ...errorResponses },
      },
    },
    async (request) => committed(await app.inTransaction(request, (ctx) => webhooks.update(ctx, request.params.id, request.body, check))),
  );
  app.delete(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a webhook endpoint with its deliveries (pending ones are not sent)',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      committed(await app.inTransaction(request, (ctx) => webhooks.remove(ctx, request.params.id)));
      return reply.code(204).send(null);
    },
  );
  app.post(
    `${PATH}/:id/rotate-secret`,
    {
      schema: {
        tags,
        summary: 'Give a webhook endpoint a new signing secret (answered only this once); the old one also signs for 24 hours',
        params: IdParams,
        response: { 200: WebhookWithSecret, ...errorResponses },
      },
    },
    async (request) => app.inTransaction(request, (ctx) => webhooks.rotateSecret(ctx, request.params.id)),
  );
  app.post(
    `${PATH}/:id/test`,
    {
      schema: {
        tags,
        summary: 'Send a webhook.test event to this endpoint only (answers 202 with the delivery, sent after the answer)',
        params: IdParams,
        response: { 202: Delivery, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(202).send(await app.inTransaction(request, (ctx) => webhooks.test(ctx, request.params.id))),
  );
  app.get(
    `${PATH}/:id/deliveries`,
    {
      schema: {
        tags,
        summary: "List a webhook endpoint's deliveries (paginated; filter status[]; sort createdAt or updatedAt, newest first by default)",
        params: IdParams,
        querystring: DeliveryQuery,
        response: { 200: DeliveryPage, ...errorResponses },
      },
      config: { csvExport: { page: (ctx, query, params) => webhooks.deliveries(ctx, params.id!, query as DeliveryListQuery) } },
    },
    async (request) => webhooks.deliveries(app.readCtx(request), request.params.id, request.query),
  );
  app.post(
    `${PATH}/:id/deliveries/:deliveryId/retry`,
    {
      schema: {
        tags,
        summary: 'Send a failed, cancelled or pending delivery again, now (answers the delivery)',
        params: DeliveryParams,
        response: { 200: Delivery, ...errorResponses },
      },
    },
    async (request) => {
      const delivery = await app.inTransaction(request, (ctx) => webhooks.retry(ctx, request.params.id, request.params.deliveryId));
      // Due again outside enqueue: the workers are told now rather than at their next poll.
      wakeOutbox();
      return delivery;
    },
  );
};
