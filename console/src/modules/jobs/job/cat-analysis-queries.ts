import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, uploadFile } from '../../../shared/api/client';
import { setJob, type Job } from '../../../shared/api/job-query';
import type { ParsedReport } from './cat-analysis-report';

/**
 * Data of the CAT analysis section: the account's CAT configurations, the destinations' default
 * configuration (the client's, a supplier's), parsing a report and importing it
 * (docs/cat-analysis.md#endpoints).
 */
export const catConfigurationsQuery = queryOptions({
  queryKey: ['cat-configurations'] as const,
  queryFn: ({ signal }) => data(api.GET('/v2/account/cat-configurations', { signal })),
  staleTime: 60_000,
});

export function useCatConfigurations() {
  return useQuery(catConfigurationsQuery);
}

/** The default CAT configuration of a client or a supplier (its `catConfiguration`), read when an import is being prepared. */
export function usePartyConfiguration(kind: 'clients' | 'suppliers', id: string | undefined) {
  return useQuery({
    queryKey: [kind, 'detail', id] as const,
    // The whole client or supplier is kept under its key (other pages read it there too).
    queryFn: async ({ signal }): Promise<{ catConfiguration: { id: string } | null }> => {
      const path = { params: { path: { id: id! } }, signal };
      return kind === 'clients' ? data(api.GET('/v2/clients/{id}', path)) : data(api.GET('/v2/suppliers/{id}', path));
    },
    enabled: id !== undefined,
    staleTime: 60_000,
    select: (party) => party.catConfiguration?.id ?? null,
  });
}

/** Reads a report without storing anything (`POST /v2/cat-analysis/parse`), with upload progress. */
export function useParseReport(onProgress: (fraction: number) => void) {
  return useMutation({
    mutationFn: (file: File) => uploadFile<ParsedReport>('/v2/cat-analysis/parse', { file }, onProgress),
  });
}

export interface ImportRequest {
  file: File;
  /** The job itself, or one of its outsourcing (by id). */
  outsourcingId: string | null;
  catConfiguration: string;
  targetLanguage?: string;
}

/**
 * Imports a report into the job or one of its outsourcing; the API answers the job, put in place
 * (its estimate, its lines, the stored report among its files).
 */
export function useImportReport(job: Job, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, outsourcingId, catConfiguration, targetLanguage }: ImportRequest) => {
      const url = outsourcingId === null ? `/v2/jobs/${job.id}/cat-analysis` : `/v2/jobs/${job.id}/outsourcing/${outsourcingId}/cat-analysis`;
      const fields: Record<string, string | Blob> = { file, catConfiguration };
      if (targetLanguage !== undefined) fields.targetLanguage = targetLanguage;
      return uploadFile<Job>(url, fields, onProgress);
    },
    onSuccess: (answer) => setJob(queryClient, answer),
  });
}
