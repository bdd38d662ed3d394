import { queryOptions } from '@tanstack/react-query';
import { data, type Answer } from '../../../shared/api/client';
import { portalApi } from '../session';

/** The client's jobs, deliverables and messages as the portal's API answers them (docs/client-portal.md#jobs-and-deliveries). */
export type ClientJob = Answer<'listClientPortalJobs'>[number];
export type ClientDeliverable = Answer<'listClientPortalJobDeliverables'>[number];
export type ClientMessage = Answer<'listClientPortalJobMessages'>[number];
export type ClientJobState = 'open' | 'finished';

const JOBS_KEY = ['portal', 'client', 'jobs'] as const;

/** `GET /v2/portal/client/jobs`: the client's jobs, newest first; `state` filters open or finished ones. */
export const clientJobsQuery = (state: ClientJobState | undefined) =>
  queryOptions({
    queryKey: [...JOBS_KEY, 'list', state ?? 'all'] as const,
    queryFn: ({ signal }) => data(portalApi.GET('/v2/portal/client/jobs', { params: { query: state ? { state } : {} }, signal })),
  });

/** One job: a 404 when it is not the client's. */
export const clientJobQuery = (id: string) =>
  queryOptions({
    queryKey: [...JOBS_KEY, 'one', id] as const,
    queryFn: ({ signal }) => data(portalApi.GET('/v2/portal/client/jobs/{id}', { params: { path: { id } }, signal })),
    retry: false,
  });

export const clientDeliverablesQuery = (id: string) =>
  queryOptions({
    queryKey: [...JOBS_KEY, 'files', id] as const,
    queryFn: ({ signal }) => data(portalApi.GET('/v2/portal/client/jobs/{id}/files', { params: { path: { id } }, signal })),
  });

/** Where a deliverable downloads (the browser follows the link with the portal's cookie). */
export const deliverableUrl = (jobId: string, fileId: string) =>
  `/v2/portal/client/jobs/${encodeURIComponent(jobId)}/files/${encodeURIComponent(fileId)}/content`;
