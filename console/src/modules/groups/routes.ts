import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../../shared/routing/root-routes';
import { parseGroupsSearch } from './groups-search';
import { groupQuery } from './queries';

/** `/groups`: the list; its search, filters, sorting and page are in the address (groups-search.ts). */
export const groupsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'groups',
  validateSearch: parseGroupsSearch,
  component: lazyRouteComponent(() => import('./groups-page'), 'GroupsPage'),
});

/** `/groups/$groupId`: a group; a missing one shows "not found" (the page reads the answer). */
export const groupRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'groups/$groupId',
  // The group is asked for while the page's code loads; a 404 is the page's to show, not thrown here.
  loader: ({ context, params }) => context.queryClient.prefetchQuery(groupQuery(params.groupId)),
  component: lazyRouteComponent(() => import('./group-page'), 'GroupPage'),
});

export const groupRoutes = [groupsRoute, groupRoute];
