import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Ctx } from '../../core/context.js';
import { nowIso } from '../../core/dates.js';
import { notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { errorResponses } from '../../core/schemas.js';
import { jobs, jobStore, type JobExtension } from '../jobs/index.js';
import type { FileOwner } from './routes.js';
import { jobFiles } from './job-kind.js';
import { JobFile, ShareParams, type JobFileObject } from './schemas.js';
import { files } from './service.js';
import { shareRepository, uploadSharedWithOutsourcing, sharing } from './sharing.js';

/**
 * Files of a job (specification "Files of a job", docs/files.md#files-of-jobs-and-groups): the job's own files plus the
 * files of its group (`groupFileId` set; see group-files.ts), shared with all or some of the job's
 * outsourcing.
 */
const outsourcingOfJob = (ctx: Ctx, jobId: string, outsourcingId: string) => shareRepository.isOutsourcingOfJob(ctx.db, ctx.accountId, jobId, outsourcingId);

async function assertOutsourcing(ctx: Ctx, jobId: string, outsourcingId: string | undefined): Promise<void> {
  if (outsourcingId !== undefined && !(await outsourcingOfJob(ctx, jobId, outsourcingId))) throw notFound('outsourcing of this job', outsourcingId);
}

/** A file of the job changed: its updated_at and `job.updated` (no recomputation: files are no estimation input). */
async function jobChanged(ctx: Ctx, jobId: string): Promise<void> {
  await jobStore.touch(ctx, jobId, nowIso());
  await recordEvent(ctx, 'job.updated', await jobs.get(ctx, jobId));
}

export const jobFileOwner: FileOwner<JobFileObject> = {
  kind: jobFiles,
  basePath: '/v2/jobs',
  tag: 'Jobs',
  changed: jobChanged,
  upload: uploadSharedWithOutsourcing(assertOutsourcing),
};

/** `PUT` / `DELETE /v2/jobs/:id/files/:fileId/share/with/:outsourcingId`. */
export const jobShareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const [method, shared] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/v2/jobs/:id/files/:fileId/share/with/:outsourcingId',
      schema: {
        tags: ['Jobs'],
        summary: shared
          ? 'Share a job file with one outsourcing (shareWithAll unchanged)'
          : 'Stop sharing a job file with one outsourcing (shareWithAll becomes false)',
        params: ShareParams,
        response: { 200: JobFile, ...errorResponses },
      },
      handler: async (request) =>
        app.inTransaction(request, async (ctx) => {
          const { id, fileId, outsourcingId } = request.params;
          const { file, changed } = await sharing.setShare(ctx, jobFiles, id, fileId, outsourcingId, shared, outsourcingOfJob);
          if (changed) await jobChanged(ctx, id);
          return file;
        }),
    });
  }
};

/** The job object's `files` for a page of jobs, and the files (with content) of a deleted job. */
export const filesJobExtension: JobExtension = {
  name: 'files',
  async loadParts(ctx, jobIds) {
    const lists = await files.listFor(ctx, jobFiles, jobIds);
    return new Map([...lists].map(([id, list]) => [id, { files: list }]));
  },
  deleteParts: (ctx, jobId) => files.removeAllFor(ctx, jobFiles, jobId),
};
