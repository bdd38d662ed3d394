/**
 * What the composition and other modules use of authentication (docs/access.md): sessions
 * (started by sign-in, invitations and single sign-on), the first owner's set-up link (the first
 * start), a password set from the command line, the single-use links (invitations, password
 * resets) and their pages, the single sign-on routes.
 */
export { sessions, type StartedSession } from './sessions.js';
export { ownerSetup } from './owner-setup.js';
export { bootstrapIfEmpty, type BootstrappedAccount } from './first-start.js';
export { setPasswordByEmail } from './credentials.js';
export { linkThrottle, loginThrottle } from './throttle.js';
export { oidcRoutes } from './oidc-routes.js';
export { authTokens, TOKEN_LIFETIME_MS, type IssuedToken } from './tokens.js';
export { invitations } from './invitations.js';
export { linkRoutes } from './link-routes.js';
