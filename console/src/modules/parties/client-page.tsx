import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { PartyPage } from './party-page';

/** `/clients/$clientId`: the shared party page, for a client. */
export function ClientPage() {
  const { clientId } = useParams({ from: '/signed-in/clients/$clientId' });
  const { tab } = useSearch({ from: '/signed-in/clients/$clientId' });
  const navigate = useNavigate({ from: '/clients/$clientId' });
  return (
    <PartyPage
      party={{ kind: 'client', id: clientId }}
      tab={tab}
      onTab={(next) => void navigate({ search: next === 'overview' ? {} : { tab: next }, replace: true })}
    />
  );
}
