/** A new job, the job page's fields and its estimate. */
export const job = {
  'newJob.title': 'New job',
  'job.section.estimate': 'Estimate',
} as const;
