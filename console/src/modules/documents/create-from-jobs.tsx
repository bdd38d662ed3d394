import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { useCan } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { checkJobSelection, type SelectedJob } from './document-logic';
import { invoiceKind, quoteKind, type DocumentKind } from './kinds';
import { problemText } from './problem-text';
import { useCreateDocument } from './queries';

/**
 * "Create quote" and "Create invoice" for the jobs selected in the jobs list: a draft of their
 * client with them as lines, then its page. A selection that cannot make one document says why.
 */
export function CreateFromJobs({ jobs }: { jobs: readonly SelectedJob[] }) {
  const canQuote = useCan(quoteKind.area);
  const canInvoice = useCan(invoiceKind.area);
  const quote = useCreateDocument(quoteKind);
  const invoice = useCreateDocument(invoiceKind);
  const navigate = useNavigate();
  const whyId = useId();
  const entries = [
    { kind: quoteKind, can: canQuote, create: quote },
    { kind: invoiceKind, can: canInvoice, create: invoice },
  ].filter((entry) => entry.can);
  if (entries.length === 0) return null;
  const reasons = [...new Set(entries.map((entry) => reasonOf(entry.kind, jobs)).filter((reason): reason is string => reason !== undefined))];
  const failed = entries.find((entry) => entry.create.isError);
  return (
    <Stack gap={4}>
      <Group gap="xs">
        {entries.map(({ kind, create }) => {
          const check = checkJobSelection(kind, jobs);
          return (
            <Button
              key={kind.key}
              variant="light"
              disabled={!check.ok}
              loading={create.isPending}
              aria-describedby={check.ok ? undefined : whyId}
              onClick={() => {
                if (!check.ok) return;
                entries.forEach((entry) => entry.create.reset());
                create.mutate(
                  { party: check.client.id, sources: jobs.map((job) => job.id) },
                  { onSuccess: (document) => void navigate({ to: `${kind.path}/${document.id}` as never }) },
                );
              }}
            >
              {t(kind.key === 'quote' ? 'documents.fromJobs.quote' : 'documents.fromJobs.invoice')}
            </Button>
          );
        })}
      </Group>
      {reasons.length > 0 && (
        <Text id={whyId} size="sm" maw={560}>
          {reasons.join(' ')}
        </Text>
      )}
      {failed && (
        <Alert
          color="red"
          role="alert"
          title={t('documents.fromJobs.refused', { noun: t(failed.kind.noun).toLowerCase() })}
          withCloseButton
          closeButtonLabel={t('action.close')}
          onClose={() => failed.create.reset()}
        >
          {problemText(failed.create.error)}
        </Alert>
      )}
    </Stack>
  );
}

function reasonOf(kind: DocumentKind, jobs: readonly SelectedJob[]): string | undefined {
  const check = checkJobSelection(kind, jobs);
  if (check.ok || check.reason === 'empty') return undefined;
  if (check.reason === 'mixedClients') return t('documents.fromJobs.mixedClients');
  return t('documents.fromJobs.notAllowed', { names: ('jobs' in check ? check.jobs : []).join(', '), noun: t(kind.noun).toLowerCase() });
}
