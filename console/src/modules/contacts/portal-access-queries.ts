import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, type Answer, type Body } from '../../shared/api/client';
import { partyQuery } from '../../shared/api/party';

export type PortalPerson = Answer<'listSupplierPortalAccess'>[number];
export type PortalGrant = Answer<'grantSupplierContactPortalAccess'>;
export type PortalLanguage = NonNullable<Body<'grantSupplierContactPortalAccess'>['language']>;

/**
 * The supplier's portal people (GET /v2/suppliers/:id/portal-access, docs/supplier-portal.md#people).
 * Keyed below the supplier: a contact's change (which reads the supplier again) reads them again too.
 */
export const portalAccessQuery = (supplierId: string) =>
  queryOptions<PortalPerson[]>({
    queryKey: [...partyQuery({ kind: 'supplier', id: supplierId }).queryKey, 'portal-access'] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/suppliers/{id}/portal-access', { params: { path: { id: supplierId } }, signal })),
  });

/** Gives access (again) or makes a new link: the answer carries the link, shown once. */
export function useGrantPortalAccess(supplierId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, language }: { contactId: string; language: PortalLanguage | null }) =>
      data(
        api.POST('/v2/suppliers/{id}/contacts/{contactId}/portal-access', {
          params: { path: { id: supplierId, contactId } },
          body: { language },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalAccessQuery(supplierId).queryKey }),
  });
}

/** Withdraws access: the person's sessions end and their links stop working. */
export function useRevokePortalAccess(supplierId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: string) =>
      data(api.DELETE('/v2/suppliers/{id}/contacts/{contactId}/portal-access', { params: { path: { id: supplierId, contactId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalAccessQuery(supplierId).queryKey }),
  });
}
