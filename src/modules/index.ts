import type { FastifyPluginAsync } from 'fastify';
import { masterDataRoutes } from './master-data/routes.js';
import { clientRoutes } from './clients/routes.js';
import { supplierRoutes } from './suppliers/routes.js';
import { languagePairRoutes } from './language-pairs/routes.js';
import { priceRoutes } from './prices/routes.js';
import { priceOwners } from './prices/index.js';
import { userRoutes } from './users/routes.js';
import { authRoutes } from './auth/routes.js';
import { apiKeyRoutes } from './api-keys/routes.js';
import { revokeKeysOf } from './api-keys/index.js';
import { accountRoutes } from './accounts/routes.js';
import { eventRoutes } from './events/routes.js';
import { catConfigurationRoutes } from './cat-configurations/routes.js';
import { filesJobExtension, Job, jobExtensions, jobParent, notesJobExtension, type JobExtension } from './jobs/index.js';
import { jobRoutes } from './jobs/routes.js';
import { outsourcingRoutes } from './outsourcing/routes.js';
import { filesGroupExtension, Group, groupExtensions, groupParent, groupsJobExtension, type GroupExtension } from './groups/index.js';
import { groupRoutes } from './groups/routes.js';
import { trackersJobExtension } from './trackers/index.js';
import { trackerRoutes } from './trackers/routes.js';
import { fileModuleRoutes } from './files/index.js';
import { clientParent, clients } from './clients/index.js';
import { supplierParent, suppliers } from './suppliers/index.js';
import { catAnalysisRoutes } from './cat-analysis/routes.js';
import { documentRoutes, documentsJobExtension } from './documents/index.js';
import { renderPdf, renderUbl } from './document-rendering/index.js';
import { documentEmailAbandoned, documentMailRoutes, queueDocumentEmail, sendDocumentEmail } from './document-mail/index.js';
import { dashboardRoutes } from './dashboard/index.js';
import { reportRoutes } from './reports/index.js';
import { fanOutWebhooks, sendWebhook, watchEndpoints, webhookRoutes, webhookSink } from './webhooks/index.js';
import { exchangeRateRoutes } from './exchange-rates/index.js';
import { jobs } from './jobs/index.js';
import { authTokens, invitations, linkRoutes, oidcRoutes, sessions } from './auth/index.js';
import { configureEventSinks } from '../core/events.js';
import type { Config } from '../config.js';
import type { Database } from '../core/db/database.js';
import { importRoutes } from './imports/index.js';
import { clientPortal, portalAccessRoutes, portalSelfRoutes, portalTree, sendPortalMail } from './portal-access/index.js';
import {
  offerRoundRoutes,
  purchaseOrderOnAcceptance,
  supplierFileRoutes,
  supplierOfferRoutes,
  supplierPortalRoutes,
  supplierUnavailabilityRoutes,
} from './supplier-portal/index.js';
import { supplierInvoicePortalRoutes, supplierInvoiceRoutes } from './supplier-invoices/index.js';
import { clientJobRoutes, jobThreadSubject } from './client-jobs/index.js';
import { clientMessagePortalRoutes, clientMessageRoutes, type ThreadSubject } from './client-messages/index.js';
import { clientInvoiceRoutes, clientQuoteRoutes, quotePortalAnswerRoutes } from './client-documents/index.js';
import { requestPortalRoutes, requestRoutes, requestTermsRoutes, requestThreadSubject } from './requests/index.js';
import { requestConversionRoutes } from './request-conversion/index.js';
import { createOutboxWorker, type AbandonHooks, type DeliveryFeeder, type DeliveryHandlers, type OutboxWorkerOptions } from './outbox/index.js';

/**
 * What later modules plug into jobs (jobs/extensions.ts), in order: parts are merged and hooks
 * called in this order (a job's delete removes its notes, leaves its group, then removes its
 * trackers and files; the documents guard deletes and status moves).
 */
export const JOB_EXTENSIONS: readonly JobExtension[] = [notesJobExtension, groupsJobExtension, trackersJobExtension, filesJobExtension, documentsJobExtension];

/** What other modules plug into groups (groups/extensions.ts), in order. */
export const GROUP_EXTENSIONS: readonly GroupExtension[] = [filesGroupExtension];

/**
 * Gives jobs and groups their extensions: called by the app before its routes are registered
 * (buildApp), so that every job written — by a request, the demo data or a test — has them.
 */
export function composeModules(): void {
  jobExtensions.configure(JOB_EXTENSIONS);
  groupExtensions.configure(GROUP_EXTENSIONS);
  configureEventSinks(EVENT_SINKS);
  priceOwners.configure({ client: clients.exists, supplier: suppliers.exists });
}

/** What every recorded event also causes in its transaction (core/events.ts): its webhook fan-out. */
export const EVENT_SINKS = [webhookSink];

