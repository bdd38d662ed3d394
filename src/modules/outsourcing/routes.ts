import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../../config.js';
import type { Ctx } from '../../core/context.js';
import { IdParams, Input, errorResponses } from '../../core/schemas.js';
import { Job } from '../jobs/index.js';
import { candidatesForJob } from './candidates.js';
import {
  CreateOutsourcing,
  OutsourcingParams,
  SupplierCandidates,
  SupplierPriceObject,
  SupplierPricesQuery,
  UpdateOutsourcing,
  UpdatePortal,
  OnBehalfAccept,
  OnBehalfRefuse,
  type OutsourcingInput,
} from './schemas.js';
import { portalService } from './portal.js';
import { supplierAnswers } from './supplier-answers.js';
import { outsourcingService } from './service.js';

const tags = ['Jobs'];
const PATH = '/v2/jobs/:id/outsourcing';

/** What the outsourcing's routes are registered with by modules/index.ts, which keeps this module free of an import of documents. */
export interface OutsourcingRouteOptions {
  /**
   * An offer was accepted on the supplier's behalf, in the accept's transaction: makes its purchase
   * order when the outsourcing asks one (docs/supplier-portal.md#purchase-orders).
   */
  accepted(ctx: Ctx, config: Config, outsourcingId: string): Promise<void>;
}

/** Outsourcing of a job (docs/jobs.md#outsourcing): each operation answers the job (200, docs/reference.md#status-codes). */
export const outsourcingRoutes: FastifyPluginAsyncTypebox<OutsourcingRouteOptions> = async (app, options) => {
  const response = { 200: Job, ...errorResponses };
  app.post(
    PATH,
    { schema: { tags, summary: 'Outsource a part of a job to a supplier (answers the job)', params: IdParams, body: CreateOutsourcing, response } },
    async (request) =>
      app.inTransaction(request, (ctx) => outsourcingService.create(ctx, request.params.id, request.body as OutsourcingInput & { supplier: string })),
  );
  app.put(
    `${PATH}/:outsourcingId`,
    { schema: { tags, summary: 'Update an outsourcing of a job (answers the job)', params: OutsourcingParams, body: UpdateOutsourcing, response } },
    async (request) => app.inTransaction(request, (ctx) => outsourcingService.update(ctx, request.params.id, request.params.outsourcingId, request.body)),
  );
  app.put(
    `${PATH}/:outsourcingId/portal`,
    {
      schema: {
        tags,
        summary: 'Change the supplier portal settings of an outsourcing (answers the job)',
        params: OutsourcingParams,
        body: UpdatePortal,
        response,
      },
    },
    async (request) => app.inTransaction(request, (ctx) => portalService.update(ctx, request.params.id, request.params.outsourcingId, request.body)),
  );
  // The agency's hand on an offer (docs/supplier-portal.md#the-agencys-hand).
  app.post(
    `${PATH}/:outsourcingId/portal/accept`,
    {
      schema: {
        tags,
        summary: "Accept an offer on the supplier's behalf, recorded as such (answers the job)",
        params: OutsourcingParams,
        body: Type.Optional(OnBehalfAccept),
        response,
      },
    },
    async (request) =>
      app.inTransaction(request, async (ctx) => {
        const job = await supplierAnswers.onBehalf(
          ctx,
          request.params.id,
          request.params.outsourcingId,
          { kind: 'accept', comment: request.body?.comment },
          app.config.smtp !== undefined,
        );
        await options.accepted(ctx, app.config, request.params.outsourcingId);
        return job;
      }),
  );
  app.post(
    `${PATH}/:outsourcingId/portal/refuse`,
    {
      schema: {
        tags,
        summary: "Refuse an offer on the supplier's behalf, saying why, recorded as such (answers the job)",
        params: OutsourcingParams,
        body: OnBehalfRefuse,
        response,
      },
    },
    async (request) =>
      app.inTransaction(request, (ctx) =>
        supplierAnswers.onBehalf(
          ctx,
          request.params.id,
          request.params.outsourcingId,
          { kind: 'refuse', reason: request.body.reason },
          app.config.smtp !== undefined,
        ),
      ),
  );
  app.post(
    `${PATH}/:outsourcingId/portal/withdraw`,
    {
      schema: {
        tags,
        summary: 'Withdraw an offer not answered yet: it leaves the portal (answers the job)',
        params: OutsourcingParams,
        body: Type.Optional(Input({})),
        response,
      },
    },
    async (request) => app.inTransaction(request, (ctx) => supplierAnswers.withdraw(ctx, request.params.id, request.params.outsourcingId)),
  );
  app.delete(
    `${PATH}/:outsourcingId`,
    { schema: { tags, summary: 'Delete an outsourcing of a job (answers the job)', params: OutsourcingParams, response } },
    async (request) => app.inTransaction(request, (ctx) => outsourcingService.remove(ctx, request.params.id, request.params.outsourcingId)),
  );
  app.get(
    '/v2/jobs/:id/supplier-prices',
    {
      schema: {
        tags,
        summary: 'Applicable prices of a supplier for an outsourcing of a job, best first (the first is the one it would take)',
        params: IdParams,
        querystring: SupplierPricesQuery,
        response: { 200: Type.Array(SupplierPriceObject), ...errorResponses },
      },
    },
    async (request) => outsourcingService.prices(app.readCtx(request), request.params.id, request.query),
  );
  app.get(
    '/v2/jobs/:id/supplier-candidates',
    {
      schema: {
        tags,
        summary: "Suppliers for an outsourcing of a job: those with the job's language pair or service, with their price, rating and availability, best first",
        params: IdParams,
        querystring: Input({}),
        response: { 200: SupplierCandidates, ...errorResponses },
      },
    },
    async (request) => candidatesForJob(app.readCtx(request), request.params.id),
  );
};
