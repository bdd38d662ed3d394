import type { Compilable } from 'kysely';
import { preparedQuery } from '../../core/db/prepared.js';
import type { FileKind, FileRow } from './kinds.js';
import { JobFile, type JobFileObject } from './schemas.js';
import { CLIENT_SHARE_FLAG, foldShared, groupFilesOfJobs, jobFileObject, ownFilesWithShares, presentShared, type SharedRow } from './sharing.js';

/**
 * Files as parts of a job: how they are loaded and presented (the kind that the jobs' extension,
 * jobs/files.ts, and the CAT analysis use); the job as their owner, its routes and sharing, are in
 * job-files.ts.
 */
/** The files of jobs and of their groups, with their shares (one query per page of jobs). */
const filesOfJobs = preparedQuery(
  (db, p: { accountId: string; jobIds: readonly string[] }) =>
    ownFilesWithShares(db, p.accountId, 'job', p.jobIds)
      .unionAll(groupFilesOfJobs(db, p.accountId, p.jobIds))
      .orderBy('created_at')
      .orderBy('id')
      .orderBy('shared_with') as unknown as Compilable<SharedRow>,
);

export const jobFiles: FileKind<JobFileObject> = {
  ownerType: 'job',
  ownerTable: 'jobs',
  noun: 'job',
  schema: JobFile,
  present: presentShared(jobFileObject),
  flags: [{ path: 'share/with/all', column: 'share_with_all', summary: 'shared with all its outsourcing' }, CLIENT_SHARE_FLAG],
  /** One query for a page of jobs: their own files and their groups' files, with their shares, in creation order. */
  async loadFor(ctx, jobIds) {
    const rows = await filesOfJobs(ctx.db, { accountId: ctx.accountId, jobIds });
    return foldShared(rows, jobFileObject);
  },
  /** The files of the job's group (docs/files.md#files-of-jobs-and-groups), found by their id on the job's paths (download). */
  async inherited(ctx, jobIds) {
    const rows = (await groupFilesOfJobs(ctx.db, ctx.accountId, jobIds).orderBy('f.created_at').orderBy('f.id').execute()) as SharedRow[];
    const result = new Map<string, FileRow[]>();
    for (const row of rows) {
      const list = result.get(row.for_owner) ?? [];
      if (!list.some((item) => item.id === row.id)) list.push(row);
      result.set(row.for_owner, list);
    }
    return result;
  },
};
