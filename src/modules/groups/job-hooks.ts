import type { JobExtension, JobParts } from '../jobs/index.js';
import { groupRepository as repo } from './repository.js';
import { groups } from './service.js';

/**
 * Groups in the jobs module (its `jobExtensions` plug-in point): the job's `group` reference, the
 * listing's `group` filter, the refresh of a job's group after every write of the job's stored
 * estimation (the one place every job write passes through), and leaving the group on delete.
 * Listed by the composition (modules/index.ts).
 */
export const groupsJobExtension: JobExtension = {
  name: 'groups',
  async loadParts(ctx, jobIds) {
    const result = new Map<string, Partial<JobParts>>();
    for (const row of await repo.referencesOfJobs(ctx.db, ctx.accountId, jobIds)) result.set(row.jobId, { group: { id: row.id, name: row.name } });
    return result;
  },
  jobsChanged: (ctx, jobIds, groupIds) => groups.jobsChanged(ctx, jobIds, groupIds),
  beforeClientChange: (ctx, job, clientId) => groups.beforeClientChange(ctx, job, clientId),
  lockWithJobs: (ctx, jobIds) => groups.lockOfJobs(ctx, jobIds),
  deleteParts: (ctx, jobId) => groups.jobDeleting(ctx, jobId),
  jobsOfGroup: (ctx, groupId) => groups.jobIds(ctx, groupId),
};
