import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiProblem, data, type Body } from '../../../shared/api/client';
import { refreshJob, setJob, type Job } from '../../../shared/api/job-query';

/** A time entry of the job (docs/trackers.md#the-collection-jobtimetrackers). */
export type TimeEntry = Job['timeTrackers']['list'][number];
export type NewTimeEntry = Body<'createJobTrackerEntry'>;
export type TimeEntryChange = Body<'updateJobTrackerEntry'>;

/**
 * The writes of the time section. Each answers the whole job (its `timeTrackers`, and its
 * estimation, which billable time changes), which takes its place; a conflict (a timer started
 * or stopped meanwhile, elsewhere) reads the job again so that the page shows what is.
 */
function useJobWrite<Variables>(jobId: string, write: (variables: Variables) => Promise<Job>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (job) => setJob(queryClient, job),
    onError: (error) => {
      if (error instanceof ApiProblem && (error.status === 409 || error.status === 404)) void refreshJob(queryClient, jobId);
    },
  });
}

export function useStartTimer(jobId: string) {
  return useJobWrite(jobId, () => data(api.POST('/v2/jobs/{id}/trackers/start', { params: { path: { id: jobId } }, body: {} })));
}

/** Stops one running entry; the server counts its time from its start (no duration sent). */
export function useStopTimer(jobId: string) {
  return useJobWrite(jobId, (trackerId: string) =>
    data(api.PUT('/v2/jobs/{id}/trackers/stop/{trackerId}', { params: { path: { id: jobId, trackerId } }, body: {} })),
  );
}

export function useAddEntry(jobId: string) {
  return useJobWrite(jobId, (entry: NewTimeEntry) => data(api.POST('/v2/jobs/{id}/trackers', { params: { path: { id: jobId } }, body: entry })));
}

export function useUpdateEntry(jobId: string) {
  return useJobWrite(jobId, ({ trackerId, change }: { trackerId: string; change: TimeEntryChange }) =>
    data(api.PUT('/v2/jobs/{id}/trackers/{trackerId}', { params: { path: { id: jobId, trackerId } }, body: change })),
  );
}

export function useDeleteEntry(jobId: string) {
  return useJobWrite(jobId, (trackerId: string) => data(api.DELETE('/v2/jobs/{id}/trackers/{trackerId}', { params: { path: { id: jobId, trackerId } } })));
}
