import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../../shared/routing/root-routes';
import { dashboardQuery } from './queries';

/**
 * The dashboard, the landing page after sign-in (docs/console.md#dashboard). Its figures are
 * asked for while the page's code loads; the charts load when their place comes into the window (chart-slot.tsx).
 */
export const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(dashboardQuery);
  },
  component: lazyRouteComponent(() => import('./dashboard-page'), 'DashboardPage'),
});
