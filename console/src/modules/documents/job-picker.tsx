import { Checkbox, ScrollArea, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { t, tCount } from '../../shared/i18n';
import { formatMoney } from '../../shared/formatting/format';
import { jobStatus } from '../../shared/formatting/job-status';
import type { DocumentKind } from './kinds';
import { clientJobsQuery, JOB_PICKER_PAGE, type JobChoice } from './queries';

/**
 * The client's jobs that may go on the document, found on the server (docs/documents.md#accepting-a-quote):
 * what is typed is sent as `q`, a page of the newest matches is shown with the number found, and the
 * ticked jobs stay listed (and ticked) while the search changes. An invoice lists the finished jobs
 * unless "unfinished too" is on; a quote every job not invoiced.
 */
export function JobPicker({
  kind,
  clientId,
  selected,
  onChange,
  exclude,
}: {
  kind: DocumentKind;
  clientId: string;
  selected: string[];
  onChange: (ids: string[]) => void;
  exclude?: ReadonlySet<string | undefined>;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [unfinished, setUnfinished] = useState(false);
  const finishedOnly = kind.key === 'invoice' && !unfinished;
  const jobs = useQuery(clientJobsQuery(clientId, q, finishedOnly));
  // The ticked jobs as last seen, so that they stay on screen when a search no longer finds them.
  const known = useRef(new Map<string, JobChoice>());
  const found = (jobs.data?.items ?? []).filter((job) => !exclude?.has(job.id));
  for (const job of found) known.current.set(job.id, job);
  const kept = selected.flatMap((id) => (found.some((job) => job.id === id) ? [] : [known.current.get(id)].filter((job): job is JobChoice => !!job)));
  const items = [...kept, ...found];
  const total = jobs.data?.totalItems ?? 0;
  return (
    <Stack gap="xs">
      <TextInput
        label={t('documents.picker.search')}
        description={t('documents.picker.searchHint')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {kind.key === 'invoice' && (
        <Switch label={t('documents.picker.unfinished')} checked={unfinished} onChange={(event) => setUnfinished(event.currentTarget.checked)} />
      )}
      {jobs.isPending ? (
        <Text c="dimmed">{t('state.loading')}</Text>
      ) : items.length === 0 ? (
        <Text c="dimmed">{t(q ? 'documents.picker.noMatch' : finishedOnly ? 'documents.picker.noFinished' : 'documents.create.noJobs')}</Text>
      ) : (
        <Checkbox.Group label={t(finishedOnly ? 'documents.picker.finishedJobs' : 'documents.picker.jobs')} value={selected} onChange={onChange}>
          <ScrollArea.Autosize mah={280} type="auto">
            <Stack gap={6} mt="xs">
              {items.map((job) => (
                <Checkbox key={job.id} value={job.id} label={jobLabel(job)} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Checkbox.Group>
      )}
      {total > JOB_PICKER_PAGE && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {tCount('documents.picker.more', total, { shown: JOB_PICKER_PAGE })}
        </Text>
      )}
    </Stack>
  );
}

function jobLabel(job: JobChoice): string {
  const total = job.estimation?.total;
  const known = jobStatus(job.status);
  const status = known ? ` (${t(known.key).toLowerCase()})` : '';
  return total === null || total === undefined || !job.currency ? `${job.name}${status}` : `${job.name}${status} — ${formatMoney(total, job.currency.code)}`;
}
