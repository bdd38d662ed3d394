import { createRootRouteWithContext, createRoute, Outlet, redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { sessionQuery } from '../session/session';

export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * The two roots every page hangs from. They live below the feature modules (each module's routes
 * name their parent), and the shell (app/router.ts) gives them their frame: the layout and the
 * "Page not found" page, which import the modules.
 */

/** Every page: the signed-in frame below, and the pages anyone may open (sign-in, links). */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
});

/**
 * The signed-in frame (navigation, search, account menu). Without a session it sends the browser
 * to sign-in, which comes back here (`returnTo`).
 */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    // TanStack Router's way to send the browser elsewhere from beforeLoad is to throw its redirect.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!session) throw redirect({ to: '/sign-in', search: { returnTo: location.href } });
    return { session };
  },
});
