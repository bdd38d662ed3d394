import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, type Answer, type Body, type Query } from '../../../shared/api/client';
import { setJob } from '../../../shared/api/job-query';

export type PricePreview = Answer<'getJobPricePreview'>;

/** `GET /v2/jobs/price-preview` for the form's values, asked for once the person pauses typing. */
export function usePricePreview(query: Query<'getJobPricePreview'> | undefined) {
  // Compared as text: a new object of the same values is no new question.
  const [asked] = useDebouncedValue(query ? JSON.stringify(query) : '', 300);
  return useQuery({
    queryKey: ['jobs', 'price-preview', asked] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/jobs/price-preview', { params: { query: JSON.parse(asked) as Query<'getJobPricePreview'> }, signal })),
    enabled: asked !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Creates a job (POST /v2/jobs); its answer is the whole job, which fills the job page's cache. */
export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<'createJob'>) => data(api.POST('/v2/jobs', { body })),
    onSuccess: (job) => setJob(queryClient, job),
  });
}
