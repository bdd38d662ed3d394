/**
 * Portal access (docs/supplier-portal.md): the people outside the agency who sign in to a portal,
 * their sessions and sign-in links, the portal's route tree that every portal route is registered
 * in, its own routes (sign in and out, one's settings) and the agency's routes that give access.
 */
export { clientPortal, portalTree, principalOf, requirePermission } from './tree.js';
export { portalSelfRoutes } from './routes.js';
export { portalAccessRoutes } from './agency-routes.js';
export { languageOf, portalPeople, type PartyKind } from './people.js';
export type { PersonIdentity } from './repository.js';
export { sendPortalMail, type PortalMailPayload } from './portal-mail.js';
export { noticeMail, type Notice } from './notice-mail.js';
