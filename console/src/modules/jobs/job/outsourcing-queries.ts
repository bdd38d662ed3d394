import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, type Answer, type Body } from '../../../shared/api/client';
import { setJob, type Job } from '../../../shared/api/job-query';

/**
 * Data of the outsourcing section: suppliers to choose from (the job's candidates first), the supplier price an outsourcing
 * would take (GET /v2/jobs/:id/supplier-prices), and the three writes, each answering the job
 * (put in place with `setJob`).
 */

/** Suppliers whose name (or e-mail, city, …) contains `search`, by name; not archived. */
export function useSupplierSearch(search: string) {
  const q = search.trim();
  return useQuery({
    queryKey: ['suppliers', 'list', { q, archived: false, sort: 'name' }] as const,
    queryFn: ({ signal }) =>
      data(
        api.GET('/v2/suppliers', {
          params: { query: { ...(q ? { q } : {}), archived: false, sort: 'name', direction: 'asc', pageSize: 20 } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export type SupplierCandidates = Answer<'listJobSupplierCandidates'>;
export type SupplierCandidate = SupplierCandidates['items'][number];

/** The suppliers with the job's language pair or service, best first, with their price, rating and availability (GET /v2/jobs/:id/supplier-candidates). */
export function useSupplierCandidates(jobId: string) {
  return useQuery({
    queryKey: ['jobs', 'detail', jobId, 'supplier-candidates'] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/jobs/{id}/supplier-candidates', { params: { path: { id: jobId } }, signal })),
    staleTime: 30_000,
  });
}

/** The supplier prices of `supplierId` for an outsourcing of the job, best first (the first is the suggestion). */
export function useSupplierPrices(jobId: string, supplierId: string | null) {
  return useQuery({
    queryKey: ['jobs', 'detail', jobId, 'supplier-prices', supplierId] as const,
    queryFn: ({ signal }) => data(api.GET('/v2/jobs/{id}/supplier-prices', { params: { path: { id: jobId }, query: { supplierId: supplierId! } }, signal })),
    enabled: supplierId !== null,
    staleTime: 30_000,
  });
}

export type NewOutsourcing = Body<'createJobOutsourcing'>;
export type OutsourcingChanges = Body<'updateJobOutsourcing'>;

export function useCreateOutsourcing(job: Job) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewOutsourcing) => data(api.POST('/v2/jobs/{id}/outsourcing', { params: { path: { id: job.id } }, body })),
    onSuccess: (answer) => setJob(queryClient, answer),
  });
}

export function useUpdateOutsourcing(job: Job) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: OutsourcingChanges }) =>
      data(api.PUT('/v2/jobs/{id}/outsourcing/{outsourcingId}', { params: { path: { id: job.id, outsourcingId: id } }, body: changes })),
    onSuccess: (answer) => setJob(queryClient, answer),
  });
}

export function useDeleteOutsourcing(job: Job) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => data(api.DELETE('/v2/jobs/{id}/outsourcing/{outsourcingId}', { params: { path: { id: job.id, outsourcingId: id } } })),
    onSuccess: (answer) => setJob(queryClient, answer),
  });
}

export type OutsourcingPortalChanges = Body<'updateJobOutsourcingPortal'>;

/** The outsourcing's portal settings (PUT /v2/jobs/:id/outsourcing/:outsourcingId/portal, docs/jobs.md#portal). */
export function useUpdateOutsourcingPortal(job: Job) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: OutsourcingPortalChanges }) =>
      data(api.PUT('/v2/jobs/{id}/outsourcing/{outsourcingId}/portal', { params: { path: { id: job.id, outsourcingId: id } }, body: changes })),
    onSuccess: (answer) => setJob(queryClient, answer),
  });
}

/** What the agency does with an outsourcing on the portal (docs/supplier-portal.md#sending-work, #the-agencys-hand). */
export type PortalAction = { kind: 'send' } | { kind: 'withdraw' } | { kind: 'accept'; comment?: string } | { kind: 'refuse'; reason: string };

/** `POST …/portal/send|withdraw|accept|refuse`: each answers the job, put in place. */
export function useOutsourcingPortalAction(job: Job) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: PortalAction }) => {
      const params = { path: { id: job.id, outsourcingId: id } };
      switch (action.kind) {
        case 'send':
          return data(api.POST('/v2/jobs/{id}/outsourcing/{outsourcingId}/portal/send', { params, body: {} }));
        case 'withdraw':
          return data(api.POST('/v2/jobs/{id}/outsourcing/{outsourcingId}/portal/withdraw', { params, body: {} }));
        case 'accept':
          return data(api.POST('/v2/jobs/{id}/outsourcing/{outsourcingId}/portal/accept', { params, body: action.comment ? { comment: action.comment } : {} }));
        case 'refuse':
          return data(api.POST('/v2/jobs/{id}/outsourcing/{outsourcingId}/portal/refuse', { params, body: { reason: action.reason } }));
      }
    },
    onSuccess: (answer) => setJob(queryClient, answer),
  });
}
