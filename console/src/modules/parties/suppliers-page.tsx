import { useSearch } from '@tanstack/react-router';
import { PartiesPage } from './parties-page';

/** `/suppliers`: the shared list of parties, for suppliers (with their languages and domains as filters). */
export function SuppliersPage() {
  const search = useSearch({ from: '/signed-in/suppliers' });
  return <PartiesPage kind="supplier" search={search} />;
}
