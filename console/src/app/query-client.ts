import { QueryClient } from '@tanstack/react-query';
import { ApiProblem } from '../shared/api/client';

/**
 * Server state for every page (TanStack Query). Reads are fresh for 10 s and retried once, but
 * never on a 4xx answer: asking again would get the same one.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (failures, error) => failures < 1 && !(error instanceof ApiProblem && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}
