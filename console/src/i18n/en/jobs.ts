/** The jobs list, and the names of job statuses (shared with the job page). */
export const jobs = {
  'jobs.title': 'Jobs',
  'jobStatus.notStarted': 'Not started',
  'jobStatus.inProgress': 'In progress',
  'jobStatus.finished': 'Finished',
  'jobStatus.invoiced': 'Invoiced',
  'jobStatus.cancelled': 'Cancelled',
  'jobStatus.onHold': 'On hold',
  'jobStatus.unknown': 'Status {code}',
} as const;
