import { Grid, Stack, Text, Title } from '@mantine/core';
import { t } from '../../shared/i18n';
import { formatDateTime } from '../../shared/formatting/format';
import { InvoicesSection, QuotesSection } from './documents-sections';
import { ManagersSection } from './managers-section';
import { MonthSection } from './month-section';
import { MyJobsSection } from './my-jobs-section';
import { PortalSection } from './portal-section';
import { RequestsTile } from './requests-tile';
import { useDashboard } from './queries';
import { Loading } from '../../shared/ui/loading';
import { LoadProblem } from '../../shared/ui/load-problem';

/**
 * The landing page after sign-in (docs/console.md#dashboard): the figures of GET /v2/dashboard,
 * computed by the server. The charts come in after the figures, in a chunk of their own, when their place is in the window.
 */
export function DashboardPage() {
  const { data: dashboard, error, isPending, refetch } = useDashboard();
  const invoices =
    dashboard?.unpaidInvoices && dashboard.overdueInvoices ? { unpaid: dashboard.unpaidInvoices, overdue: dashboard.overdueInvoices } : undefined;
  return (
    <Stack gap="xl">
      <Stack gap={2}>
        <Title order={1}>{t('dashboard.title')}</Title>
        {dashboard && (
          <Text c="dimmed" size="sm">
            {t('dashboard.updated', { time: formatDateTime(dashboard.now) })}
          </Text>
        )}
      </Stack>
      {isPending && <Loading label={t('state.loading')} />}
      {error && !dashboard && <LoadProblem error={error} onRetry={refetch} />}
      {dashboard && (
        <>
          {/* Absent when the account hides revenue and margins from the caller's role (docs/access.md#revenue-and-margins). */}
          {dashboard.money && <MonthSection dashboard={dashboard} money={dashboard.money} />}
          <Grid gap="xl">
            <Grid.Col span={12}>
              <RequestsTile dashboard={dashboard} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <MyJobsSection dashboard={dashboard} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <ManagersSection dashboard={dashboard} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: invoices ? 6 : 12 }}>
              <QuotesSection dashboard={dashboard} />
            </Grid.Col>
            {invoices && (
              <Grid.Col span={{ base: 12, md: 6 }}>
                <InvoicesSection unpaid={invoices.unpaid} overdue={invoices.overdue} />
              </Grid.Col>
            )}
            <Grid.Col span={12}>
              <PortalSection />
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
