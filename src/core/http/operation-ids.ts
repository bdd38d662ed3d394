/**
 * The `operationId` of every operation of the OpenAPI document, from one naming rule applied to
 * the method and the path (a generated client names its functions after them, so they must be
 * stable and readable): `listJobs`, `getJob`, `createJob`, `updateJob`, `deleteJob`,
 * `updateJobPrice`, `addJobLabel`, `removeJobLabel`, `sendInvoice`, … A few paths where the rule
 * reads badly have a name of their own (OVERRIDES). The test of the document pins the full list.
 */

/** Last path segments that name an action on what precedes them, not a resource. */
const ACTIONS: Record<string, string> = {
  send: 'send',
  accept: 'accept',
  refuse: 'refuse',
  cancel: 'cancel',
  credit: 'credit',
  start: 'start',
  stop: 'stop',
  upload: 'upload',
  parse: 'parse',
  download: 'download',
  move: 'move',
  email: 'email',
};

/** Last path segments that name both the action and what it makes: `POST /jobs/{id}/cat-analysis` imports one. */
const NOUN_ACTIONS: Record<string, string> = {
  'cat-analysis': 'import',
};

/** Segment pairs read in the other order: `/account/prices/clients` holds client prices. */
const PHRASES: Record<string, string> = {
  'prices/clients': 'client-prices',
  'prices/suppliers': 'supplier-prices',
};

