/** The groups list and a group's page. */
export const groups = {
  'groups.title': 'Groups',
} as const;
