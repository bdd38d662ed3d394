import { createElement } from 'react';
import { Stack } from '@mantine/core';
import { createRoute } from '@tanstack/react-router';
import { appRoute } from '../../app/root-route';
import { placeholderPage } from '../placeholders/placeholder-page';
import { ContactsSection } from '../contacts/contacts-section';
import { PartyFilesSection } from '../files/party-files-section';
import { PartyNotesSection } from '../notes/party-notes-section';
import { SupplierUnavailabilitySection } from './unavailability-section';

/** `/suppliers`: the list; `/suppliers/$supplierId`: a supplier's page. */
export const suppliersRoute = createRoute({ getParentRoute: () => appRoute, path: 'suppliers', component: placeholderPage('nav.suppliers') });
// TEMPORARY (records helper's tests): the party sections under the placeholder until the supplier page exists.
const Placeholder = placeholderPage('nav.suppliers');
export const supplierRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'suppliers/$supplierId',
  component: function TemporarySupplierPage() {
    const supplierId = supplierRoute.useParams().supplierId;
    const party = { kind: 'supplier' as const, id: supplierId };
    return createElement(
      Stack,
      { gap: 'lg' },
      createElement(Placeholder),
      createElement(ContactsSection, { party }),
      createElement(SupplierUnavailabilitySection, { supplierId }),
      createElement(PartyFilesSection, { party }),
      createElement(PartyNotesSection, { party }),
    );
  },
});

export const supplierRoutes = [suppliersRoute, supplierRoute];
