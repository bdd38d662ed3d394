import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONSOLE_CALL, problemOf, sessionHooks } from '../../shared/api/client';
import { reportUrl, type ReportAnswer, type ReportsSearch } from './report-kinds';

/** A GET of the API answering JSON, with the console's mark; the error body as an ApiProblem. */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { headers: CONSOLE_CALL, credentials: 'same-origin', signal });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (response.status === 401) sessionHooks.onUnauthorized();
    throw problemOf(response.status, body);
  }
  return body as T;
}

/** One report as the API computes it (docs/reports.md): read again whenever the page opens. */
export const reportQuery = (search: ReportsSearch) =>
  queryOptions({
    queryKey: ['reports', search.report, search.report === 'margins' ? search.by : null, search.from ?? null, search.to ?? null] as const,
    queryFn: ({ signal }) => getJson<ReportAnswer>(reportUrl(search), signal),
  });

export function useReport(search: ReportsSearch, enabled = true) {
  return useQuery({ ...reportQuery(search), enabled });
}
