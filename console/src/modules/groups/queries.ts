import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data, type Answer, type Body } from '../../shared/api/client';
import { groupsApiQuery, type GroupsSearch } from './groups-search';
import { DELIVERED_STATUSES, LIVE_STATUSES } from './group-status';

export type Group = Answer<'getGroup'>;
export type GroupsPage = Answer<'listGroups'>;
export type GroupJob = Answer<'listJobs'>['items'][number];

/** Jobs of a group shown on one page of its table (the API's largest page). */
export const GROUP_JOBS_PAGE_SIZE = 100;

/** A page of the groups list (GET /v2/groups) for a view of the address. */
export const groupsListQuery = (search: GroupsSearch) =>
  queryOptions({
    queryKey: ['groups', 'list', search] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/groups', { params: { query: groupsApiQuery(search) }, signal })),
    placeholderData: keepPreviousData,
  });

/** One group (GET /v2/groups/:id). */
export const groupQuery = (id: string) =>
  queryOptions({
    queryKey: ['groups', 'detail', id] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/groups/{id}', { params: { path: { id } }, signal })),
  });

/** The jobs of a group (GET /v2/jobs?group=…), a page of them, oldest first. */
export const groupJobsQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: ['groups', 'jobs', id, page] as const,
    queryFn: ({ signal }) =>
      data(
        api.GET('/v2/jobs', {
          params: { query: { group: id, page, pageSize: GROUP_JOBS_PAGE_SIZE, sort: 'createdAt', direction: 'asc' } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/**
 * "3 of 5 jobs delivered": how many of the group's live (not cancelled) jobs are finished or
 * invoiced, counted by the API (two one-row pages: their `totalItems`).
 */
export const groupDeliveryQuery = (id: string) =>
  queryOptions({
    queryKey: ['groups', 'delivery', id] as const,
    queryFn: async ({ signal }) => {
      const count = async (status: number[]) => (await data(api.GET('/v2/jobs', { params: { query: { group: id, status, pageSize: 1 } }, signal }))).totalItems;
      const [delivered, live] = await Promise.all([count(DELIVERED_STATUSES), count(LIVE_STATUSES)]);
      return { delivered, live };
    },
  });

/** Jobs in no group whose name or reference contains `q`: those the "Add a job" box offers. */
export const groupCandidatesQuery = (q: string, clientId: string | null) =>
  queryOptions({
    queryKey: ['groups', 'candidates', q, clientId] as const,
    queryFn: ({ signal }) =>
      // `group=` (empty): jobs in no group (docs/jobs.md#listing); of the group's client when it has one (docs/groups.md#one-client-per-group).
      data(
        api.GET('/v2/jobs', {
          params: { query: { q: q || undefined, group: '', client: clientId ? [clientId] : undefined, pageSize: 20, sort: 'name', direction: 'asc' } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** Clients whose name (or e-mail, city, …) contains `q`, for the client boxes. */
export const clientOptionsQuery = (q: string) =>
  queryOptions({
    queryKey: ['clients', 'options', q] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/clients', { params: { query: { q: q || undefined, pageSize: 20, sort: 'name', direction: 'asc' } }, signal })),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** One client's name, for a client box whose value came from the address. */
export const clientNameQuery = (id: string) =>
  queryOptions({
    queryKey: ['clients', 'detail', id] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/clients/{id}', { params: { path: { id } }, signal })),
    select: (client) => client.name,
    staleTime: 60_000,
  });

/** The account's domains (a short list), for the group's domain box. */
export const domainsQuery = queryOptions({
  queryKey: ['account', 'domains'] as const,
  queryFn: ({ signal }) => data(api.GET('/v2/account/domains', { signal })),
  staleTime: 60_000,
});

export function useGroup(id: string) {
  return useQuery(groupQuery(id));
}

/** Puts a group the API answered in place and marks the lists stale. */
function setGroup(queryClient: QueryClient, group: Group): void {
  queryClient.setQueryData(groupQuery(group.id).queryKey, group);
  void queryClient.invalidateQueries({ queryKey: ['groups', 'list'] });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<'createGroup'>) => data(api.POST('/v2/groups', { body })),
    onSuccess: (group) => setGroup(queryClient, group),
  });
}

export function useUpdateGroup(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<'updateGroup'>) => data(api.PUT('/v2/groups/{id}', { params: { path: { id } }, body })),
    onSuccess: (group) => {
      setGroup(queryClient, group);
      // The jobs show their group's name.
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}

/**
 * Adding or removing a job: the group answers with its derived values already recomputed; its
 * job table, its delivery count and every job list or job (which show their group) are read again.
 */
function afterJobsChanged(queryClient: QueryClient, group: Group): void {
  setGroup(queryClient, group);
  void queryClient.invalidateQueries({ queryKey: ['groups', 'jobs', group.id] });
  void queryClient.invalidateQueries({ queryKey: ['groups', 'delivery', group.id] });
  void queryClient.invalidateQueries({ queryKey: ['groups', 'candidates'] });
  // A job added here may have left another group.
  void queryClient.invalidateQueries({ queryKey: ['groups', 'detail'], predicate: (query) => query.queryKey[2] !== group.id });
  void queryClient.invalidateQueries({ queryKey: ['jobs'] });
}

export function useAddGroupJob(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => data(api.POST('/v2/groups/{id}/jobs/{jobId}', { params: { path: { id, jobId } } })),
    onSuccess: (group) => afterJobsChanged(queryClient, group),
  });
}

export function useRemoveGroupJob(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => data(api.DELETE('/v2/groups/{id}/jobs/{jobId}', { params: { path: { id, jobId } } })),
    onSuccess: (group) => afterJobsChanged(queryClient, group),
  });
}
