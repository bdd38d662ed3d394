/** What other modules and the composition may use of auth: the single sign-on routes (docs/access.md#single-sign-on). */
export { oidcRoutes } from './oidc-routes.js';
