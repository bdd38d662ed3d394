import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageJson } from '../../core/pagination.js';
import { sendReadyJson } from '../../core/http/ready-json.js';
import { IdParams, Paginated, errorResponses } from '../../core/schemas.js';
import { labelRoutes } from '../labels/index.js';
import { jobPricing } from './price-service.js';
import { jobNoteRoutes } from './notes.js';
import { jobParent } from './parent.js';
import { previewJobPrice } from './price-preview.js';
import {
  ApplicablePriceObject,
  CreateJob,
  Job,
  JobListQuery,
  type JobFilters,
  JobPricePreview,
  JobPricePreviewQuery,
  JobPricesQuery,
  UpdateJob,
  UpdateJobPrice,
} from './schemas.js';
import { jobs } from './service.js';
import { jobViews } from './views.js';

const tags = ['Jobs'];
const PATH = '/v2/jobs';

export const jobRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    PATH,
    {
      schema: { tags, summary: 'List jobs (paginated, filtered)', querystring: JobListQuery, response: { 200: Paginated(Job), ...errorResponses } },
      // A file made for a spreadsheet (docs/jobs.md#csv-export): flat cells, one column per match category.
      config: { csvExport: { page: (ctx, query, _params, columns) => jobs.exportPage(ctx, query as JobFilters, columns), columnsFor: jobs.exportColumns } },
    },
    async (request, reply) =>
      // Already JSON (the job view cache): sent as it is, not serialised again.
      sendReadyJson(reply, pageJson(await jobs.listJson(app.readCtx(request), request.query))),
  );
  app.post(PATH, { schema: { tags, summary: 'Create a job', body: CreateJob, response: { 201: Job, ...errorResponses } } }, async (request, reply) =>
    reply.code(201).send(await app.inTransaction(request, (ctx) => jobs.create(ctx, request.body))),
  );
  // A static path: Fastify's router matches it before `/:id`.
  app.get(
    `${PATH}/price-preview`,
    {
      schema: {
        tags,
        summary: 'The price and estimation a new job would take (nothing is created)',
        querystring: JobPricePreviewQuery,
        response: { 200: JobPricePreview, ...errorResponses },
      },
    },
    async (request) => previewJobPrice(app.readCtx(request), request.query),
  );
  app.get(
    `${PATH}/:id`,
    {
      schema: { tags, summary: 'Retrieve a job', params: IdParams, response: { 200: Job, ...errorResponses } },
      // PostgreSQL: the job's version is read with the caller's key, one round trip for a kept job.
      config: { prereadVersions: jobViews.prereadBy('id') },
    },
    async (request, reply) => sendReadyJson(reply, await jobs.getJson(app.readCtx(request), request.params.id)),
  );
  app.put(
    `${PATH}/:id`,
    { schema: { tags, summary: 'Update a job (status moves included)', params: IdParams, body: UpdateJob, response: { 200: Job, ...errorResponses } } },
    async (request) => app.inTransaction(request, (ctx) => jobs.update(ctx, request.params.id, request.body)),
  );
  app.delete(
    `${PATH}/:id`,
    { schema: { tags, summary: 'Delete a job with its own parts (409 while invoiced)', params: IdParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      await app.inTransaction(request, (ctx) => jobs.remove(ctx, request.params.id));
      return reply.code(204).send(null);
    },
  );
  app.put(
    `${PATH}/:id/price`,
    { schema: { tags, summary: 'Update the pricing of a job', params: IdParams, body: UpdateJobPrice, response: { 200: Job, ...errorResponses } } },
    async (request) => app.inTransaction(request, (ctx) => jobPricing.update(ctx, request.params.id, request.body)),
  );
  app.get(
    `${PATH}/:id/prices`,
    {
      schema: {
        tags,
        summary: 'Applicable prices of a job, best first',
        params: IdParams,
        querystring: JobPricesQuery,
        response: { 200: Type.Array(ApplicablePriceObject), ...errorResponses },
      },
    },
    async (request) => jobPricing.prices(app.readCtx(request), request.params.id, request.query),
  );

  await app.register(labelRoutes(jobParent));
  await app.register(jobNoteRoutes);
};
