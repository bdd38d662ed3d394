/** The job page's files, notes and time sections. */
export const jobRecords = {
  'job.section.files': 'Files',
  'job.section.notes': 'Notes',
  'job.section.time': 'Time',
} as const;
