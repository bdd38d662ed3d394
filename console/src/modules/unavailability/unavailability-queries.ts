import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, type Body } from '../../shared/api/client';
import { partyQuery } from '../../shared/api/party';

/**
 * A supplier's unavailability (GET /v2/suppliers/:id/unavailabilities): `currents` (running or to
 * come) and `old`, each by `from`. Keyed below the supplier: what reads the supplier again reads it too.
 */
export const unavailabilitiesQuery = (supplierId: string) =>
  queryOptions({
    queryKey: [...partyQuery({ kind: 'supplier', id: supplierId }).queryKey, 'unavailabilities'] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/suppliers/{id}/unavailabilities', { params: { path: { id: supplierId } }, signal })),
  });

/** A change of a period is a change of the supplier (its `updatedAt`): it and its periods are read again, its lists marked stale. */
function useUnavailabilityWrite<Variables>(supplierId: string, write: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: ['suppliers', 'list'] });
      await queryClient.invalidateQueries({ queryKey: partyQuery({ kind: 'supplier', id: supplierId }).queryKey });
    },
  });
}

export function useCreateUnavailability(supplierId: string) {
  return useUnavailabilityWrite(supplierId, (body: Body<'createSupplierUnavailability'>) =>
    data(api.POST('/v2/suppliers/{id}/unavailabilities', { params: { path: { id: supplierId } }, body })),
  );
}

export function useUpdateUnavailability(supplierId: string) {
  return useUnavailabilityWrite(supplierId, ({ unavailabilityId, body }: { unavailabilityId: string; body: Body<'updateSupplierUnavailability'> }) =>
    data(api.PUT('/v2/suppliers/{id}/unavailabilities/{unavailabilityId}', { params: { path: { id: supplierId, unavailabilityId } }, body })),
  );
}

export function useDeleteUnavailability(supplierId: string) {
  return useUnavailabilityWrite(supplierId, (unavailabilityId: string) =>
    data(api.DELETE('/v2/suppliers/{id}/unavailabilities/{unavailabilityId}', { params: { path: { id: supplierId, unavailabilityId } } })),
  );
}
