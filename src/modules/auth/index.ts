/**
 * What other modules and the entry points may use of authentication (docs/access.md): sessions,
 * the first owner's set-up link (the first start), a password set from the command line, the
 * single sign-on routes.
 */
export { sessions, type StartedSession } from './sessions.js';
export { ownerSetup } from './owner-setup.js';
export { setPasswordByEmail } from './credentials.js';
export { loginThrottle } from './throttle.js';
export { oidcRoutes } from './oidc-routes.js';
