/** The supplier's side of the portal (docs/supplier-portal.md): its branch of the portal's route tree. */
export { supplierPortalRoutes } from './routes.js';
