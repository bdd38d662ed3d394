/**
 * The portal (docs/console.md#portal-pages): the pages people of the agency's suppliers (and
 * later clients) sign in to, with its own session, frame and eight catalogues. The shell takes its
 * routes from routes.ts; other modules use nothing of it.
 */
export type { PortalMe } from './session';