/** How each kind of delivery of the outbox is sent (docs/webhooks.md). */
export const DELIVERY_HANDLERS: DeliveryHandlers = { webhook: sendWebhook, email: sendDocumentEmail, portal_mail: sendPortalMail };

/** What writes the deliveries recorded compactly with their changes: the events' webhook fan-outs. */
export const DELIVERY_FEEDERS: readonly DeliveryFeeder[] = [fanOutWebhooks];

/** What each kind does when the outbox gives one of its deliveries up: a document's e-mail becomes `failed`. */
export const ABANDON_HOOKS: AbandonHooks = { email: documentEmailAbandoned };

/**
 * Starts sending the outbox's deliveries from this process (the server, docs/webhooks.md#several-processes),
 * and watching for endpoints written by other processes. Answers stop(): finishes or gives back what is in flight.
 */
export function startOutbox(
  database: Database,
  config: Config,
  log: OutboxWorkerOptions['log'],
  busy?: OutboxWorkerOptions['busy'],
): { stop(): Promise<void> } {
  const unwatch = watchEndpoints(database.db);
  const worker = config.outboxWorker
    ? createOutboxWorker({ database, config, handlers: DELIVERY_HANDLERS, feeders: DELIVERY_FEEDERS, abandoned: ABANDON_HOOKS, log, busy })
    : undefined;
  worker?.start();
  return {
    async stop() {
      unwatch();
      await worker?.stop();
    },
  };
}

/**
 * What a client and the agency talk about in their threads (docs/client-portal.md#messages): jobs
 * here; the requests' subject is added beside it when the requests module is there.
 */
export const THREAD_SUBJECTS: readonly ThreadSubject[] = [jobThreadSubject, requestThreadSubject];

/** Every resource module's routes, registered by the app in this order. */
export const modules: FastifyPluginAsync[] = [
  masterDataRoutes,
  languagePairRoutes,
  priceRoutes,
  userRoutes({
    invite: invitations.invite,
    access: {
      endSessions: (db, userId, at) => sessions.endAllOf(db, userId, null, at),
      voidLinks: (db, userId, at) => authTokens.voidUnused(db, userId, new Date(at)),
      revokeKeys: revokeKeysOf,
    },
  }),
  authRoutes,
  apiKeyRoutes,
  accountRoutes,
  // Events carry jobs and groups: their revenue and margins are hidden as the objects' own routes hide them.
  eventRoutes({ job: Job, group: Group }),
  catConfigurationRoutes,
  exchangeRateRoutes,
  clientRoutes({ pricingTermsChanged: (ctx, clientId) => jobs.recomputeForClient(ctx, clientId) }),
  importRoutes({ pricingTermsChanged: (ctx, clientId) => jobs.recomputeForClient(ctx, clientId) }),
  supplierRoutes,
  jobRoutes,
  // An accept on the supplier's behalf makes the purchase order the supplier's own accept makes (docs/supplier-portal.md#purchase-orders).
  async (app) => {
    await app.register(outsourcingRoutes, { accepted: purchaseOrderOnAcceptance });
  },
  groupRoutes,
  trackerRoutes,
  fileModuleRoutes({ client: clientParent, supplier: supplierParent, job: jobParent, group: groupParent }),
  catAnalysisRoutes,
  documentRoutes({ mailer: queueDocumentEmail, renderer: { pdf: renderPdf, ubl: renderUbl } }),
  documentMailRoutes,
  // The client's answer to a quote on the client portal, with its evidence (docs/client-portal.md#quotes).
  quotePortalAnswerRoutes,
  dashboardRoutes,
  reportRoutes,
  webhookRoutes,
  oidcRoutes,
  linkRoutes,
  portalAccessRoutes({ kind: 'supplier', resource: 'supplier', path: '/v2/suppliers', tag: 'Suppliers', exists: (ctx, id) => suppliers.exists(ctx, id) }),
  portalAccessRoutes({
    kind: 'client',
    resource: 'client',
    path: '/v2/clients',
    tag: 'Clients',
    permissions: true,
    exists: (ctx, id) => clients.exists(ctx, id),
  }),
  supplierOfferRoutes,
  supplierInvoiceRoutes,
  requestRoutes,
  requestConversionRoutes,
  requestTermsRoutes,
  offerRoundRoutes,
  clientMessageRoutes(THREAD_SUBJECTS),
  // Every portal route, and only they, under /v2/portal/ with the portal's own authentication.
  portalTree([
    portalSelfRoutes,
    supplierPortalRoutes,
    supplierUnavailabilityRoutes,
    supplierFileRoutes({ job: jobParent, group: groupParent }),
    supplierInvoicePortalRoutes,
    // The client's routes, under /v2/portal/client/ (docs/client-portal.md#routes): a client's person only.
    clientPortal([requestPortalRoutes, clientJobRoutes, clientMessagePortalRoutes(THREAD_SUBJECTS), clientQuoteRoutes, clientInvoiceRoutes]),
  ]),
];
