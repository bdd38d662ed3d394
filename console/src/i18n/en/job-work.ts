/** The job page's CAT analysis and outsourcing sections. */
export const jobWork = {
  'job.section.catAnalysis': 'CAT analysis',
  'job.section.outsourcing': 'Outsourcing',
} as const;
