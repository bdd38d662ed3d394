/** The jobs list, a new job, the job page. */
export const jobs = {
  'jobs.title': 'Jobs',
} as const;
