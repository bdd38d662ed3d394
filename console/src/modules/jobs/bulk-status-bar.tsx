import { Alert, Button, Group, List, Paper, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { t, tCount } from '../../shared/i18n';
import { CreateFromJobs } from '../documents';
import { JOB_STATUSES } from '../../shared/formatting/job-status';
import { useBulkStatusChange, type BulkStatusResult, type JobRow } from './jobs-list-queries';

interface BulkStatusBarProps {
  /** The selected jobs (of the page shown). */
  jobs: JobRow[];
  onClear(): void;
  /** Told when the change is over: the page clears the selection and shows the result. */
  onDone(result: BulkStatusResult): void;
}

/** "N selected", a status and Apply: moves each selected job (docs/console.md#the-jobs-page). */
export function BulkStatusBar({ jobs, onClear, onDone }: BulkStatusBarProps) {
  const [status, setStatus] = useState<string | null>(null);
  const change = useBulkStatusChange();
  const apply = () => {
    if (status === null) return;
    change.mutate({ jobs, status: Number(status) }, { onSuccess: (result) => onDone(result) });
  };
  return (
    <Paper withBorder p="xs" role="region" aria-label={t('jobs.bulk.label')} bg="indigo.0">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Text fw={600} aria-live="polite" mb={6}>
          {change.isPending ? tCount('jobs.bulk.working', jobs.length) : t('jobs.bulk.selected', { count: jobs.length })}
        </Text>
        <Select
          w={200}
          label={t('jobs.bulk.status')}
          data={JOB_STATUSES.map((option) => ({ value: String(option.code), label: t(option.key) }))}
          value={status}
          onChange={setStatus}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Button onClick={apply} disabled={status === null} loading={change.isPending}>
          {t('jobs.bulk.apply')}
        </Button>
        <Button variant="subtle" onClick={onClear} disabled={change.isPending}>
          {t('jobs.bulk.clear')}
        </Button>
        {/* Quotes and invoices of the selected jobs (docs/console.md#quotes-invoices-credit-notes-and-purchase-orders). */}
        <CreateFromJobs jobs={jobs} />
      </Group>
    </Paper>
  );
}

/** What the last bulk change did: how many jobs changed, and each refusal with the API's message. */
export function BulkStatusResultView({ result, onClose }: { result: BulkStatusResult; onClose(): void }) {
  const refused = result.refused.length > 0;
  const color = refused ? 'orange' : 'teal';
  const changed = result.changed === 0 ? t('jobs.bulk.changedNone') : tCount('jobs.bulk.changed', result.changed);
  return (
    <Alert
      color={color}
      // The title in the text's colour: the light variant's own is under 4.5:1 on its orange tint.
      title={
        <Text span fw={700} fz="sm" c="var(--mantine-color-text)">
          {t('jobs.bulk.result')}
        </Text>
      }
      withCloseButton
      closeButtonLabel={t('action.close')}
      onClose={onClose}
      role={refused ? 'alert' : 'status'}
    >
      <Text size="sm">
        {changed}
        {result.unchanged > 0 && ` ${t('jobs.bulk.unchanged', { count: result.unchanged })}`}
      </Text>
      {refused && (
        <>
          <Text size="sm" mt="xs" fw={600}>
            {t('jobs.bulk.refused', { count: result.refused.length })}
          </Text>
          <List size="sm">
            {result.refused.map((item) => (
              <List.Item key={item.id}>{t('jobs.bulk.refusedOne', { name: item.name, message: item.message })}</List.Item>
            ))}
          </List>
        </>
      )}
    </Alert>
  );
}
