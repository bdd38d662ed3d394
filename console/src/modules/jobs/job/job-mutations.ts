import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data, type Body } from '../../../shared/api/client';
import { setJob, type Job } from '../../../shared/api/job-query';

/**
 * The job page's writes: each answers the whole job, which `setJob` puts in place (the page and
 * its sections show it at once; the job lists are marked stale).
 */
export function useUpdateJob(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<'updateJob'>) => data(api.PUT('/v2/jobs/{id}', { params: { path: { id: jobId } }, body })),
    onSuccess: (job) => setJob(queryClient, job),
  });
}

/** `PUT /v2/jobs/:id/price`: unit cost, matches, discount, extra charge, minimum fee, fixed price, flags, currency. */
export function useUpdateJobPrice(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<'updateJobPrice'>) => data(api.PUT('/v2/jobs/{id}/price', { params: { path: { id: jobId } }, body })),
    onSuccess: (job) => setJob(queryClient, job),
  });
}

/** The labels of a job to become `wanted`: one request per label added or removed, the last answer kept. */
export function useSetJobLabels(job: Job) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (wanted: readonly string[]) => {
      const have = new Set(job.labels.map((label) => label.id));
      const path = (labelId: string) => ({ params: { path: { id: job.id, labelId } } });
      let answer: Job | undefined;
      for (const labelId of wanted) if (!have.has(labelId)) answer = await data(api.POST('/v2/jobs/{id}/labels/{labelId}', path(labelId)));
      for (const labelId of have) if (!wanted.includes(labelId)) answer = await data(api.DELETE('/v2/jobs/{id}/labels/{labelId}', path(labelId)));
      return answer;
    },
    onSuccess: (answer) => {
      if (answer) setJob(queryClient, answer);
    },
  });
}
