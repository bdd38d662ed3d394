import { Alert, Anchor, Button, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { ApiProblem } from '../../../shared/api/client';
import { DetailsGrid, type Detail } from '../details-grid';
import { NotFound } from '../not-found-page';
import { usePortalPerson } from '../session';
import { useDocumentLanguage, usePortalText } from '../use-portal-text';
import { JobDeliverables } from './job-deliverables';
import { ClientThread } from './client-thread';
import { JobStatusBadge, languagesText } from './job-status';
import { clientJobQuery, type ClientJob } from './jobs-queries';
import classes from '../portal.module.css';

/**
 * `/portal/client/jobs/$id`: one of the client's jobs — its details (due date and progress when the
 * agency shows them), the deliverables to download with their earlier versions, and the thread with
 * the agency. A job that is not the client's is a page not found.
 */
export function ClientJobPage() {
  const { id } = useParams({ from: '/portal/signed-in/client/jobs/$id' });
  const text = usePortalText();
  const { t } = text;
  const person = usePortalPerson();
  const query = useQuery(clientJobQuery(id));
  useDocumentLanguage(text, `${query.data?.name ?? t('clientJobs.title')} · ${person.agency.name}`);

  if (query.isPending) return <Loader size="sm" aria-label={t('clientJobs.title')} />;
  if (query.isError) {
    if (query.error instanceof ApiProblem && query.error.status === 404) return <NotFound inFrame />;
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('clientJobs.loadFailed')}</Text>
          <Button variant="default" size="sm" className={classes.target} onClick={() => void query.refetch()}>
            {t('clientJobs.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const job = query.data;
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Anchor component={Link} to="/portal/client/jobs" size="sm" className={classes.backLink}>
          ← {t('clientJobs.title')}
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1} size="h2" className={classes.value}>
            {job.name}
          </Title>
          <JobStatusBadge status={job.status} />
        </Group>
      </Stack>
      <DetailsGrid details={detailsOf(job, text)} cols={{ base: 1, sm: 2, md: 3 }} />
      {job.progress !== undefined && (
        <Stack gap={4}>
          <Text size="sm">{t('clientJobs.progressValue', { percent: text.formatNumber(job.progress, { maximumFractionDigits: 1 }) })}</Text>
          <Progress value={job.progress} aria-label={t('clientJobs.progress')} />
        </Stack>
      )}
      <JobDeliverables jobId={job.id} />
      <ClientThread subject={{ kind: 'jobs', id: job.id }} />
    </Stack>
  );
}

function detailsOf(job: ClientJob, text: ReturnType<typeof usePortalText>): Detail[] {
  const { t, formatDate } = text;
  const details: Detail[] = [];
  if (job.number) details.push({ label: t('clientJobs.number'), value: job.number });
  details.push({ label: t('clientJobs.service'), value: job.service });
  if (job.languages !== null) details.push({ label: t('clientJobs.languages'), value: languagesText(job.languages) });
  if (job.dueDate !== undefined)
    details.push({ label: t('clientJobs.dueDate'), value: job.dueDate === null ? t('clientJobs.noDue') : formatDate(job.dueDate) });
  if (job.deliveredAt) details.push({ label: t('clientJobs.delivered'), value: formatDate(job.deliveredAt) });
  if (job.reference) details.push({ label: t('clientJobs.reference'), value: job.reference });
  if (job.purchaseOrder) details.push({ label: t('clientJobs.purchaseOrder'), value: job.purchaseOrder });
  return details;
}
