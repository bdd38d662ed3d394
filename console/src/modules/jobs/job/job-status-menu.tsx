import { Alert, Badge, Button, Group, Menu, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { t } from '../../../shared/i18n';
import type { Job } from '../../../shared/api/job-query';
import { useUpdateJob } from './job-mutations';
import { movesFrom, STATUS_COLORS, statusName, type JobStatus } from './status-moves';

/**
 * The job's status, in words and colour, and the moves the API allows from it
 * (docs/jobs.md#status) for a role that may change jobs. A move the API refuses all the same (an
 * invoiced job still on an invoice) shows its answer.
 */
export function JobStatusMenu({ job, canEdit }: { job: Job; canEdit: boolean }) {
  const update = useUpdateJob(job.id);
  const [refusal, setRefusal] = useState<string>();
  const moves = movesFrom(job.status);
  const move = (status: JobStatus) => {
    setRefusal(undefined);
    update.mutate({ status }, { onError: (error) => setRefusal(error.message) });
  };
  return (
    <Group gap="sm" wrap="wrap">
      <Badge size="lg" variant="light" color={STATUS_COLORS[job.status] ?? 'gray'}>
        <VisuallyHidden component="span">{t('job.status.label')}</VisuallyHidden>
        {statusName(job.status)}
      </Badge>
      {canEdit && moves.length > 0 && (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button variant="default" size="compact-sm" loading={update.isPending}>
              {t('job.status.change')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('job.status.moveTo')}</Menu.Label>
            {moves.map((status) => (
              <Menu.Item key={status} onClick={() => move(status)}>
                {statusName(status)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {refusal && (
        <Alert color="red" role="alert" py={6} withCloseButton closeButtonLabel={t('action.close')} onClose={() => setRefusal(undefined)}>
          {refusal}
        </Alert>
      )}
    </Group>
  );
}
