import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Ctx } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import { parentChanged, type ParentResource } from '../../core/parent-resource.js';
import { errorResponses } from '../../core/schemas.js';
import type { FileOwner } from './routes.js';
import { jobFiles } from './job-kind.js';
import { JobFile, ShareParams, type JobFileObject } from './schemas.js';
import { shareRepository, uploadSharedWithOutsourcing, sharing } from './sharing.js';

/**
 * Files of a job (specification "Files of a job", docs/files.md#files-of-jobs-and-groups): the job's own files plus the
 * files of its group (`groupFileId` set; see group-files.ts), shared with all or some of the job's
 * outsourcing. The job is known through its descriptor (`job`), handed over by the composition;
 * the job's `files` and their delete with the job are the jobs module's extension (jobs/files.ts).
 */
const outsourcingOfJob = (ctx: Ctx, jobId: string, outsourcingId: string) => shareRepository.isOutsourcingOfJob(ctx.db, ctx.accountId, jobId, outsourcingId);

async function assertOutsourcing(ctx: Ctx, jobId: string, outsourcingId: string | undefined): Promise<void> {
  if (outsourcingId !== undefined && !(await outsourcingOfJob(ctx, jobId, outsourcingId))) throw notFound('outsourcing of this job', outsourcingId);
}

/** The job as owner of files; a change of one of its files is the job's change (no recomputation: files are no estimation input). */
export function jobFileOwner(job: ParentResource): FileOwner<JobFileObject> {
  return { kind: jobFiles, parent: job, upload: uploadSharedWithOutsourcing(assertOutsourcing) };
}

/** `PUT` / `DELETE /v2/jobs/:id/files/:fileId/share/with/:outsourcingId`. */
export function jobShareRoutes(job: ParentResource): FastifyPluginAsyncTypebox {
  return async (app) => {
    for (const [method, shared] of [
      ['PUT', true],
      ['DELETE', false],
    ] as const) {
      app.route({
        method,
        url: `${job.basePath}/:id/files/:fileId/share/with/:outsourcingId`,
        schema: {
          tags: [job.tag],
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
            if (changed) await parentChanged(ctx, job, id);
            return file;
          }),
      });
    }
  };
}
