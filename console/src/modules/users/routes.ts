import { createRoute } from '@tanstack/react-router';
import { placeholderPage } from '../placeholders/placeholder-page';
import { settingsRoute } from '../settings/settings-route';

/** `/settings/users`: the account's users and their roles. */
export const usersRoute = createRoute({ getParentRoute: () => settingsRoute, path: 'users', component: placeholderPage('settings.nav.users') });

export const userRoutes = [usersRoute];
