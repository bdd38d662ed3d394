import { Badge, Group as Row, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { t } from '../../shared/i18n';
import { formatDate } from '../../shared/formatting/format';
import { AnchorLink } from '../../shared/ui/anchor-link';
import { JOB_STATUS } from '../../shared/formatting/job-status';
import type { JobsSearch } from '../jobs';
import { dayIn } from './parts';
import type { Dashboard, DashboardJob } from './queries';

const OPEN = [JOB_STATUS.notStarted, JOB_STATUS.inProgress, JOB_STATUS.onHold];

/**
 * The signed-in user's unfinished jobs due today and overdue (docs/dashboard.md#my-jobs): how
 * many, the first few (each a link to its page), and the same jobs in the jobs list, filtered.
 */
export function MyJobsSection({ dashboard }: { dashboard: Dashboard }) {
  const { myJobs } = dashboard;
  const today = dayIn(dashboard.now, dashboard.timeZone);
  const mine = { manager: [myJobs.user.id], status: OPEN, sort: 'dueDate', direction: 'asc' } satisfies JobsSearch;
  return (
    <section aria-labelledby="dashboard-my-jobs">
      <Title order={2} id="dashboard-my-jobs" mb="sm">
        {t('dashboard.myJobs.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <JobsCard
          id="dashboard-due-today"
          title={t('dashboard.myJobs.dueToday')}
          jobs={myJobs.dueToday}
          empty={t('dashboard.myJobs.dueTodayEmpty')}
          search={{ ...mine, dueFrom: today, dueTo: today }}
          linkText={t('dashboard.myJobs.showDueToday')}
        />
        <JobsCard
          id="dashboard-overdue"
          title={t('dashboard.myJobs.overdue')}
          jobs={myJobs.overdue}
          empty={t('dashboard.myJobs.overdueEmpty')}
          search={{ ...mine, dueTo: today }}
          linkText={t('dashboard.myJobs.showOverdue')}
          overdue
        />
      </SimpleGrid>
    </section>
  );
}

interface JobsCardProps {
  id: string;
  title: string;
  jobs: { count: number; first: DashboardJob[] };
  empty: string;
  search: JobsSearch;
  linkText: string;
  overdue?: boolean;
}

function JobsCard({ id, title, jobs, empty, search, linkText, overdue }: JobsCardProps) {
  const more = jobs.count - jobs.first.length;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={id}>
      <Row justify="space-between" mb="xs">
        <Title order={3} size="h4" id={id}>
          {title}
        </Title>
        <Badge size="lg" variant={jobs.count > 0 ? 'filled' : 'light'} color={jobs.count === 0 ? 'gray' : overdue ? 'red.8' : 'blue.8'} aria-hidden>
          {jobs.count}
        </Badge>
      </Row>
      {jobs.count === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Stack gap="xs">
          <List spacing={6} listStyleType="none" aria-label={`${title}: ${jobs.count}`}>
            {jobs.first.map((job) => (
              <List.Item key={job.id}>
                <AnchorLink to="/jobs/$jobId" params={{ jobId: job.id }} fw={500}>
                  {job.name}
                </AnchorLink>
                <Text size="sm" c="dimmed">
                  {job.client.name} · {t('dashboard.myJobs.due', { date: formatDate(job.dueDate) })}
                </Text>
              </List.Item>
            ))}
          </List>
          <Row gap="xs">
            {more > 0 && <Text size="sm">{t('dashboard.myJobs.more', { count: more })}</Text>}
            <AnchorLink to="/jobs" search={search} size="sm">
              {linkText}
            </AnchorLink>
          </Row>
        </Stack>
      )}
    </Paper>
  );
}
