import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { appRoute, rootRoute } from '../shared/routing/root-routes';
import { AppLayout } from './layout';
import { NotFoundPage } from './not-found-page';
import { linkRoutes, signInRoute } from '../modules/auth/routes';
import { dashboardRoute } from '../modules/dashboard/routes';
import { jobRoutes } from '../modules/jobs/routes';
import { groupRoutes } from '../modules/groups/routes';
import { clientRoutes, supplierRoutes } from '../modules/parties/routes';
import { documentRoutes } from '../modules/documents/routes';
import { settingsIndexRoute, settingsPageRoutes, settingsRoute } from '../modules/settings/routes';
import { priceRoutes } from '../modules/prices/routes';
import { userRoutes } from '../modules/users/routes';
import { apiKeyRoutes } from '../modules/api-keys/routes';
import { reportRoutes } from '../modules/reports/routes';
import { importRoutes } from '../modules/imports/routes';
import { exportRoutes } from '../modules/exports/routes';
import { webhookRoutes } from '../modules/webhooks/routes';
import { portalRoutes } from '../modules/portal/routes';
import { supplierInvoiceRoutes } from '../modules/supplier-invoices/routes';
import { requestRoutes } from '../modules/requests/routes';

// The shell's frame on the two roots the modules hang their pages from (shared/routing).
rootRoute.update({ notFoundComponent: NotFoundPage });
appRoute.update({ component: AppLayout });

/**
 * Every page of the console, in one tree (docs/console.md#adding-a-page): the pages anyone may open,
 * the portal (its own frame and session, docs/console.md#portal-pages), then the signed-in frame and
 * the pages in it, module by module.
 */
export const routeTree = rootRoute.addChildren([
  signInRoute,
  ...linkRoutes,
  ...portalRoutes,
  appRoute.addChildren([
    dashboardRoute,
    ...jobRoutes,
    ...groupRoutes,
    ...clientRoutes,
    ...supplierRoutes,
    ...documentRoutes,
    ...supplierInvoiceRoutes,
    ...requestRoutes,
    ...reportRoutes,
    ...importRoutes,
    ...exportRoutes,
    ...webhookRoutes,
    settingsRoute.addChildren([settingsIndexRoute, ...settingsPageRoutes, ...priceRoutes, ...userRoutes, ...apiKeyRoutes]),
  ]),
]);

export function createConsoleRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // The pages' data comes from TanStack Query, which decides when it is stale.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createConsoleRouter>;
  }
}
