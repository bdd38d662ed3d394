/** The supplier's side of the portal (docs/supplier-portal.md): its branch of the portal's route tree. */
export { supplierPortalRoutes } from './routes.js';
export { supplierUnavailabilityRoutes } from './unavailability-routes.js';
/** The files of the supplier's work: the composition hands over the job and group descriptors. */
export { supplierFileRoutes } from './file-routes.js';
/** The agency's route that sends work to the portal. */
export { supplierOfferRoutes } from './offer-routes.js';
/** The purchase order an accepted offer makes (for the agency's accept on the supplier's behalf, through modules/index.ts). */
export { purchaseOrderOnAcceptance } from './purchase-orders.js';
/** The context a portal person's change runs with in the modules below (the events' actor `portal`). */
export { partyCtx } from './service.js';
/** The agency's routes of offer rounds (several suppliers offered the same work). */
export { offerRoundRoutes } from './round-routes.js';
