/**
 * What the composition and other modules use of auth: sessions (started by sign-in, invitations
 * and single sign-on), the single-use links (invitations, password resets) and their pages.
 */
export { sessions, type StartedSession } from './sessions.js';
export { authTokens, TOKEN_LIFETIME_MS, type IssuedToken } from './tokens.js';
export { invitations } from './invitations.js';
export { linkRoutes } from './link-routes.js';
export { linkPages } from './pages.js';
