import type { ParentResource } from '../../core/parent-resource.js';
import { JOB_ENTITY } from './assembly.js';
import { Job, type JobObject } from './schemas.js';
import { jobs } from './service.js';
import { jobStore } from './store.js';

/**
 * The job as the parent of its notes, labels and files (docs/development.md#attachments-and-their-parents):
 * its routes register the notes and labels with it, the composition hands it to the files.
 */
export const jobParent: ParentResource<JobObject> = {
  resource: JOB_ENTITY,
  basePath: '/v2/jobs',
  tag: 'Jobs',
  schema: Job,
  load: jobs.get,
  touch: jobStore.touch,
};
