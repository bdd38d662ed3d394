import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../render';
import type * as QueriesModule from '../../../console/src/modules/jobs/jobs-list-queries';
import type * as BarModule from '../../../console/src/modules/jobs/bulk-status-bar';

/**
 * The bulk status change: one PUT per job, never more than BULK_CONCURRENCY at once, the API's
 * refusals listed with its message, the jobs put in place and the lists marked stale.
 */
let inFlight = 0;
let mostInFlight = 0;
const requests: Array<{ method: string; path: string; body: unknown }> = [];

async function fakeFetch(input: Request | string, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : new Request(input, init);
  const path = new URL(request.url).pathname;
  const body: unknown = await request.json().catch(() => undefined);
  requests.push({ method: request.method, path, body });
  inFlight++;
  mostInFlight = Math.max(mostInFlight, inFlight);
  await new Promise((resolve) => setTimeout(resolve, 5));
  inFlight--;
  const id = path.split('/').pop()!;
  const json = (status: number, value: unknown) => new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
  if (id.startsWith('refused'))
    return json(409, {
      code: 'invalid_transition',
      message: 'A job cannot move from status 5 (cancelled) to 2 (in progress)',
      details: [{ param: 'status', message: 'not allowed from 5' }],
    });
  return json(200, { id, name: `Job ${id}`, status: (body as { status: number }).status });
}

let modules: {
  queries: typeof QueriesModule;
  bar: typeof BarModule;
};
beforeAll(async () => {
  // The API client takes `fetch` when it is made: stubbed before the modules load.
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  modules = {
    queries: await import('../../../console/src/modules/jobs/jobs-list-queries'),
    bar: await import('../../../console/src/modules/jobs/bulk-status-bar'),
  };
});
afterAll(() => vi.unstubAllGlobals());

describe('useBulkStatusChange', () => {
  it('moves each job with its own PUT, a few at a time, and reports changed, unchanged and refused', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => modules.queries.useBulkStatusChange(), { wrapper });
    const jobs = [
      ...Array.from({ length: 9 }, (_, index) => ({ id: `job${index}`, name: `Job ${index}`, status: 1 })),
      { id: 'already', name: 'Already there', status: 2 },
      { id: 'refused1', name: 'Cancelled catalogue', status: 5 },
    ];
    let answer: Awaited<ReturnType<typeof result.current.mutateAsync>> | undefined;
    await act(async () => {
      answer = await result.current.mutateAsync({ jobs, status: 2 });
    });
    expect(answer).toEqual({
      changed: 9,
      unchanged: 1,
      refused: [{ id: 'refused1', name: 'Cancelled catalogue', message: 'A job cannot move from status 5 (cancelled) to 2 (in progress)' }],
    });
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(11);
    expect(requests.every((request) => request.path.startsWith('/v2/jobs/') && (request.body as { status: number }).status === 2)).toBe(true);
    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(modules.queries.BULK_CONCURRENCY);
    expect(queryClient.getQueryData(['jobs', 'detail', 'job3'])).toMatchObject({ id: 'job3', status: 2 });
    expect(queryClient.getQueryData(['jobs', 'detail', 'refused1'])).toBeUndefined();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['jobs', 'list'] });
  });
});

it('eachLimited runs every item once, never more than the limit at a time', async () => {
  let running = 0;
  let most = 0;
  const seen: number[] = [];
  await modules.queries.eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
    running++;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, item % 3));
    seen.push(item);
    running--;
  });
  expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  expect(most).toBe(3);
  await modules.queries.eachLimited([], 3, () => Promise.reject(new Error('never called')));
});

it('the result says how many jobs changed and lists each refusal with the API’s message', () => {
  renderWithProviders(
    <modules.bar.BulkStatusResultView
      result={{
        changed: 3,
        unchanged: 1,
        refused: [{ id: 'a', name: 'Cancelled catalogue', message: 'A job cannot move from status 5 (cancelled) to 3 (finished)' }],
      }}
      onClose={() => {}}
    />,
  );
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('3 jobs changed. 1 had this status already.');
  expect(alert).toHaveTextContent('Refused (1):');
  expect(screen.getByRole('listitem')).toHaveTextContent('Cancelled catalogue: A job cannot move from status 5 (cancelled) to 3 (finished)');
});

it('a result without refusals is a status message, not an alert', () => {
  renderWithProviders(<modules.bar.BulkStatusResultView result={{ changed: 1, unchanged: 0, refused: [] }} onClose={() => {}} />);
  expect(screen.getByRole('status')).toHaveTextContent('1 job changed.');
  expect(screen.queryByRole('alert')).toBeNull();
});
