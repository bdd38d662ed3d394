import { createRoute, redirect } from '@tanstack/react-router';
import { appRoute } from '../../shared/routing/root-routes';
import { SettingsLayout } from './settings-layout';

/** `/settings`: the settings' frame (its own navigation beside the page); the settings' pages are its children. */
export const settingsRoute = createRoute({ getParentRoute: () => appRoute, path: 'settings', component: SettingsLayout });

/** `/settings` alone opens the account's settings. */
export const settingsIndexRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/',
  beforeLoad: () => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router's redirect is thrown
    throw redirect({ to: '/settings/account', replace: true });
  },
});