/** Operations the rule names poorly, by `METHOD path` of the document. */
const OVERRIDES: Record<string, string> = {
  'GET /v2/users/me': 'getCurrentUser',
  'PATCH /v2/users/me': 'updateCurrentUser',
  // Authentication (modules/auth): verbs of their own, not resources.
  'POST /v2/auth/login': 'login',
  'POST /v2/auth/logout': 'logout',
  'GET /v2/auth/session': 'getCurrentSession',
  'POST /v2/auth/password': 'changePassword',
  'POST /v2/auth/owner-setup': 'setUpOwner',
  'POST /v2/auth/invitations/accept': 'acceptInvitation',
  'POST /v2/auth/password-reset': 'requestPasswordReset',
  'POST /v2/auth/password-reset/confirm': 'confirmPasswordReset',
  // The portal's own sign-in (modules/portal-access), and access to it.
  'POST /v2/portal/auth/link': 'requestPortalSignInLink',
  'POST /v2/portal/auth/sign-in': 'signInToPortal',
  'POST /v2/portal/auth/logout': 'signOutOfPortal',
  'GET /v2/portal/session': 'getPortalSession',
  'GET /v2/portal/agency/logo': 'getPortalAgencyLogo',
  'PUT /v2/portal/me': 'updatePortalMe',
  'POST /v2/portal/auth/password': 'signInToPortalWithPassword',
  'PUT /v2/portal/me/password': 'setPortalPassword',
  'DELETE /v2/portal/me/password': 'removePortalPassword',
  'POST /v2/jobs/{id}/outsourcing/{outsourcingId}/portal/send': 'sendJobOutsourcingToPortal',
  'POST /v2/jobs/{id}/outsourcing/{outsourcingId}/portal/accept': 'acceptJobOutsourcingOnBehalf',
  'POST /v2/jobs/{id}/outsourcing/{outsourcingId}/portal/refuse': 'refuseJobOutsourcingOnBehalf',
  'POST /v2/jobs/{id}/outsourcing/{outsourcingId}/portal/withdraw': 'withdrawJobOutsourcingOffer',
  'POST /v2/jobs/{id}/outsourcing/offers': 'createJobOfferRound',
  'GET /v2/jobs/{id}/outsourcing/offers': 'listJobOfferRounds',
  'GET /v2/jobs/{id}/outsourcing/offers/{roundId}': 'getJobOfferRound',
  'POST /v2/jobs/{id}/outsourcing/offers/{roundId}/award': 'awardJobOfferRound',
  'POST /v2/jobs/{id}/outsourcing/offers/{roundId}/withdraw': 'withdrawJobOfferRound',
  'GET /v2/portal/work': 'listPortalWork',
  'GET /v2/dashboard/portal': 'getDashboardPortal',
  'GET /v2/portal/unavailabilities': 'listPortalUnavailabilities',
  'POST /v2/portal/unavailabilities': 'createPortalUnavailability',
  'PUT /v2/portal/unavailabilities/{id}': 'updatePortalUnavailability',
  'DELETE /v2/portal/unavailabilities/{id}': 'deletePortalUnavailability',
  'GET /v2/portal/work/{id}': 'getPortalWork',
  'POST /v2/portal/work/{id}/accept': 'acceptPortalWork',
  'POST /v2/portal/work/{id}/refuse': 'refusePortalWork',
  'POST /v2/portal/work/{id}/done': 'markPortalWorkDone',
  'PUT /v2/portal/work/{id}/checklist/{itemId}': 'tickPortalWorkChecklistItem',
  'PUT /v2/portal/work/{id}/comments': 'updatePortalWorkComments',
  'GET /v2/portal/work/{id}/purchase-order': 'getPortalWorkPurchaseOrder',
  // Supplier invoices (modules/supplier-invoices): submitted from the portal, decided by the agency.
  'GET /v2/portal/purchase-orders': 'listPortalPurchaseOrders',
  'GET /v2/portal/invoices': 'listPortalInvoices',
  'GET /v2/portal/invoices/{id}': 'getPortalInvoice',
  'POST /v2/portal/invoices': 'submitPortalInvoice',
  // The client's quotes and invoices on the client portal (modules/client-documents).
  'GET /v2/portal/client/quotes': 'listClientPortalQuotes',
  'GET /v2/portal/client/quotes/{id}': 'getClientPortalQuote',
  'GET /v2/portal/client/quotes/{id}/pdf': 'getClientPortalQuotePdf',
  'POST /v2/portal/client/quotes/{id}/accept': 'acceptClientPortalQuote',
  'POST /v2/portal/client/quotes/{id}/refuse': 'refuseClientPortalQuote',
  'GET /v2/portal/client/invoices': 'listClientPortalInvoices',
  'GET /v2/portal/client/invoices/{id}': 'getClientPortalInvoice',
  'GET /v2/portal/client/invoices/{id}/pdf': 'getClientPortalInvoicePdf',
  'GET /v2/portal/client/invoices/{id}/ubl': 'getClientPortalInvoiceUbl',
  'GET /v2/quotes/{id}/portal-answer': 'getQuotePortalAnswer',
  'GET /v2/supplier-invoices': 'listSupplierInvoices',
  'GET /v2/supplier-invoices/{id}': 'getSupplierInvoice',
  'GET /v2/supplier-invoices/{id}/pdf': 'getSupplierInvoicePdf',
  'POST /v2/supplier-invoices/{id}/approve': 'approveSupplierInvoice',
  'POST /v2/supplier-invoices/{id}/reject': 'rejectSupplierInvoice',
  // Requests of the client portal (modules/requests): asked from the portal, answered by the agency.
  'GET /v2/requests': 'listRequests',
  'GET /v2/requests/{id}': 'getRequest',
  'GET /v2/requests/{id}/files/{fileId}/download': 'downloadRequestFile',
  'HEAD /v2/requests/{id}/files/{fileId}/download': 'headRequestFile',
  'POST /v2/requests/{id}/quoted': 'markRequestQuoted',
  'POST /v2/requests/{id}/decline': 'declineRequest',
  'POST /v2/requests/{id}/convert': 'convertRequest',
  'GET /v2/account/request-terms.pdf': 'getAccountRequestTermsPdf',
  'PUT /v2/account/request-terms.pdf': 'uploadAccountRequestTermsPdf',
  'DELETE /v2/account/request-terms.pdf': 'deleteAccountRequestTermsPdf',
  'GET /v2/portal/client/request-form': 'getPortalClientRequestForm',
  'GET /v2/portal/client/request-terms.pdf': 'getPortalClientRequestTermsPdf',
  'GET /v2/portal/client/requests': 'listPortalClientRequests',
  'POST /v2/portal/client/requests': 'createPortalClientRequest',
  'GET /v2/portal/client/requests/{id}': 'getPortalClientRequest',
  'PUT /v2/portal/client/requests/{id}': 'updatePortalClientRequest',
  'POST /v2/portal/client/requests/{id}/withdraw': 'withdrawPortalClientRequest',
  'POST /v2/portal/client/requests/{id}/files': 'uploadPortalClientRequestFile',
  'DELETE /v2/portal/client/requests/{id}/files/{fileId}': 'deletePortalClientRequestFile',
  'GET /v2/portal/client/requests/{id}/files/{fileId}/content': 'downloadPortalClientRequestFile',
  'HEAD /v2/portal/client/requests/{id}/files/{fileId}/content': 'headPortalClientRequestFile',
  'GET /v2/portal/work/{id}/files': 'listPortalWorkFiles',
  'POST /v2/portal/work/{id}/files': 'uploadPortalWorkDeliverable',
  'GET /v2/portal/work/{id}/files/{fileId}/content': 'downloadPortalWorkFile',
  'HEAD /v2/portal/work/{id}/files/{fileId}/content': 'headPortalWorkFile',
  'DELETE /v2/portal/work/{id}/files/{fileId}': 'deletePortalWorkDeliverable',
  // The client portal's jobs and threads (modules/client-jobs, modules/client-messages).
  'GET /v2/portal/client/jobs': 'listClientPortalJobs',
  'GET /v2/portal/client/jobs/{id}': 'getClientPortalJob',
  'GET /v2/portal/client/jobs/{id}/files': 'listClientPortalJobDeliverables',
  'GET /v2/portal/client/jobs/{id}/files/{fileId}/content': 'downloadClientPortalJobFile',
  'HEAD /v2/portal/client/jobs/{id}/files/{fileId}/content': 'headClientPortalJobFile',
  'GET /v2/portal/client/jobs/{id}/messages': 'listClientPortalJobMessages',
  'POST /v2/portal/client/jobs/{id}/messages': 'postClientPortalJobMessage',
  'GET /v2/portal/client/requests/{id}/messages': 'listClientPortalRequestMessages',
  'POST /v2/portal/client/requests/{id}/messages': 'postClientPortalRequestMessage',
  'GET /v2/requests/{id}/client-messages': 'listRequestClientMessages',
  'POST /v2/requests/{id}/client-messages': 'postRequestClientMessage',
  'GET /v2/jobs/{id}/client-messages': 'listJobClientMessages',
  'POST /v2/jobs/{id}/client-messages': 'postJobClientMessage',
  'GET /v2/suppliers/{id}/portal-access': 'listSupplierPortalAccess',
  'POST /v2/suppliers/{id}/contacts/{contactId}/portal-access': 'grantSupplierContactPortalAccess',
  'DELETE /v2/suppliers/{id}/contacts/{contactId}/portal-access': 'revokeSupplierContactPortalAccess',
  'GET /v2/clients/{id}/portal-access': 'listClientPortalAccess',
  'POST /v2/clients/{id}/contacts/{contactId}/portal-access': 'grantClientContactPortalAccess',
  'PUT /v2/clients/{id}/contacts/{contactId}/portal-access': 'setClientContactPortalPermissions',
  'DELETE /v2/clients/{id}/contacts/{contactId}/portal-access': 'revokeClientContactPortalAccess',
  'GET /v2/account/cat-configurations/cat-tools': 'listCatTools',
  'GET /v2/account/cat-configurations/presets': 'listCatConfigurationPresets',
  'POST /v2/account/exchange-rates/import': 'importAccountExchangeRates',
  // The specification answers the same change on POST and PUT; the POST twin says so.
  'POST /v2/account/prices/clients/{priceId}/match/{matchId}': 'updateAccountClientPriceMatchByPost',
  'POST /v2/account/prices/suppliers/{priceId}/match/{matchId}': 'updateAccountSupplierPriceMatchByPost',
  'POST /v2/suppliers/{id}/services/{serviceId}/match/{matchId}': 'updateSupplierServiceMatchByPost',
  'POST /v2/clients/{id}/prices/{priceId}/match/{matchId}': 'updateClientPriceMatchByPost',
  'POST /v2/account/prices/clients/{priceId}/matches/{matchId}/move/{position}': 'moveAccountClientPriceMatchByPost',
  'POST /v2/account/prices/suppliers/{priceId}/matches/{matchId}/move/{position}': 'moveAccountSupplierPriceMatchByPost',
  'POST /v2/suppliers/{id}/services/{serviceId}/matches/{matchId}/move/{position}': 'moveSupplierServiceMatchByPost',
  'POST /v2/clients/{id}/prices/{priceId}/matches/{matchId}/move/{position}': 'moveClientPriceMatchByPost',
  'PUT /v2/groups/{id}/jobs/{jobId}': 'addGroupJobByPut',
  // Copying a grid into a family: an action on the collection.
  'POST /v2/account/prices/clients/copy': 'copyIntoAccountClientPrices',
  'POST /v2/account/prices/suppliers/copy': 'copyIntoAccountSupplierPrices',
  'POST /v2/clients/{id}/prices/copy': 'copyIntoClientPrices',
  'POST /v2/suppliers/{id}/services/copy': 'copyIntoSupplierServices',
  'POST /v2/jobs/{id}/files/upload/{outsourcingId}': 'uploadJobFileToOutsourcing',
  'POST /v2/groups/{id}/files/upload/{outsourcingId}': 'uploadGroupFileToOutsourcing',
  'PUT /v2/jobs/{id}/trackers/stop/{trackerId}': 'stopJobTrackerEntry',
  'POST /v2/jobs/{id}/trackers': 'createJobTrackerEntry',
  'PUT /v2/jobs/{id}/trackers/{trackerId}': 'updateJobTrackerEntry',
  'DELETE /v2/jobs/{id}/trackers/{trackerId}': 'deleteJobTrackerEntry',
  'POST /v2/account/cat-configurations/{id}/match/{matchId}/cat-tool-match/{toolMatch}': 'addCatConfigurationToolMatch',
  'DELETE /v2/account/cat-configurations/{id}/match/{matchId}/cat-tool-match/{toolMatch}': 'removeCatConfigurationToolMatch',
  'PUT /v2/account/cat-configurations/{id}/match/{matchId}/move/{position}': 'moveCatConfigurationMatch',
  'POST /v2/webhooks/{id}/test': 'testWebhook',
  'POST /v2/webhooks/{id}/rotate-secret': 'rotateWebhookSecret',
  'POST /v2/webhooks/{id}/deliveries/{deliveryId}/retry': 'retryWebhookDelivery',
  // Imports (modules/imports): the verb is the import, not a created "import client".
  'POST /v2/imports/clients': 'importClients',
  'POST /v2/imports/suppliers': 'importSuppliers',
  'POST /v2/imports/contacts': 'importContacts',
  'POST /v2/imports/prices': 'importPrices',
  // Reports (modules/reports): one answer each, not listings of a resource.
  'GET /v2/reports/margins': 'getMarginsReport',
  'GET /v2/reports/receivables': 'getReceivablesReport',
  'GET /v2/reports/payables': 'getPayablesReport',
  'GET /v2/reports/workload': 'getWorkloadReport',
};

