import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../../app/root-route';

export const groupsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'groups',
  component: lazyRouteComponent(() => import('./groups-page'), 'GroupsPage'),
});

export const groupRoutes = [groupsRoute];
