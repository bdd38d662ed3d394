/**
 * The catalogue of event types (docs/webhooks.md#event-types): every type the code records with
 * recordEvent, which a webhook endpoint may subscribe to (or `*` for all of them). A type recorded
 * by the code and missing here could not be subscribed to; test/http/webhooks/event-types.test.ts
 * compares the list with the types the HTTP tests see recorded.
 */

/** Resources whose every change records `<resource>.created`, `.updated` and `.deleted`. */
const CRUD_RESOURCES = [
  'job',
  'group',
  'client',
  'supplier',
  'price',
  'languagePair',
  'catConfiguration',
  'service',
  'matchCategory',
  'quantityType',
  'domain',
  'label',
  'tax',
  'quote',
  'invoice',
  'purchaseOrder',
  'webhook',
  'exchangeRate',
] as const;

/** Resources that record only some of the three (an account is never deleted through the API; a user is deactivated, an API key revoked). */
const PARTIAL = ['account.created', 'account.updated', 'user.created', 'user.updated', 'apiKey.created', 'apiKey.deleted'] as const;

/** The moments integrations wait for, recorded beside the `*.updated` of the same change. */
const MOMENTS = [
  'job.status_changed',
  'job.outsourcing.created',
  'job.outsourcing.updated',
  'job.outsourcing.status_changed',
  'job.outsourcing.deleted',
  // The supplier's answers through the portal (docs/supplier-portal.md#what-a-supplier-does).
  'job.outsourcing.offered',
  'job.outsourcing.accepted',
  'job.outsourcing.refused',
  'job.outsourcing.done',
  'job.outsourcing.withdrawn',
  // An offer of a round left unanswered past its expiry (docs/supplier-portal.md#offer-rounds).
  'job.outsourcing.expired',
  'quote.sent',
  'quote.accepted',
  'quote.refused',
  'invoice.sent',
  'invoice.paid',
  'invoice.credited',
  'purchase_order.sent',
  'purchase_order.accepted',
  'purchase_order.cancelled',
  // Invoices of suppliers, submitted from the portal and decided by the agency (docs/supplier-invoices.md).
  'supplier_invoice.submitted',
  'supplier_invoice.approved',
  'supplier_invoice.rejected',
  // Requests of clients from the client portal, and the agency's answers (docs/client-portal.md#requests).
  'request.created',
  'request.updated',
  'request.withdrawn',
  'request.quoted',
  'request.declined',
  'request.converted',
  'file.uploaded',
  // A message of a thread between a client and the agency, from either side (docs/client-portal.md#messages).
  'client_message.created',
  'cat_analysis.imported',
  'webhook.test',
  'webhook.endpoint_disabled',
  'exchangeRate.imported',
] as const;

export const EVENT_TYPES: readonly string[] = [
  ...CRUD_RESOURCES.flatMap((resource) => [`${resource}.created`, `${resource}.updated`, `${resource}.deleted`]),
  ...PARTIAL,
  ...MOMENTS,
];

const KNOWN = new Set(EVENT_TYPES);

/** Is this an event type an endpoint may subscribe to? */
export const isEventType = (type: string): boolean => KNOWN.has(type);
