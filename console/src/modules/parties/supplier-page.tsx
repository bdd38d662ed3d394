import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { PartyPage } from './party-page';

/** `/suppliers/$supplierId`: the shared party page, for a supplier. */
export function SupplierPage() {
  const { supplierId } = useParams({ from: '/signed-in/suppliers/$supplierId' });
  const { tab } = useSearch({ from: '/signed-in/suppliers/$supplierId' });
  const navigate = useNavigate({ from: '/suppliers/$supplierId' });
  return (
    <PartyPage
      party={{ kind: 'supplier', id: supplierId }}
      tab={tab}
      onTab={(next) => void navigate({ search: next === 'overview' ? {} : { tab: next }, replace: true })}
    />
  );
}
