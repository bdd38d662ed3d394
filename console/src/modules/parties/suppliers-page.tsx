import { useNavigate, useSearch } from '@tanstack/react-router';
import { PartiesPage } from './parties-page';

/** `/suppliers`: the shared list of parties, for suppliers (with their languages and domains as filters). */
export function SuppliersPage() {
  const search = useSearch({ from: '/signed-in/suppliers' });
  const navigate = useNavigate({ from: '/suppliers' });
  return <PartiesPage kind="supplier" search={search} onChange={(next) => void navigate({ search: next, replace: true })} />;
}
