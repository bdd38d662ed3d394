import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { t } from '../../../shared/i18n';
import { DateField } from '../../../shared/ui/date-field';
import { formatDuration } from '../../../shared/formatting/format';
import { showProblem } from '../../../shared/ui/form-errors';
import { fromLocalInput, parseDuration, toLocalInput } from './time-math';
import { useAddEntry, useUpdateEntry, type TimeEntry, type TimeEntryChange } from './time-queries';

// A type, not an interface: showProblem takes a form of Record<string, unknown> values.
type Values = {
  from: string;
  duration: string;
  billable: boolean;
};

/**
 * Adds a time entry by hand, or changes one: its start, its duration (not while it runs: the API
 * refuses it) and whether it is billable. Checked as the API checks (docs/trackers.md); the API's
 * own field errors land next to the fields.
 */
export function TimeEntryForm({ jobId, entry, onClose }: { jobId: string; entry?: TimeEntry; onClose: () => void }) {
  const add = useAddEntry(jobId);
  const update = useUpdateEntry(jobId);
  const [problem, setProblem] = useState<string>();
  const running = entry?.running ?? false;
  const form = useForm<Values>({
    initialValues: {
      from: toLocalInput(entry?.from ?? new Date().toISOString()),
      duration: entry && !running ? formatDuration(entry.duration / 1000) : '',
      billable: entry?.billable ?? false,
    },
    validate: {
      from: (value) => (fromLocalInput(value) ? null : t('time.error.from')),
      duration: (value) => (running || parseDuration(value) !== undefined ? null : t('time.error.duration')),
    },
  });

  const submit = (values: Values) => {
    setProblem(undefined);
    const from = fromLocalInput(values.from)!;
    const options = { onSuccess: onClose, onError: (error: unknown) => setProblem(showProblem(form, error)) };
    if (!entry) return add.mutate({ from, duration: parseDuration(values.duration)!, billable: values.billable }, options);
    const change: TimeEntryChange = { billable: values.billable };
    // An unchanged start or duration is not sent: a start written to the minute would lose the entry's seconds.
    if (form.isDirty('from')) change.from = from;
    if (!running && form.isDirty('duration')) change.duration = parseDuration(values.duration)!;
    update.mutate({ trackerId: entry.id, change }, options);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={entry ? t('time.editTitle') : t('time.addTitle')}
      closeButtonProps={{ 'aria-label': t('action.close') }}
      // Locking the page's scroll adds a <style> element without the page's nonce (react-remove-scroll).
      lockScroll={false}
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <DateField withTime label={t('time.field.from')} withAsterisk data-autofocus {...form.getInputProps('from')} />
          <TextInput
            label={t('time.field.duration')}
            description={running ? t('time.field.durationRunning') : t('time.field.durationHint')}
            withAsterisk={!running}
            disabled={running}
            {...form.getInputProps('duration')}
          />
          <Checkbox label={t('time.field.billable')} {...form.getInputProps('billable', { type: 'checkbox' })} />
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('action.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending || update.isPending}>
              {entry ? t('action.save') : t('time.addSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
