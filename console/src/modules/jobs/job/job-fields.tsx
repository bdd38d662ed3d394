import { Badge, Group, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiProblem, type Body } from '../../../shared/api/client';
import { t } from '../../../shared/i18n';
import { DateField } from '../../../shared/ui/date-field';
import { formatDateTime, formatNumber, formatPercent } from '../../../shared/formatting/format';
import type { Job } from '../../../shared/api/job-query';
import { rules, TEXT_MAX } from '../new-job/new-job-values';
import {
  byName,
  choicesOf,
  domainsQuery,
  labelsQuery,
  languagePairsQuery,
  pairChoices,
  servicesQuery,
  unitsQuery,
  userChoices,
  usersQuery,
} from '../../../shared/api/choices';
import { ClientSelect } from '../../../shared/ui/client-select';
import { InlineField, type EditorProps } from '../../../shared/ui/inline-field';
import { fromLocalInput, pairLabel, toLocalInput } from '../../../shared/formatting/job-format';
import { useSetJobLabels, useUpdateJob } from './job-mutations';

type UpdateBody = Body<'updateJob'>;

/**
 * The job's fields (`PUT /v2/jobs/:id`), each editable in place for a role that may change jobs:
 * the client, service, language pair and unit (a change takes the price again, docs/jobs.md#update),
 * the quantity, the dates, the people, the references, the labels and the flags.
 */
export function JobFields({ job, canEdit }: { job: Job; canEdit: boolean }) {
  const update = useUpdateJob(job.id);
  const services = useQuery(servicesQuery);
  const units = useQuery(unitsQuery);
  const pairs = useQuery(languagePairsQuery);
  const domains = useQuery(domainsQuery);
  const users = useQuery(usersQuery);
  const save = (body: UpdateBody) => update.mutateAsync(body);
  const common = { canEdit };

  const select = (data: { value: string; label: string }[], clearable = false) =>
    function SelectEditor(props: EditorProps<string | null>) {
      return <Select {...props} data={data} searchable clearable={clearable} />;
    };
  const text = (maxLength = TEXT_MAX) =>
    function TextEditor(props: EditorProps<string>) {
      return <TextInput {...props} maxLength={maxLength} onChange={(event) => props.onChange(event.currentTarget.value)} />;
    };
  const dateTime = (props: EditorProps<string>) => <DateField {...props} withTime onChange={(value) => props.onChange(value)} />;
  const date = (param: 'dueDate' | 'startDate' | 'deliveryDate', label: string) => (
    <InlineField<string>
      {...common}
      label={label}
      param={param}
      display={job[param] ? formatDateTime(job[param]) : ''}
      initial={() => toLocalInput(job[param])}
      validate={rules.dateTime}
      save={(value) => save({ [param]: fromLocalInput(value) ?? null })}
      editor={dateTime}
    />
  );
  const reference = (param: 'externalReference' | 'purchaseOrder', label: string) => (
    <InlineField<string>
      {...common}
      label={label}
      param={param}
      display={job[param] ?? ''}
      initial={() => job[param] ?? ''}
      validate={rules.optionalText}
      save={(value) => save({ [param]: value.trim() === '' ? null : value.trim() })}
      editor={text()}
    />
  );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`job-details-${job.id}`}>
      <Stack gap="md">
        <Title order={2} size="h3" id={`job-details-${job.id}`}>
          {t('job.details.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
          <InlineField<string | null>
            {...common}
            label={t('job.field.client')}
            param="client"
            display={job.client.name}
            initial={() => job.client.id}
            validate={rules.required}
            save={(client) => save({ client: client ?? undefined })}
            editor={(props) => <ClientSelect {...props} current={job.client} />}
          />
          <InlineField<string | null>
            {...common}
            label={t('job.field.service')}
            param="service"
            display={job.service.name}
            initial={() => job.service.id}
            validate={rules.required}
            save={(service) => save({ service: service ?? undefined })}
            editor={select(choicesOf(services.data, byName, job.service.id))}
          />
          <InlineField<string | null>
            {...common}
            label={t('job.field.languagePair')}
            param="languagePair"
            display={job.languagePair ? pairLabel(job.languagePair) : ''}
            initial={() => job.languagePair?.id ?? null}
            save={(languagePair) => save({ languagePair })}
            editor={select(pairChoices(pairs.data, job.languagePair?.id), true)}
          />
          <InlineField<string | null>
            {...common}
            label={t('job.field.unit')}
            param="quantityType"
            display={job.quantityType.name}
            initial={() => job.quantityType.id}
            validate={rules.required}
            save={(quantityType) => save({ quantityType: quantityType ?? undefined })}
            editor={select(choicesOf(units.data, byName, job.quantityType.id))}
          />
          <InlineField<number | string>
            {...common}
            label={t('job.field.quantity')}
            param="quantity"
            display={
              job.quantity.hasMatches
                ? t('job.field.quantity.matches', { quantity: formatNumber(job.quantity.value, 6), unit: job.quantityType.name })
                : `${formatNumber(job.quantity.value, 6)} ${job.quantityType.name}`
            }
            initial={() => job.quantity.value}
            validate={(value) => rules.amount(value, true)}
            save={(quantity) => save({ quantity: Number(quantity) })}
            editor={(props) => <NumberInput {...props} min={0} decimalScale={6} thousandSeparator="," />}
          />
          {date('dueDate', t('job.field.dueDate'))}
          {date('startDate', t('job.field.startDate'))}
          {date('deliveryDate', t('job.field.deliveryDate'))}
          <InlineField<number | string>
            {...common}
            label={t('job.field.progress')}
            param="progress"
            display={formatPercent(job.progress / 100)}
            initial={() => job.progress}
            validate={(value) => rules.amount(value, true) ?? (Number(value) > 100 ? t('job.rule.max', { max: 100 }) : null)}
            save={(progress) => save({ progress: Number(progress) })}
            editor={(props) => <NumberInput {...props} min={0} max={100} decimalScale={2} suffix=" %" />}
          />
          <InlineField<string | null>
            {...common}
            label={t('job.field.projectManager')}
            param="projectManager"
            display={job.projectManager?.name ?? ''}
            initial={() => job.projectManager?.id ?? null}
            save={(projectManager) => save({ projectManager })}
            editor={select(userChoices(users.data, job.projectManager?.id), true)}
          />
          <InlineField<string | null>
            {...common}
            label={t('job.field.owner')}
            param="owner"
            display={job.user.name}
            initial={() => job.user.id}
            validate={rules.required}
            save={(owner) => save({ owner: owner ?? undefined })}
            editor={select(userChoices(users.data, job.user.id))}
          />
          <InlineField<string | null>
            {...common}
            label={t('job.field.domain')}
            param="domain"
            display={job.domain?.name ?? ''}
            initial={() => job.domain?.id ?? null}
            save={(domain) => save({ domain })}
            editor={select(choicesOf(domains.data, byName), true)}
          />
          {reference('externalReference', t('job.field.externalReference'))}
          {reference('purchaseOrder', t('job.field.purchaseOrder'))}
          <JobLabels job={job} canEdit={canEdit} />
        </SimpleGrid>
        <InlineField<string>
          {...common}
          label={t('job.field.additionalInfo')}
          param="additionalInfo"
          display={job.additionalInfo ?? ''}
          initial={() => job.additionalInfo ?? ''}
          validate={rules.optionalText}
          save={(value) => save({ additionalInfo: value.trim() === '' ? null : value })}
          editor={(props) => (
            <Textarea
              {...props}
              description={t('job.field.additionalInfo.hint')}
              autosize
              minRows={2}
              maxLength={TEXT_MAX}
              onChange={(event) => props.onChange(event.currentTarget.value)}
            />
          )}
        />
        <Group gap="xl">
          <JobFlag job={job} canEdit={canEdit} param="pinned" label={t('job.field.pinned')} />
          <JobFlag job={job} canEdit={canEdit} param="archive" label={t('job.field.archived')} />
        </Group>
      </Stack>
    </Paper>
  );
}

