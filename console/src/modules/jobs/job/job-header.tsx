import { ActionIcon, Anchor, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t } from '../../../shared/i18n';
import type { Job } from '../../../shared/api/job-query';
import { rules, TEXT_MAX } from '../new-job/new-job-values';
import { InlineEditor, PencilIcon, useInlineEdit } from '../../../shared/ui/inline-field';
import { pairLabel } from '../../../shared/formatting/job-format';
import { useUpdateJob } from './job-mutations';
import { JobStatusMenu } from './job-status-menu';

/** The job's heading (its name, editable in place), what it is for whom, and its status. */
export function JobHeader({ job, canEdit }: { job: Job; canEdit: boolean }) {
  const update = useUpdateJob(job.id);
  const nameLabel = t('job.field.name');
  const edit = useInlineEdit<string>({
    initial: () => job.name,
    validate: rules.requiredText,
    save: (name) => update.mutateAsync({ name: name.trim() }),
    param: 'name',
  });
  const summary = [job.number, job.client.name, job.service.name, job.languagePair ? pairLabel(job.languagePair) : undefined].filter(Boolean).join(' · ');
  return (
    <Stack gap={6}>
      <Anchor component={Link} to="/jobs" size="sm" w="fit-content">
        {t('job.backToJobs')}
      </Anchor>
      <Group gap="xs" wrap="nowrap" align="center">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {job.name}
        </Title>
        {canEdit && !edit.editing && (
          <ActionIcon ref={edit.opener} variant="subtle" color="gray" size="lg" aria-label={t('job.field.edit', { field: nameLabel })} onClick={edit.start}>
            <PencilIcon />
          </ActionIcon>
        )}
      </Group>
      {edit.editing && (
        <InlineEditor
          edit={edit}
          label={nameLabel}
          editor={(props) => <TextInput {...props} maxLength={TEXT_MAX} onChange={(event) => props.onChange(event.currentTarget.value)} />}
        />
      )}
      <Text c="dimmed">{summary}</Text>
      <JobStatusMenu job={job} canEdit={canEdit} />
    </Stack>
  );
}
