/** The header's global search (with `search.label`, `search.nothing`, `search.type.*` and `search.hint` of common.ts). */
export const search = {
  'search.placeholderShortcut': 'Search jobs, clients, documents… (press /)',
  'search.results': 'Search results',
  'search.searching': 'Searching…',
  'search.count': '{count} results: use the arrow keys to choose one and Enter to open it',
  'search.section.jobs': 'Jobs',
  'search.section.groups': 'Groups',
  'search.section.clients': 'Clients',
  'search.section.suppliers': 'Suppliers',
  'search.section.quotes': 'Quotes',
  'search.section.invoices': 'Invoices and credit notes',
  'search.section.purchaseOrders': 'Purchase orders',
  'search.type.quote': 'Quote',
  'search.type.invoice': 'Invoice',
  'search.type.creditNote': 'Credit note',
  'search.type.purchaseOrder': 'Purchase order',
  'search.draft': 'Draft',
} as const;
