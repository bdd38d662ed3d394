import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { rootRoute } from '../../shared/routing/root-routes';
import { portalSessionQuery } from './session';

interface PortalSignInSearch {
  /** The session ended while the portal was open. */
  expired?: boolean;
  /** The person just signed out. */
  signedOut?: boolean;
}

/**
 * The portal (docs/console.md#portal-pages): every page under `/portal`, with a frame of its own
 * and none of the agency console's (no navigation, no agency session). It hangs from the root, not
 * from the agency's signed-in frame.
 */
export const portalRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'portal',
  component: lazyRouteComponent(() => import('./portal-root'), 'PortalRoot'),
  notFoundComponent: lazyRouteComponent(() => import('./not-found-page'), 'PortalNotFoundPage'),
});

const hasLinkToken = () => new URLSearchParams(window.location.hash.slice(1)).has('token');

/**
 * `/portal/sign-in#token=…` redeems a sign-in link; without a token (or after a link that cannot
 * be used) it offers to e-mail a new one. A person already signed in goes home.
 */
const signInRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'sign-in',
  validateSearch: (search: Record<string, unknown>): PortalSignInSearch => ({
    ...(search.expired === true || search.expired === 'true' ? { expired: true } : {}),
    ...(search.signedOut === true || search.signedOut === 'true' ? { signedOut: true } : {}),
  }),
  beforeLoad: async ({ context, search }) => {
    // Signing out (or a session ending) comes here before the frame lets the session go.
    if (hasLinkToken() || search.signedOut || search.expired) return;
    const session = await context.queryClient.ensureQueryData(portalSessionQuery);
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (session) throw redirect({ to: '/portal' });
  },
  component: lazyRouteComponent(() => import('./sign-in-page'), 'PortalSignInPage'),
});

/** `/portal/request-link`: the same page, for a link to share ("ask for a sign-in link"). */
const requestLinkRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: 'request-link',
  component: lazyRouteComponent(() => import('./sign-in-page'), 'PortalSignInPage'),
});

/** The portal's signed-in frame (its top bar). Without a portal session: to the sign-in page. */
const signedInRoute = createRoute({
  getParentRoute: () => portalRoute,
  id: 'signed-in',
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(portalSessionQuery);
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!session) throw redirect({ to: '/portal/sign-in' });
    return { portalSession: session };
  },
  component: lazyRouteComponent(() => import('./frame'), 'PortalFrame'),
});

/** `/portal`: who is signed in, for whom, and the place of their work. */
const homeRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./home-page'), 'PortalHomePage'),
});

/**
 * The supplier's work pages (offers and jobs, `/portal/work…`) hang here, in the signed-in frame,
 * beside the home page; the home page's `WorkArea` lists them and links to each one's page.
 * `/portal/work/$id`: one piece of work (work that is not the person's: "page not found").
 */
const workRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'work/$id',
  component: lazyRouteComponent(() => import('./work-page'), 'PortalWorkPage'),
});

const portalWorkRoutes = [workRoute] as const;

/** `/portal/away`: the supplier's periods away (unavailability). */
const awayRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'away',
  component: lazyRouteComponent(() => import('./away-page'), 'PortalAwayPage'),
});

/** `/portal/invoices`: the supplier's invoices to the agency, and submitting one. */
const invoicesRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'invoices',
  component: lazyRouteComponent(() => import('./invoices-page'), 'PortalInvoicesPage'),
});

/** `/portal/client/jobs`: a client's jobs (docs/client-portal.md#jobs-and-deliveries). */
const clientJobsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'client/jobs',
  component: lazyRouteComponent(() => import('./client/jobs-page'), 'ClientJobsPage'),
});

/** `/portal/client/jobs/$id`: one of them, its deliverables and its thread with the agency (not the client's: "page not found"). */
const clientJobRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'client/jobs/$id',
  component: lazyRouteComponent(() => import('./client/job-page'), 'ClientJobPage'),
});

/**
 * The client's quotes and invoices (docs/client-portal.md#quotes, #invoices): `/portal/client/quotes`,
 * one quote at `/portal/client/quotes/$id` (accept or refuse it there), `/portal/client/invoices`.
 */
const clientQuotesRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'client/quotes',
  component: lazyRouteComponent(() => import('./client/quotes-page'), 'ClientQuotesPage'),
});

const clientQuoteRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'client/quotes/$id',
  component: lazyRouteComponent(() => import('./client/quote-page'), 'ClientQuotePage'),
});

const clientInvoicesRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'client/invoices',
  component: lazyRouteComponent(() => import('./client/invoices-page'), 'ClientInvoicesPage'),
});

const clientDocumentRoutes = [clientQuotesRoute, clientQuoteRoute, clientInvoicesRoute] as const;

/** `/portal/password`: the person's optional password (any kind of person). */
const passwordRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'password',
  component: lazyRouteComponent(() => import('./password-page'), 'PortalPasswordPage'),
});

/**
 * The client's requests (docs/client-portal.md#requests): `/portal/client/requests` (the list; `?sent`
 * after a new one), `/portal/client/requests/new` ("Ask for work"), `/portal/client/requests/$id`.
 * For a client's person with the `request` permission; the pages say "not found" to anyone else.
 */
const clientRequestsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'client/requests',
  validateSearch: (search: Record<string, unknown>): { sent?: boolean } => (search.sent === true || search.sent === 'true' ? { sent: true } : {}),
  component: lazyRouteComponent(() => import('./client/requests-page'), 'ClientRequestsPage'),
});
const newClientRequestRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'client/requests/new',
  component: lazyRouteComponent(() => import('./client/new-request-page'), 'NewClientRequestPage'),
});
const clientRequestRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'client/requests/$id',
  component: lazyRouteComponent(() => import('./client/request-page'), 'ClientRequestPage'),
});

const clientRequestRoutes = [clientRequestsRoute, newClientRequestRoute, clientRequestRoute] as const;

export const portalRoutes = [
  portalRoute.addChildren([
    signInRoute,
    requestLinkRoute,
    signedInRoute.addChildren([
      homeRoute,
      ...portalWorkRoutes,
      awayRoute,
      invoicesRoute,
      ...clientRequestRoutes,
      clientJobsRoute,
      clientJobRoute,
      ...clientDocumentRoutes,
      passwordRoute,
    ]),
  ]),
];
