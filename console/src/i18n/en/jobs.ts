/** The jobs list. */
export const jobs = {
  'jobs.title': 'Jobs',
} as const;
