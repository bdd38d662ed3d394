import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCan } from '../../shared/session/session';
import { t, tCount } from '../../shared/i18n';
import { jobQuery } from '../../shared/api/job-query';
import { JOB_STATUS } from '../../shared/formatting/job-status';
import { invoiceKind, type AnyDocument } from './kinds';
import { problemText } from './problem-text';
import { useCreateDocument } from './queries';

const QUOTE_ACCEPTED = 3;

/** Where the jobs of an accepted quote stand: what "Create invoice" would take, and what it says. */
export function quoteInvoicing(statuses: readonly number[]): { state: 'ready' | 'partly' | 'waiting' | 'invoiced'; finished: number; total: number } {
  const open = statuses.filter((status) => status !== JOB_STATUS.invoiced && status !== JOB_STATUS.cancelled);
  const finished = open.filter((status) => status === JOB_STATUS.finished).length;
  if (open.length === 0) return { state: 'invoiced', finished, total: open.length };
  if (finished === 0) return { state: 'waiting', finished, total: open.length };
  return { state: finished === open.length ? 'ready' : 'partly', finished, total: open.length };
}

/**
 * An accepted quote's way to its invoice (docs/documents.md#accepting-a-quote): once its jobs are
 * finished, "Create invoice" makes a draft invoice of the quote's client with the finished jobs
 * and opens it. The jobs are read one by one (a quote holds a few).
 */
export function QuoteInvoicing({ document }: { document: AnyDocument }) {
  const canInvoice = useCan(invoiceKind.area);
  const create = useCreateDocument(invoiceKind);
  const navigate = useNavigate();
  const jobIds = [...new Set(document.lines.flatMap((line) => (line.job ? [line.job.id] : [])))];
  const jobs = useQueries({ queries: jobIds.map((id) => jobQuery(id)) });
  if (document.status !== QUOTE_ACCEPTED || !canInvoice || !document.client || jobIds.length === 0) return null;
  if (jobs.some((job) => job.isPending)) return null;
  const loaded = jobs.flatMap((job) => (job.data ? [job.data] : []));
  const summary = quoteInvoicing(loaded.map((job) => job.status));
  const finishedIds = loaded.filter((job) => job.status === JOB_STATUS.finished).map((job) => job.id);
  const client = document.client;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="quote-invoicing">
      <Stack gap="xs">
        <Title order={2} size="h4" id="quote-invoicing">
          {t('documents.quoteInvoice.title')}
        </Title>
        <Group justify="space-between" wrap="wrap">
          <Text>
            {summary.state === 'partly'
              ? tCount('documents.quoteInvoice.partly', summary.finished, { total: summary.total })
              : summary.state === 'waiting'
                ? tCount('documents.quoteInvoice.waiting', summary.total)
                : t(`documents.quoteInvoice.${summary.state}`)}
          </Text>
          {(summary.state === 'ready' || summary.state === 'partly') && (
            <Button
              loading={create.isPending}
              onClick={() =>
                create.mutate(
                  { party: client.id, sources: finishedIds },
                  { onSuccess: (invoice) => void navigate({ to: `${invoiceKind.path}/${invoice.id}` as never }) },
                )
              }
            >
              {t('documents.quoteInvoice.create')}
            </Button>
          )}
        </Group>
        {create.isError && (
          <Alert color="red" role="alert" title={t('documents.quoteInvoice.refused')}>
            {problemText(create.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
