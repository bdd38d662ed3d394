import { queryOptions, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { api, data, type Answer } from './client';

export type Job = Answer<'getJob'>;

/**
 * One job (GET /v2/jobs/:id): the job page and each of its sections read it from here; a change
 * answers the whole job, which `setJob` puts in place (no second request).
 */
export const jobQuery = (id: string) =>
  queryOptions({
    queryKey: ['jobs', 'detail', id] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/jobs/{id}', { params: { path: { id } }, signal })),
  });

export function useJob(id: string): Job {
  return useSuspenseQuery(jobQuery(id)).data;
}

/** Puts a job the API answered in place, and marks the job lists stale (a total, a status, a name changed). */
export function setJob(queryClient: QueryClient, job: Job): void {
  queryClient.setQueryData(jobQuery(job.id).queryKey, job);
  void queryClient.invalidateQueries({ queryKey: ['jobs', 'list'] });
}

/** Reads the job again (after a change through another resource: a file, a tracker, an outsourcing's CAT import). */
export function refreshJob(queryClient: QueryClient, id: string): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: ['jobs', 'list'] });
  return queryClient.invalidateQueries({ queryKey: jobQuery(id).queryKey });
}
