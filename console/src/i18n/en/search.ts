/** The header's global search (with `search.label`, `search.nothing`, `search.type.*` and `search.hint` of common.ts). */
export const search = {
  'search.placeholderShortcut': 'Search jobs, groups, clients, suppliers (press /)',
  'search.results': 'Search results',
  'search.searching': 'Searching…',
  'search.count#one': '{count} result: use the arrow keys to choose it and Enter to open it',
  'search.count#other': '{count} results: use the arrow keys to choose one and Enter to open it',
  'search.section.jobs': 'Jobs',
  'search.section.groups': 'Groups',
  'search.section.clients': 'Clients',
  'search.section.suppliers': 'Suppliers',
} as const;