/** A yes/no field of the job, saved as soon as it is switched. */
function JobFlag({ job, canEdit, param, label }: { job: Job; canEdit: boolean; param: 'pinned' | 'archive'; label: string }) {
  const update = useUpdateJob(job.id);
  const [error, setError] = useState<string>();
  return (
    <Switch
      label={label}
      checked={job[param]}
      disabled={!canEdit || update.isPending}
      error={error}
      onChange={(event) => {
        setError(undefined);
        update.mutate(
          { [param]: event.currentTarget.checked },
          { onError: (problem) => setError(problem instanceof ApiProblem ? problem.message : String(problem)) },
        );
      }}
    />
  );
}

/** The job's labels (`POST`/`DELETE /v2/jobs/:id/labels/:labelId`). */
function JobLabels({ job, canEdit }: { job: Job; canEdit: boolean }) {
  const labels = useQuery(labelsQuery);
  const setLabels = useSetJobLabels(job);
  const data = (labels.data ?? job.labels).map((label) => ({ value: label.id, label: label.name }));
  return (
    <InlineField<string[]>
      canEdit={canEdit}
      label={t('job.field.labels')}
      param="labelId"
      display={
        job.labels.length > 0 ? (
          <Group gap={4} component="span">
            {job.labels.map((label) => (
              <Badge key={label.id} variant="light" color="gray" component="span">
                {label.name}
              </Badge>
            ))}
          </Group>
        ) : (
          ''
        )
      }
      initial={() => job.labels.map((label) => label.id)}
      same={(a, b) => a.length === b.length && a.every((id) => b.includes(id))}
      save={(wanted) => setLabels.mutateAsync(wanted)}
      editor={(props) => <MultiSelect {...props} data={data} searchable hidePickedOptions />}
    />
  );
}
