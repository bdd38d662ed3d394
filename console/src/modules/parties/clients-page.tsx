import { useNavigate, useSearch } from '@tanstack/react-router';
import { PartiesPage } from './parties-page';

/** `/clients`: the shared list of parties, for clients. */
export function ClientsPage() {
  const search = useSearch({ from: '/signed-in/clients' });
  const navigate = useNavigate({ from: '/clients' });
  return <PartiesPage kind="client" search={search} onChange={(next) => void navigate({ search: next, replace: true })} />;
}
