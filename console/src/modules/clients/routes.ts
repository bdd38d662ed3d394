import { createRoute } from '@tanstack/react-router';
import { appRoute } from '../../app/root-route';
import { placeholderPage } from '../placeholders/placeholder-page';

/** `/clients`: the list; `/clients/$clientId`: a client's page. */
export const clientsRoute = createRoute({ getParentRoute: () => appRoute, path: 'clients', component: placeholderPage('nav.clients') });
export const clientRoute = createRoute({ getParentRoute: () => appRoute, path: 'clients/$clientId', component: placeholderPage('nav.clients') });

export const clientRoutes = [clientsRoute, clientRoute];
