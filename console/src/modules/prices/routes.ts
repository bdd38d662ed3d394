import { createRoute } from '@tanstack/react-router';
import { placeholderPage } from '../placeholders/placeholder-page';
import { settingsRoute } from '../settings/settings-route';

/** `/settings/prices`: the account's own prices (for clients and for suppliers). */
export const accountPricesRoute = createRoute({ getParentRoute: () => settingsRoute, path: 'prices', component: placeholderPage('settings.nav.prices') });

export const priceRoutes = [accountPricesRoute];
