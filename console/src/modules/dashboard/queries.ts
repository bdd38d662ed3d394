import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type Answer } from '../../shared/api/client';

/** The dashboard as `GET /v2/dashboard` answers it (docs/dashboard.md). */
export type Dashboard = Answer<'getDashboard'>;
export type DashboardJob = Dashboard['myJobs']['overdue']['first'][number];
export type DashboardDocument = Dashboard['quotesWaiting']['oldest'][number];
// Absent when the account hides revenue and margins from the caller's role (docs/access.md#revenue-and-margins).
export type UnpaidInvoices = NonNullable<Dashboard['unpaidInvoices']>;
export type OverdueInvoices = NonNullable<Dashboard['overdueInvoices']>;
export type CurrencyAmount = UnpaidInvoices['outstanding'][number];
export type MonthMoney = NonNullable<Dashboard['money']>[number];

/**
 * The dashboard's figures, computed by the server for the signed-in user. Read again whenever the
 * page is opened (the figures follow every job and document written elsewhere), and every minute
 * while it stays open ("today" moves on).
 */
export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'] as const,
  queryFn: ({ signal }) => data(api.GET('/v2/dashboard', { signal })),
  refetchInterval: 60_000,
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}

/** The supplier portal's offers waiting and deliveries to check (GET /v2/dashboard/portal, docs/dashboard.md#the-supplier-portal). */
export type DashboardPortal = Answer<'getDashboardPortal'>;
export type DashboardPortalWork = DashboardPortal['offersWaiting']['first'][number];

export const dashboardPortalQuery = queryOptions({
  queryKey: ['dashboard', 'portal'] as const,
  queryFn: ({ signal }) => data(api.GET('/v2/dashboard/portal', { signal })),
  refetchInterval: 60_000,
});

export function useDashboardPortal() {
  return useQuery(dashboardPortalQuery);
}
