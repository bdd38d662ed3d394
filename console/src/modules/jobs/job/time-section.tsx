import { useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useCan, useSession } from '../../../shared/session/session';
import { t } from '../../../shared/i18n';
import { formatDateTime, formatDuration } from '../../../shared/formatting/format';
import type { Job } from '../../../shared/api/job-query';
import { ConfirmRecordDelete } from '../../../shared/ui/confirm-delete';
import { TimeEntryForm } from './time-entry-form';
import { LiveDuration } from './time-live';
import { totals } from './time-math';
import { useDeleteEntry, useStartTimer, useStopTimer, useUpdateEntry, type TimeEntry } from './time-queries';
import { ScrollTable } from '../../../shared/ui/scroll-table';

/**
 * The job page's "Time" section (docs/console.md#the-job-page): the job's time entries with their
 * user, start, duration and whether they are billable, and the totals. A role that may change
 * projects starts and stops its own timer (counting live), adds entries by hand, changes, marks
 * billable and deletes them.
 */
export function TimeSection({ job }: { job: Job }) {
  const canWrite = useCan('projects');
  const me = useSession().user.id;
  const start = useStartTimer(job.id);
  const stop = useStopTimer(job.id);
  const update = useUpdateEntry(job.id);
  const remove = useDeleteEntry(job.id);
  const [form, setForm] = useState<{ entry?: TimeEntry } | null>(null);
  const [deleting, setDeleting] = useState<TimeEntry | null>(null);
  const entries = job.timeTrackers.list;
  const mine = entries.find((entry) => entry.running && entry.user.id === me);
  const sum = totals(entries);
  const headingId = `job-time-${job.id}`;
  const heading = useRef<HTMLHeadingElement>(null);
  const failure = start.error ?? stop.error ?? update.error;

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} id={headingId} ref={heading} tabIndex={-1}>
            {t('job.section.time')}
          </Title>
          {canWrite && (
            <Group gap="sm">
              <Button variant="default" onClick={() => setForm({})}>
                {t('time.add')}
              </Button>
              {mine && (
                <Text>
                  {t('time.yourTimer', { start: formatDateTime(mine.from) })}{' '}
                  <Text span fw={700} ff="monospace" fz="lg">
                    <LiveDuration from={mine.from} label={t('time.yourTimerLabel')} />
                  </Text>
                </Text>
              )}
              {/* One button in one place, Start or Stop: the keyboard's focus stays on it (so no
                  `loading`, which disables it and drops the focus; a click while pending waits instead). */}
              <Button
                key="timer"
                color={mine ? 'red.9' : undefined}
                aria-busy={start.isPending || stop.isPending}
                onClick={() => {
                  if (start.isPending || stop.isPending) return;
                  if (mine) stop.mutate(mine.id);
                  else start.mutate();
                }}
              >
                {mine ? t('time.stop') : t('time.start')}
              </Button>
            </Group>
          )}
        </Group>
        {failure && (
          <Alert
            color="red"
            withCloseButton
            closeButtonLabel={t('action.close')}
            onClose={() => {
              start.reset();
              stop.reset();
              update.reset();
            }}
          >
            {failure.message}
          </Alert>
        )}
        {entries.length === 0 ? (
          <Text c="dimmed">{t('time.none')}</Text>
        ) : (
          <>
            {/* Fits the job page's side column at 1 024 px: the start under the user, the actions one
                under the other, nothing that only scrolling would reach. */}
            <ScrollTable minWidth={0} label={t('job.section.time')}>
              <Table verticalSpacing="xs" horizontalSpacing={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('time.column.user')}</Table.Th>
                    <Table.Th>{t('time.column.duration')}</Table.Th>
                    <Table.Th>{t('time.column.billable')}</Table.Th>
                    {canWrite && <Table.Th>{t('time.column.actions')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {entries.map((entry) => {
                    const name = t('time.entryName', { name: entry.user.name, start: formatDateTime(entry.from) });
                    // While a change of "billable" is on its way, the switch shows what was asked.
                    const asked = update.isPending && update.variables?.trackerId === entry.id ? update.variables.change.billable : undefined;
                    const billable = asked ?? entry.billable;
                    return (
                      <Table.Tr key={entry.id}>
                        <Table.Td>
                          {entry.user.name}
                          <Text size="xs" c="dimmed">
                            {formatDateTime(entry.from)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {entry.running ? (
                            <Group gap={4}>
                              <LiveDuration from={entry.from} label={t('time.runningLabel', { name })} />
                              <Badge variant="dot" color="green">
                                {t('time.running')}
                              </Badge>
                            </Group>
                          ) : (
                            formatDuration(entry.duration / 1000)
                          )}
                        </Table.Td>
                        <Table.Td>
                          {canWrite ? (
                            <Switch
                              checked={billable}
                              onChange={(event) => update.mutate({ trackerId: entry.id, change: { billable: event.currentTarget.checked } })}
                              label={billable ? t('time.billable') : t('time.notBillable')}
                              aria-label={t('time.billableOf', { name })}
                            />
                          ) : (
                            <Text size="sm">{entry.billable ? t('time.billable') : t('time.notBillable')}</Text>
                          )}
                        </Table.Td>
                        {canWrite && (
                          <Table.Td>
                            <Stack gap={4} align="flex-start">
                              {entry.running && entry.id !== mine?.id && (
                                <Button size="compact-sm" variant="subtle" onClick={() => stop.mutate(entry.id)} aria-label={t('time.stopOf', { name })}>
                                  {t('time.stopShort')}
                                </Button>
                              )}
                              <Button size="compact-sm" variant="subtle" onClick={() => setForm({ entry })} aria-label={t('time.edit', { name })}>
                                {t('action.edit')}
                              </Button>
                              <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(entry)} aria-label={t('time.delete', { name })}>
                                {t('action.delete')}
                              </Button>
                            </Stack>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <Group gap="lg" aria-label={t('time.totals')} role="group">
              <Text>
                {t('time.total')}{' '}
                <Text span fw={700}>
                  {formatDuration(sum.all / 1000)}
                </Text>
              </Text>
              <Text>
                {t('time.totalBillable')}{' '}
                <Text span fw={700}>
                  {formatDuration(sum.billable / 1000)}
                </Text>
              </Text>
              {job.timeTrackers.running && (
                <Text size="sm" c="dimmed">
                  {t('time.runningNotCounted')}
                </Text>
              )}
            </Group>
          </>
        )}
      </Stack>
      {form && <TimeEntryForm jobId={job.id} entry={form.entry} onClose={() => setForm(null)} />}
      <ConfirmRecordDelete
        record={deleting}
        title={t('time.deleteTitle')}
        text={t('time.deleteText', { name: deleting ? t('time.entryName', { name: deleting.user.name, start: formatDateTime(deleting.from) }) : '' })}
        remove={remove}
        onClose={() => setDeleting(null)}
        // The entry is gone: the keyboard's focus goes to the section's heading.
        onDeleted={() => requestAnimationFrame(() => heading.current?.focus())}
      />
    </section>
  );
}
