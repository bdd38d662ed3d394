import { Stack, Table, Text, Title } from '@mantine/core';
import { t } from '../../shared/i18n';
import { formatNumber } from '../../shared/formatting/format';
import { AnchorLink } from '../../shared/ui/anchor-link';
import { JOB_STATUS } from '../../shared/formatting/job-status';
import { ManagersChartSlot } from './chart-slot';
import type { Dashboard } from './queries';

/** The account's jobs in progress per manager (the job's user): a table linking to each one's jobs, and a bar chart. */
export function ManagersSection({ dashboard }: { dashboard: Dashboard }) {
  const managers = dashboard.inProgressByManager;
  return (
    <section aria-labelledby="dashboard-managers">
      <Title order={2} id="dashboard-managers" mb="sm">
        {t('dashboard.managers.title')}
      </Title>
      {managers.length === 0 ? (
        <Text c="dimmed">{t('dashboard.managers.empty')}</Text>
      ) : (
        <Stack gap="sm">
          <Table verticalSpacing={4} aria-label={t('dashboard.managers.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('dashboard.managers.manager')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('dashboard.managers.jobs')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {managers.map((entry) => (
                <Table.Tr key={entry.user.id}>
                  <Table.Th scope="row" fw={400}>
                    <AnchorLink
                      to="/jobs"
                      search={{ status: [JOB_STATUS.inProgress], manager: [entry.user.id] }}
                      aria-label={t('dashboard.managers.openLabel', { name: entry.user.name })}
                    >
                      {entry.user.name}
                    </AnchorLink>
                  </Table.Th>
                  <Table.Td ta="right">{formatNumber(entry.count, 0)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <ManagersChartSlot managers={managers} />
        </Stack>
      )}
    </section>
  );
}
