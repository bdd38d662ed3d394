import { createRoute } from '@tanstack/react-router';
import { appRoute } from '../../app/root-route';
import type { MessageKey } from '../../i18n';
import { placeholderPage } from './placeholder-page';

/** The pages of part 2 of the console, until each gets its module (docs/console.md#pages). */
const PLACEHOLDERS: { path: string; title: MessageKey }[] = [
  { path: 'clients', title: 'nav.clients' },
  { path: 'suppliers', title: 'nav.suppliers' },
  { path: 'quotes', title: 'nav.quotes' },
  { path: 'invoices', title: 'nav.invoices' },
  { path: 'purchase-orders', title: 'nav.purchaseOrders' },
  { path: 'settings', title: 'nav.settings' },
];

export const placeholderRoutes = PLACEHOLDERS.map(({ path, title }) =>
  createRoute({ getParentRoute: () => appRoute, path, component: placeholderPage(title) }),
);
