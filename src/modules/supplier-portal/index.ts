/** The supplier's side of the portal (docs/supplier-portal.md): its branch of the portal's route tree. */
export { supplierPortalRoutes } from './routes.js';
export { supplierUnavailabilityRoutes } from './unavailability-routes.js';
/** The files of the supplier's work: the composition hands over the job and group descriptors. */
export { supplierFileRoutes } from './file-routes.js';
/** The agency's route that sends work to the portal. */
export { supplierOfferRoutes } from './offer-routes.js';