const pascal = (segment: string) =>
  segment
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

export function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|is|us)$/.test(word)) return word.slice(0, -1);
  return word;
}

const isParam = (segment: string) => segment.startsWith('{');
const isPlural = (segment: string) => singular(segment) !== segment;

/** The rule's name for an operation; `methods` are the methods the same path has (links: POST adds, DELETE removes). */
export function ruleOperationId(method: string, path: string, methods: ReadonlySet<string>): string {
  let text = path.replace(/^\/v2\/?/, '');
  for (const [phrase, replacement] of Object.entries(PHRASES)) text = text.replace(phrase, replacement);
  const segments = text.split('/').filter((segment) => segment !== '');
  const verb = method.toUpperCase();
  const share = segments.indexOf('share');
  if (share > 0 && (verb === 'PUT' || verb === 'DELETE')) {
    // `…/files/{fileId}/share/with/{outsourcingId}`: share (PUT) or unshare (DELETE) the file with someone.
    const owner = segments
      .slice(0, share)
      .filter((segment) => !isParam(segment))
      .map((segment) => pascal(singular(segment)));
    const whom = segments.slice(share + 1).map((segment) => (isParam(segment) ? pascal(segment.slice(1, -1).replace(/Id$/, '')) : pascal(segment)));
    return `${verb === 'PUT' ? 'share' : 'unshare'}${owner.join('')}${whom.join('')}`;
  }
  const endsWithParam = segments.length > 0 && isParam(segments[segments.length - 1]!);

  // The action is the last static segment (maybe followed by parameters: `move/{position}`, `stop/{trackerId}`).
  const statics = segments.map((segment, index) => ({ segment, index })).filter(({ segment }) => !isParam(segment));
  const lastStatic = statics[statics.length - 1];
  const action = lastStatic && verb !== 'GET' && verb !== 'HEAD' ? ACTIONS[lastStatic.segment] : undefined;
  const downloading = lastStatic?.segment === 'download';

  // Nouns: every static segment but the action; singular when an id follows it or when the
  // operation works on one member (create, get/update/delete of an id, a link).
  const nouns = statics
    .filter(({ index }) => !(action || downloading) || index !== lastStatic!.index)
    .map(({ segment, index }, position, all) => {
      const last = position === all.length - 1;
      const followedByParam = index + 1 < segments.length && isParam(segments[index + 1]!);
      const listing = last && (verb === 'GET' || verb === 'HEAD') && !endsWithParam && !downloading;
      return pascal(followedByParam || !listing ? singular(segment) : segment);
    });
  const noun = nouns.join('');

  if (downloading) return `${verb === 'HEAD' ? 'head' : 'download'}${noun}`;
  if (action) return `${action}${noun}`;
  const nounAction = lastStatic && verb === 'POST' && !endsWithParam ? NOUN_ACTIONS[lastStatic.segment] : undefined;
  if (nounAction) return `${nounAction}${noun}`;
  const link = endsWithParam && methods.has('POST') && !methods.has('GET');
  switch (verb) {
    case 'GET':
      return `${!endsWithParam && lastStatic && isPlural(lastStatic.segment) ? 'list' : 'get'}${noun}`;
    case 'POST':
      return `${link ? 'add' : 'create'}${noun}`;
    case 'PUT':
      return `update${noun}`;
    case 'DELETE':
      return `${link ? 'remove' : 'delete'}${noun}`;
    default:
      return `${verb.toLowerCase()}${noun}`;
  }
}

export function operationIdOf(method: string, path: string, methods: ReadonlySet<string>): string {
  return OVERRIDES[`${method.toUpperCase()} ${path}`] ?? ruleOperationId(method, path, methods);
}
