import { common } from './common';
import { auth } from './auth';
import { jobs } from './jobs';
import { job } from './job';
import { jobWork } from './job-work';
import { jobRecords } from './job-records';
import { groups } from './groups';
import { search } from './search';

/**
 * English, the console's first language. One file per area of the console, merged here: a key
 * names its area first (`jobs.title`).
 */
export const en = { ...common, ...auth, ...jobs, ...job, ...jobWork, ...jobRecords, ...groups, ...search };
