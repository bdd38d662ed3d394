import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data } from '../../../shared/api/client';
import type { Kind, MasterRecord } from './kinds';

/*
 * One set of calls for the seven kinds: their five operations are the same on every collection
 * (docs/master-data.md#endpoints). The client's types name one collection; the others have the same
 * operations with their own fields, which `MasterRecord` covers.
 */
type AnyPath = '/v2/account/services';
type AnyItemPath = '/v2/account/services/{id}';
const collection = (kind: Kind) => kind.path as AnyPath;
const item = (kind: Kind) => `${kind.path}/{id}` as AnyItemPath;

/** The records of a kind, in the API's order (GET /v2/account/<kind>). */
export const masterDataQuery = (kind: Kind) =>
  queryOptions({
    queryKey: ['account', kind.id] as const,
    queryFn: async ({ signal }) => (await data(api.GET(collection(kind), { signal }))) as MasterRecord[],
  });

export type NewRecord = { name?: string; value?: number; color?: string; source?: string; target?: string; bidirectional?: boolean };
export type RecordChanges = Partial<Omit<MasterRecord, 'id' | 'source' | 'target'>>;

/**
 * After a write: the kind's list is read again (an exclusive flag moved, the order changed), and
 * the lists other pages choose from (the job's fields, the groups' domains) are refreshed.
 */
function refresh(queryClient: QueryClient, kind: Kind) {
  void queryClient.invalidateQueries({ queryKey: ['account', kind.id] });
  void queryClient.invalidateQueries({ queryKey: ['account', 'domains'] });
  void queryClient.invalidateQueries({ queryKey: ['choices'] });
  void queryClient.invalidateQueries({ queryKey: ['labels'] });
}

export function useCreateRecord(kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewRecord) => (await data(api.POST(collection(kind), { body: body as { name: string } }))) as MasterRecord,
    onSuccess: () => refresh(queryClient, kind),
  });
}

export function useUpdateRecord(kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: RecordChanges }) =>
      (await data(api.PUT(item(kind), { params: { path: { id } }, body: changes }))) as MasterRecord,
    onSuccess: () => refresh(queryClient, kind),
  });
}

export function useDeleteRecord(kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => data(api.DELETE(item(kind), { params: { path: { id } } })),
    onSuccess: () => refresh(queryClient, kind),
  });
}
