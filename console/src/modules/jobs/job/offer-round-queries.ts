import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, type Answer, type Body } from '../../../shared/api/client';
import { jobQuery, refreshJob, type Job } from '../../../shared/api/job-query';

/**
 * Data of the job page's offer rounds (docs/supplier-portal.md#offer-rounds): the job's rounds,
 * and the three writes. Each write answers the round, not the job: the job (its outsourcing list,
 * its cost) is read again after it, and so are the rounds (their key is under the job's).
 */

export type OfferRound = Answer<'getJobOfferRound'>;
export type OfferRoundOffer = OfferRound['offers'][number];
export type NewOfferRound = Body<'createJobOfferRound'>;

const roundsKey = (jobId: string) => [...jobQuery(jobId).queryKey, 'offer-rounds'] as const;

/**
 * What of the job a round shows: its offers' statuses and answers. Part of the rounds' key, so
 * that a change of the job made elsewhere on the page (the portal dialog's "Accept for the
 * supplier" wins a round) reads the rounds again.
 */
const offersSignature = (job: Job) => job.outsourcing.map((item) => `${item.id}:${item.status}:${item.portal.confirm.status ?? '-'}`).join(',');

/** GET /v2/jobs/:id/outsourcing/offers, oldest first. */
export function useOfferRounds(job: Job) {
  return useQuery({
    queryKey: [...roundsKey(job.id), offersSignature(job)] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/jobs/{id}/outsourcing/offers', { params: { path: { id: job.id } }, signal })),
  });
}

function useAfterRound(job: Job) {
  const queryClient = useQueryClient();
  // The job's key is a prefix of the rounds' key: both are read again.
  return () => refreshJob(queryClient, job.id);
}

export function useCreateOfferRound(job: Job) {
  const after = useAfterRound(job);
  return useMutation({
    mutationFn: (body: NewOfferRound) => data(api.POST('/v2/jobs/{id}/outsourcing/offers', { params: { path: { id: job.id } }, body })),
    onSuccess: after,
  });
}

export function useAwardOfferRound(job: Job) {
  const after = useAfterRound(job);
  return useMutation({
    mutationFn: ({ roundId, outsourcingId }: { roundId: string; outsourcingId: string }) =>
      data(api.POST('/v2/jobs/{id}/outsourcing/offers/{roundId}/award', { params: { path: { id: job.id, roundId } }, body: { outsourcingId } })),
    onSuccess: after,
  });
}

export function useWithdrawOfferRound(job: Job) {
  const after = useAfterRound(job);
  return useMutation({
    mutationFn: (roundId: string) =>
      data(api.POST('/v2/jobs/{id}/outsourcing/offers/{roundId}/withdraw', { params: { path: { id: job.id, roundId } }, body: {} })),
    onSuccess: after,
  });
}
