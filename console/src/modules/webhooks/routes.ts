import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../../shared/routing/root-routes';

/** `/webhooks` (docs/console.md#webhooks): the account's endpoints and their deliveries. */
export const webhooksRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/webhooks',
  component: lazyRouteComponent(() => import('./webhooks-page'), 'WebhooksPage'),
});

export const webhookRoutes = [webhooksRoute];
