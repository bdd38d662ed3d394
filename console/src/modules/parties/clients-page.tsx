import { useSearch } from '@tanstack/react-router';
import { PartiesPage } from './parties-page';

/** `/clients`: the shared list of parties, for clients. */
export function ClientsPage() {
  const search = useSearch({ from: '/signed-in/clients' });
  return <PartiesPage kind="client" search={search} />;
}
