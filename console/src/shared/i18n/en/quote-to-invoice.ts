/** Quote to invoice (docs/documents.md#accepting-a-quote): the job picker, the quote's "Create invoice", the account's workflow setting. */
export const quoteToInvoice = {
  'documents.picker.search': 'Search jobs',
  'documents.picker.searchHint': 'Name, external reference or purchase order',
  'documents.picker.unfinished': 'Show unfinished jobs too',
  'documents.picker.finishedJobs': 'Finished jobs not yet invoiced',
  'documents.picker.jobs': 'Jobs not yet invoiced',
  'documents.picker.noMatch': 'No job of this client matches the search.',
  'documents.picker.noFinished':
    'This client has no finished job waiting for an invoice. Show the unfinished jobs too, or create the invoice empty and add lines later.',
  'documents.picker.more#other': 'The newest {shown} of {count} jobs found: type to narrow the search.',
  'documents.quoteInvoice.title': 'Invoicing',
  'documents.quoteInvoice.create': 'Create invoice',
  'documents.quoteInvoice.ready': 'Every job of this quote is finished: it can be invoiced.',
  'documents.quoteInvoice.partly#one': '{count} of {total} jobs of this quote is finished; the invoice will take it.',
  'documents.quoteInvoice.partly#other': '{count} of {total} jobs of this quote are finished; the invoice will take the finished ones.',
  'documents.quoteInvoice.waiting#one': 'The job of this quote is not finished yet. "Create invoice" appears here once it is.',
  'documents.quoteInvoice.waiting#other': 'None of the {count} jobs of this quote is finished yet. "Create invoice" appears here once one is.',
  'documents.quoteInvoice.invoiced': 'Every job of this quote is invoiced.',
  'documents.quoteInvoice.refused': 'Could not create the invoice',
  'settings.account.workflow': 'Workflow',
  'settings.account.acceptedQuoteJobStatus': 'When a quote is accepted, its jobs not started yet become',
  'settings.account.acceptedQuoteJobStatusHelp': 'Jobs already in progress, finished or on hold keep their status.',
  'settings.account.acceptedQuote.inProgress': 'In progress',
  'settings.account.acceptedQuote.onHold': 'On hold',
  'settings.account.acceptedQuote.notStarted': 'Not started (unchanged)',
  'settings.account.access': 'Who sees what',
  'settings.account.managersSeeRevenueAndMargins': 'Managers see revenue and margins',
  'settings.account.managersSeeRevenueAndMarginsHelp':
    "Off: users with the role Manager no longer see job and group margins, the dashboard's revenue, margin and unpaid invoice figures, nor the margins and receivables reports.",
  'settings.account.managersSeeRevenueAndMarginsNote':
    'Prices, job totals, supplier costs, quotes and purchase orders stay visible: managers need them for their work. Owners, admins, finance and viewers always see everything.',
  'settings.account.suppliersSeeClientName': 'Suppliers see the client’s name',
  'settings.account.suppliersSeeClientNameHelp':
    'On the supplier portal, each piece of work shows the name of the client it is for. Off: suppliers never learn who the client is.',
} as const;
