/** The door of jobs (docs/console.md#modules): the jobs list's address, for links into it. */
export type { JobsSearch } from './jobs-search';
