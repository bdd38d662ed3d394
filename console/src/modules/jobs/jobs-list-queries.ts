import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiProblem, data, type Answer, type Query } from '../../shared/api/client';
import { jobQuery } from '../../shared/api/job-query';

/** A page of jobs as `GET /v2/jobs` answers it, and one of its jobs. */
export type JobsPage = Answer<'listJobs'>;
export type JobRow = JobsPage['items'][number];

/**
 * One page of the jobs list (`GET /v2/jobs`), keyed by its query under ['jobs', 'list'] (a job's
 * change marks every page stale: job-query.ts). While the next page or filter loads, the page
 * shown stays (no blank table between pages).
 */
export const jobsListQuery = (query: Query<'listJobs'>) =>
  queryOptions({
    queryKey: ['jobs', 'list', query] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/jobs', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });

export function useJobsList(query: Query<'listJobs'>) {
  return useQuery(jobsListQuery(query));
}

export interface Choice {
  value: string;
  label: string;
}

/**
 * The account's users (every role reads them): the manager filter's choices. Asked for once the
 * filter is opened or has values (the list's first page goes first).
 */
export function useUserChoices(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['users', 'list'] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/users', { signal })),
    select: (users): Choice[] => users.map((user) => ({ value: user.id, label: user.name })),
    staleTime: 60_000,
  });
}

/** The account's labels: the label filter's choices (asked for as the users are). */
export function useLabelChoices(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['labels', 'list'] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/account/labels', { signal })),
    select: (labels): Choice[] => labels.map((label) => ({ value: label.id, label: label.name })),
    staleTime: 60_000,
  });
}

/**
 * Clients or suppliers to filter by: those matching what the user types, searched by the API
 * (`q`, the first 20 by name), and the chosen ones (from a shared address) are read by id for
 * their names.
 */
export function usePartyChoices(
  kind: 'clients' | 'suppliers',
  search: string,
  chosen: readonly string[],
  enabled: boolean,
): { choices: Choice[]; loading: boolean } {
  const found = useQuery({
    enabled,
    queryKey: [kind, 'choices', search] as const,
    queryFn: async ({ signal }): Promise<Array<{ id: string; name: string }>> => {
      const query = { q: search || undefined, pageSize: 20, sort: 'name' as const, direction: 'asc' as const };
      const page =
        kind === 'clients'
          ? await data(api.GET('/v2/clients', { params: { query }, signal }))
          : await data(api.GET('/v2/suppliers', { params: { query }, signal }));
      return page.items;
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const names = useQueries({
    queries: chosen.map((id) => ({
      queryKey: [kind, 'detail', id] as const,
      queryFn: ({ signal }: { signal: AbortSignal }): Promise<{ name: string }> =>
        kind === 'clients'
          ? data(api.GET('/v2/clients/{id}', { params: { path: { id } }, signal }))
          : data(api.GET('/v2/suppliers/{id}', { params: { path: { id } }, signal })),
      staleTime: 60_000,
    })),
  });
  const choices = new Map<string, string>();
  chosen.forEach((id, index) => choices.set(id, names[index]?.data?.name ?? id));
  for (const party of found.data ?? []) choices.set(party.id, party.name);
  return { choices: [...choices].map(([value, label]) => ({ value, label })), loading: found.isFetching };
}

/** How a bulk status change went: the jobs changed, those that had the status already, and those refused. */
export interface BulkStatusResult {
  changed: number;
  unchanged: number;
  refused: Array<{ id: string; name: string; message: string }>;
}

/** At most this many `PUT /v2/jobs/:id` at once: the server stays responsive for everyone else. */
export const BULK_CONCURRENCY = 4;

/** Runs `work` on each item, at most `limit` at a time; answers when all are done. */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Moves each selected job to a status, one `PUT /v2/jobs/:id` per job (the API has no bulk
 * route): a move the status table forbids is refused by the API (409 with its message), which
 * the result lists; the others are done. The jobs changed are put in place, and the lists marked stale.
 */
export function useBulkStatusChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ jobs, status }: { jobs: ReadonlyArray<Pick<JobRow, 'id' | 'name' | 'status'>>; status: number }): Promise<BulkStatusResult> => {
      const result: BulkStatusResult = { changed: 0, unchanged: 0, refused: [] };
      await eachLimited(jobs, BULK_CONCURRENCY, async (job) => {
        try {
          const updated = await data(api.PUT('/v2/jobs/{id}', { params: { path: { id: job.id } }, body: { status } }));
          queryClient.setQueryData(jobQuery(job.id).queryKey, updated);
          if (job.status === status) result.unchanged++;
          else result.changed++;
        } catch (error) {
          result.refused.push({ id: job.id, name: job.name, message: error instanceof ApiProblem || error instanceof Error ? error.message : String(error) });
        }
      });
      return result;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['jobs', 'list'] }),
  });
}
