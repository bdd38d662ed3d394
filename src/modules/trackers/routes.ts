import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, errorResponses } from '../../core/schemas.js';
import { Job } from '../jobs/index.js';
import { CreateTracker, StartTracker, StopTracker, TrackerParams, UpdateTracker } from './schemas.js';
import { trackers } from './service.js';

const tags = ['Jobs'];
const PATH = '/v2/jobs/:id/trackers';

/** Time trackers of a job (docs/trackers.md): every operation answers the job (200, docs/reference.md#status-codes). */
export const trackerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const response = { 200: Job, ...errorResponses };
  app.post(
    PATH,
    { schema: { tags, summary: 'Add a stopped time tracker entry of the calling user (answers the job)', params: IdParams, body: CreateTracker, response } },
    async (request) => app.inTransaction(request, (ctx) => trackers.create(ctx, request.params.id, request.body)),
  );
  app.post(
    `${PATH}/start`,
    { schema: { tags, summary: 'Start a time tracker of the calling user (409 when one runs already)', params: IdParams, body: StartTracker, response } },
    async (request) => app.inTransaction(request, (ctx) => trackers.start(ctx, request.params.id)),
  );
  app.put(
    `${PATH}/stop`,
    { schema: { tags, summary: 'Stop every running time tracker of the job (answers the job)', params: IdParams, body: StopTracker, response } },
    async (request) => app.inTransaction(request, (ctx) => trackers.stopAll(ctx, request.params.id, request.body)),
  );
  app.put(
    `${PATH}/stop/:trackerId`,
    { schema: { tags, summary: 'Stop one running time tracker entry (answers the job)', params: TrackerParams, body: StopTracker, response } },
    async (request) => app.inTransaction(request, (ctx) => trackers.stopOne(ctx, request.params.id, request.params.trackerId, request.body)),
  );
  app.put(
    `${PATH}/:trackerId`,
    { schema: { tags, summary: 'Update a time tracker entry (answers the job)', params: TrackerParams, body: UpdateTracker, response } },
    async (request) => app.inTransaction(request, (ctx) => trackers.update(ctx, request.params.id, request.params.trackerId, request.body)),
  );
  app.delete(
    `${PATH}/:trackerId`,
    { schema: { tags, summary: 'Delete a time tracker entry (answers the job)', params: TrackerParams, response } },
    async (request) => app.inTransaction(request, (ctx) => trackers.remove(ctx, request.params.id, request.params.trackerId)),
  );
};
