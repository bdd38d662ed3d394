/** The client's answer to a quote on the client portal, as the agency's quote page shows it (docs/client-portal.md#quotes). */
export const quotePortalAnswer = {
  'documents.portalAnswer.title': 'Answer on the client portal',
  'documents.portalAnswer.accepted': 'Accepted by {name} on {date}',
  'documents.portalAnswer.refused': 'Refused by {name} on {date}',
  'documents.portalAnswer.comment': 'Comment',
  'documents.portalAnswer.noComment': 'No comment',
  'documents.portalAnswer.ip': 'IP address',
  'documents.portalAnswer.userAgent': 'Browser (user agent)',
  'documents.portalAnswer.loadFailed': 'The answer on the client portal could not be loaded.',
} as const;
