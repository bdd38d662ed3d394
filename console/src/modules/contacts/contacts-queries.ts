import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../shared/api/client';
import { PARTY_COLLECTION, partyQuery, type PartyRef } from '../../shared/api/party';
import type { Contact } from './contact-kinds';
import type { ContactBody } from './contact-form-values';

/**
 * A party's contacts (GET /v2/{clients,suppliers}/:id/contacts), in creation order. Keyed below the
 * party (`['clients', 'detail', id, 'contacts']`): what reads the party again reads them too.
 */
export const contactsQuery = (party: PartyRef) =>
  queryOptions<Contact[]>({
    queryKey: [...partyQuery(party).queryKey, 'contacts'] as const,
    queryFn: ({ signal }) => {
      const params = { params: { path: { id: party.id } }, signal };
      return party.kind === 'client' ? data(api.GET('/v2/clients/{id}/contacts', params)) : data(api.GET('/v2/suppliers/{id}/contacts', params));
    },
  });

/**
 * A contact's change is a change of its party (its `contacts` and `updatedAt`,
 * docs/clients-suppliers.md#rules): the party and its contacts are read again, its lists marked stale.
 */
function useContactWrite<Variables>(party: PartyRef, write: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: [PARTY_COLLECTION[party.kind], 'list'] });
      await queryClient.invalidateQueries({ queryKey: partyQuery(party).queryKey });
    },
  });
}

export function useCreateContact(party: PartyRef) {
  return useContactWrite(party, (body: ContactBody) => {
    const params = { params: { path: { id: party.id } }, body };
    return party.kind === 'client' ? data(api.POST('/v2/clients/{id}/contacts', params)) : data(api.POST('/v2/suppliers/{id}/contacts', params));
  });
}

export function useUpdateContact(party: PartyRef) {
  return useContactWrite(party, ({ contactId, body }: { contactId: string; body: ContactBody }) => {
    const params = { params: { path: { id: party.id, contactId } }, body };
    return party.kind === 'client'
      ? data(api.PUT('/v2/clients/{id}/contacts/{contactId}', params))
      : data(api.PUT('/v2/suppliers/{id}/contacts/{contactId}', params));
  });
}

export function useDeleteContact(party: PartyRef) {
  return useContactWrite(party, (contactId: string) => {
    const params = { params: { path: { id: party.id, contactId } } };
    return party.kind === 'client'
      ? data(api.DELETE('/v2/clients/{id}/contacts/{contactId}', params))
      : data(api.DELETE('/v2/suppliers/{id}/contacts/{contactId}', params));
  });
}
