import { Alert, Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PortalText } from '../i18n';
import { usePortalText } from '../use-portal-text';
import { clientDeliverablesQuery, deliverableUrl, type ClientDeliverable } from './jobs-queries';
import classes from '../portal.module.css';

/** A size in the reader's language: bytes, then kB, MB, GB. */
function formatSize(text: PortalText, bytes: number): string {
  const units = ['kilobyte', 'megabyte', 'gigabyte'] as const;
  if (bytes < 1000) return text.formatNumber(bytes, { style: 'unit', unit: 'byte', unitDisplay: 'long' });
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return text.formatNumber(value, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: 1 });
}

/**
 * The job's deliverables (docs/client-portal.md#jobs-and-deliveries): the files the agency shares
 * with the client, one per name with its download link, and its earlier versions under it.
 */
export function JobDeliverables({ jobId }: { jobId: string }) {
  const text = usePortalText();
  const { t } = text;
  const query = useQuery(clientDeliverablesQuery(jobId));
  return (
    <Stack gap="sm" component="section" aria-labelledby="client-files-title">
      <Title order={2} size="h4" id="client-files-title">
        {t('clientJobs.files.title')}
      </Title>
      {query.isPending ? (
        <Loader size="sm" aria-label={t('clientJobs.files.title')} />
      ) : query.isError ? (
        <Alert color="red" role="alert">
          <Text size="sm">{t('clientJobs.files.loadFailed')}</Text>
        </Alert>
      ) : query.data.length === 0 ? (
        <Paper p="md" radius="md" className={classes.empty}>
          <Text size="sm">{t('clientJobs.files.empty')}</Text>
        </Paper>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} className={classes.list}>
          {query.data.map((deliverable) => (
            <Deliverable key={deliverable.latest.id} jobId={jobId} deliverable={deliverable} text={text} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Deliverable({ jobId, deliverable, text }: { jobId: string; deliverable: ClientDeliverable; text: PortalText }) {
  const { t, formatDate } = text;
  const version = (file: ClientDeliverable['latest']) =>
    `${t('clientJobs.files.delivered', { date: formatDate(file.deliveredAt) })} · ${formatSize(text, file.size)}`;
  return (
    <Paper withBorder p="md" radius="md" component="li" className={classes.card}>
      <Stack gap={4}>
        <Anchor
          href={deliverableUrl(jobId, deliverable.latest.id)}
          download={deliverable.name}
          fw={600}
          aria-label={t('clientJobs.files.download', { name: deliverable.name })}
          className={`${classes.value} ${classes.backLink}`}
        >
          {deliverable.name}
        </Anchor>
        <Text size="sm" c="dimmed">
          {version(deliverable.latest)}
        </Text>
        {deliverable.history.length > 0 && (
          <details>
            <summary className={classes.target}>
              <Text span size="sm">
                {t('clientJobs.files.history', { count: deliverable.history.length })}
              </Text>
            </summary>
            <Stack component="ul" gap={4} p={0} m={0} mt="xs" className={classes.list}>
              {deliverable.history.map((file) => (
                <li key={file.id}>
                  <Anchor href={deliverableUrl(jobId, file.id)} download={deliverable.name} size="sm" className={classes.backLink}>
                    {version(file)}
                  </Anchor>
                </li>
              ))}
            </Stack>
          </details>
        )}
      </Stack>
    </Paper>
  );
}
