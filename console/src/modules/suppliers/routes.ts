import { createRoute } from '@tanstack/react-router';
import { appRoute } from '../../app/root-route';
import { placeholderPage } from '../placeholders/placeholder-page';

/** `/suppliers`: the list; `/suppliers/$supplierId`: a supplier's page. */
export const suppliersRoute = createRoute({ getParentRoute: () => appRoute, path: 'suppliers', component: placeholderPage('nav.suppliers') });
export const supplierRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'suppliers/$supplierId',
  component: placeholderPage('nav.suppliers'),
});

export const supplierRoutes = [suppliersRoute, supplierRoute];
