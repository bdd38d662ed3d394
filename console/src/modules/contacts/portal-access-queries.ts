import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, type Answer, type Body } from '../../shared/api/client';
import { partyQuery, type PartyRef } from '../../shared/api/party';

export type PortalPerson = Answer<'listSupplierPortalAccess'>[number];
export type PortalGrant = Answer<'grantSupplierContactPortalAccess'>;
export type PortalLanguage = NonNullable<Body<'grantSupplierContactPortalAccess'>['language']>;
/** What a client's person may do on the portal (docs/client-portal.md#people). */
export type ClientPermission = Body<'setClientContactPortalPermissions'>['permissions'][number];
export const CLIENT_PERMISSIONS: readonly ClientPermission[] = ['request', 'approve', 'invoices'];

/**
 * The party's portal people (GET /v2/suppliers/:id/portal-access or /v2/clients/:id/portal-access,
 * docs/supplier-portal.md#people). Keyed below the party: a contact's change (which reads the
 * party again) reads them again too.
 */
export const portalAccessQuery = (party: PartyRef) =>
  queryOptions<PortalPerson[]>({
    queryKey: [...partyQuery(party).queryKey, 'portal-access'] as const,
    queryFn: ({ signal }) =>
      party.kind === 'client'
        ? data(api.GET('/v2/clients/{id}/portal-access', { params: { path: { id: party.id } }, signal }))
        : data(api.GET('/v2/suppliers/{id}/portal-access', { params: { path: { id: party.id } }, signal })),
  });

interface GrantInput {
  contactId: string;
  language: PortalLanguage | null;
  /** A client's person only: what they may do. */
  permissions?: ClientPermission[];
}

/** Gives access (again) or makes a new link: the answer carries the link, shown once. */
export function useGrantPortalAccess(party: PartyRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, language, permissions }: GrantInput) => {
      const path = { id: party.id, contactId };
      return party.kind === 'client'
        ? data(api.POST('/v2/clients/{id}/contacts/{contactId}/portal-access', { params: { path }, body: { language, permissions } }))
        : data(api.POST('/v2/suppliers/{id}/contacts/{contactId}/portal-access', { params: { path }, body: { language } }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalAccessQuery(party).queryKey }),
  });
}

/** Changes what a client's person may do (no new link is sent). */
export function useSetPortalPermissions(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, permissions }: { contactId: string; permissions: ClientPermission[] }) =>
      data(api.PUT('/v2/clients/{id}/contacts/{contactId}/portal-access', { params: { path: { id: clientId, contactId } }, body: { permissions } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalAccessQuery({ kind: 'client', id: clientId }).queryKey }),
  });
}

/** Withdraws access: the person's sessions end and their links stop working. */
export function useRevokePortalAccess(party: PartyRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: string) => {
      const path = { id: party.id, contactId };
      return party.kind === 'client'
        ? data(api.DELETE('/v2/clients/{id}/contacts/{contactId}/portal-access', { params: { path } }))
        : data(api.DELETE('/v2/suppliers/{id}/contacts/{contactId}/portal-access', { params: { path } }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalAccessQuery(party).queryKey }),
  });
}
