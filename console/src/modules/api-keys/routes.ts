import { createRoute } from '@tanstack/react-router';
import { placeholderPage } from '../placeholders/placeholder-page';
import { settingsRoute } from '../settings/settings-route';

/** `/settings/api-keys`: API keys. */
export const apiKeysRoute = createRoute({ getParentRoute: () => settingsRoute, path: 'api-keys', component: placeholderPage('settings.nav.apiKeys') });

export const apiKeyRoutes = [apiKeysRoute];
