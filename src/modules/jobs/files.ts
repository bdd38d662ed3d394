import { files, jobFiles } from '../files/index.js';
import type { JobExtension, JobParts } from './extensions.js';

/**
 * Files on jobs (docs/files.md#files-of-jobs-and-groups): the job's `files` for a page of jobs, and
 * the files (with their content) of a deleted job: an extension of jobs (listed in modules/index.ts).
 * Their routes are the files module's, registered with the job's descriptor (parent.ts).
 */
export const filesJobExtension: JobExtension = {
  name: 'files',
  async loadParts(ctx, jobIds) {
    const lists = await files.listFor(ctx, jobFiles, jobIds);
    return new Map<string, Partial<JobParts>>([...lists].map(([id, list]) => [id, { files: list }]));
  },
  deleteParts: (ctx, jobId) => files.removeAllFor(ctx, jobFiles, jobId),
};
