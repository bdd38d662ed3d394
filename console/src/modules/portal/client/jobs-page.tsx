import { Alert, Button, Group, Loader, Paper, Progress, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink } from '../../../shared/ui/anchor-link';
import { usePortalPerson } from '../session';
import { useDocumentLanguage, usePortalText } from '../use-portal-text';
import { JobStatusBadge, languagesText } from './job-status';
import { clientJobsQuery, type ClientJob, type ClientJobState } from './jobs-queries';
import classes from '../portal.module.css';

type Filter = ClientJobState | 'all';

/**
 * `/portal/client/jobs`: the client's jobs (docs/client-portal.md#jobs-and-deliveries), open ones
 * first by default, each a card with its status, due date and progress when the agency shows them,
 * and the link to its page. A card at every width: one a row on a phone.
 */
export function ClientJobsPage() {
  const text = usePortalText();
  const { t } = text;
  const person = usePortalPerson();
  const [filter, setFilter] = useState<Filter>('open');
  const query = useQuery(clientJobsQuery(filter === 'all' ? undefined : filter));
  useDocumentLanguage(text, `${t('clientJobs.title')} · ${person.agency.name}`);

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1} size="h2">
          {t('clientJobs.title')}
        </Title>
        <Text size="sm">{t('clientJobs.intro', { agency: person.agency.name })}</Text>
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="client-jobs-filter">
          {t('clientJobs.filter')}
        </Text>
        <SegmentedControl
          aria-labelledby="client-jobs-filter"
          value={filter}
          onChange={(value) => setFilter(value)}
          data={[
            { value: 'open', label: t('clientJobs.filter.open') },
            { value: 'finished', label: t('clientJobs.filter.finished') },
            { value: 'all', label: t('clientJobs.filter.all') },
          ]}
          className={classes.target}
        />
      </Stack>
      {query.isPending ? (
        <Loader size="sm" aria-label={t('clientJobs.title')} />
      ) : query.isError ? (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('clientJobs.loadFailed')}</Text>
            <Button variant="default" size="sm" className={classes.target} onClick={() => void query.refetch()}>
              {t('clientJobs.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : query.data.length === 0 ? (
        <Paper p="md" radius="md" className={classes.empty}>
          <Text size="sm">{t('clientJobs.empty')}</Text>
        </Paper>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} className={classes.list}>
          {query.data.map((job) => (
            <ClientJobCard key={job.id} job={job} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** One job in the list: its name (the link to its page), status, service and languages, due date and progress. */
function ClientJobCard({ job }: { job: ClientJob }) {
  const { t, formatDate, formatNumber } = usePortalText();
  return (
    <Paper withBorder p="md" radius="md" component="li" className={classes.card}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <AnchorLink to="/portal/client/jobs/$id" params={{ id: job.id }} fw={600} className={classes.value}>
            {job.number ? `${job.number} · ${job.name}` : job.name}
          </AnchorLink>
          <JobStatusBadge status={job.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {job.languages === null ? job.service : `${job.service} · ${languagesText(job.languages)}`}
        </Text>
        {job.dueDate !== undefined && (
          <Text size="sm">{job.dueDate === null ? t('clientJobs.noDue') : t('clientJobs.due', { date: formatDate(job.dueDate) })}</Text>
        )}
        {job.progress !== undefined && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('clientJobs.progressValue', { percent: formatNumber(job.progress, { maximumFractionDigits: 1 }) })}
            </Text>
            <Progress value={job.progress} size="sm" aria-label={t('clientJobs.progress')} />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
