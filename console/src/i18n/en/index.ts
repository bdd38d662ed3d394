import { common } from './common';
import { auth } from './auth';
import { jobs } from './jobs';
import { groups } from './groups';

/**
 * English, the console's first language. One file per area of the console, merged here: a key
 * names its area first (`jobs.title`).
 */
export const en = { ...common, ...auth, ...jobs, ...groups };
