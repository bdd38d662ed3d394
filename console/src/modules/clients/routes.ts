import { createElement } from 'react';
import { Stack } from '@mantine/core';
import { createRoute } from '@tanstack/react-router';
import { appRoute } from '../../app/root-route';
import { placeholderPage } from '../placeholders/placeholder-page';
import { ContactsSection } from '../contacts/contacts-section';
import { PartyFilesSection } from '../files/party-files-section';
import { PartyNotesSection } from '../notes/party-notes-section';

/** `/clients`: the list; `/clients/$clientId`: a client's page. */
export const clientsRoute = createRoute({ getParentRoute: () => appRoute, path: 'clients', component: placeholderPage('nav.clients') });
// TEMPORARY (records helper's tests): the party sections under the placeholder until the client page exists.
const Placeholder = placeholderPage('nav.clients');
export const clientRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'clients/$clientId',
  component: function TemporaryClientPage() {
    const party = { kind: 'client' as const, id: clientRoute.useParams().clientId };
    return createElement(
      Stack,
      { gap: 'lg' },
      createElement(Placeholder),
      createElement(ContactsSection, { party }),
      createElement(PartyFilesSection, { party }),
      createElement(PartyNotesSection, { party }),
    );
  },
});

export const clientRoutes = [clientsRoute, clientRoute];
