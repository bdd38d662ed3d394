import { Alert, Button, Group as Row, Modal, Pagination, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../shared/ui/anchor-link';
import { useEffect, useState } from 'react';
import { t } from '../../shared/i18n';
import { formatDate, formatMoney } from '../../shared/formatting/format';
import { AddJobForm } from './add-job-form';
import { StatusBadge } from './group-parts';
import { groupJobsQuery, useRemoveGroupJob, type Group, type GroupJob } from './queries';
import { Loading } from '../../shared/ui/loading';

/** The jobs of the group (GET /v2/jobs?group=…), to open, add and remove. */
export function GroupJobsSection({ group, canEdit }: { group: Group; canEdit: boolean }) {
  const [page, setPage] = useState(1);
  const { data: jobs, error, isPending } = useQuery(groupJobsQuery(group.id, page));
  const [removing, setRemoving] = useState<GroupJob | null>(null);
  // The last job of the last page left: show the page before.
  const emptyPage = jobs !== undefined && jobs.items.length === 0 && page > 1;
  useEffect(() => {
    if (emptyPage) setPage((current) => current - 1);
  }, [emptyPage]);

  return (
    <section aria-labelledby="group-jobs">
      <Title order={2} id="group-jobs" mb="sm">
        {t('group.section.jobs', { count: group.jobs.length })}
      </Title>
      <Stack gap="sm">
        {canEdit && <AddJobForm group={group} />}
        {error ? (
          <Alert color="red">{t('state.error', { message: error.message })}</Alert>
        ) : isPending ? (
          <Loading label={t('state.loading')} />
        ) : jobs.items.length === 0 ? (
          <Text c="dimmed">{t('group.jobs.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs" aria-labelledby="group-jobs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('group.jobs.name')}</Table.Th>
                  <Table.Th>{t('group.jobs.status')}</Table.Th>
                  <Table.Th>{t('group.jobs.dueDate')}</Table.Th>
                  <Table.Th ta="right">{t('group.jobs.total')}</Table.Th>
                  {canEdit && (
                    <Table.Th>
                      <VisuallyHidden>{t('group.jobs.actions')}</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {jobs.items.map((job) => (
                  <Table.Tr key={job.id}>
                    <Table.Td>
                      <AnchorLink to="/jobs/$jobId" params={{ jobId: job.id }}>
                        {job.name}
                      </AnchorLink>
                      {job.externalReference && (
                        <Text size="xs" c="dimmed">
                          {job.externalReference}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={job.status} />
                    </Table.Td>
                    <Table.Td>{formatDate(job.dueDate)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(job.estimation.total, job.currency.code)}</Table.Td>
                    {canEdit && (
                      <Table.Td ta="right">
                        <Button
                          variant="subtle"
                          color="red"
                          size="xs"
                          onClick={() => setRemoving(job)}
                          aria-label={t('group.jobs.removeOne', { name: job.name })}
                        >
                          {t('action.remove')}
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {jobs && jobs.totalPages > 1 && <Pagination total={jobs.totalPages} value={page} onChange={setPage} aria-label={t('pagination.label')} />}
      </Stack>
      {canEdit && <RemoveJobModal group={group} job={removing} onClose={() => setRemoving(null)} />}
    </section>
  );
}

/** "Remove this job from the group?": the job stays, outside any group. */
function RemoveJobModal({ group, job, onClose }: { group: Group; job: GroupJob | null; onClose: () => void }) {
  const remove = useRemoveGroupJob(group.id);
  return (
    <Modal
      lockScroll={false}
      opened={job !== null}
      onClose={onClose}
      title={t('group.jobs.removeTitle')}
      closeButtonProps={{ 'aria-label': t('action.close') }}
    >
      {job && (
        <Stack gap="md">
          <Text>{t('group.jobs.removeText', { job: job.name, group: group.name })}</Text>
          {remove.error && (
            <Alert color="red" role="alert">
              {remove.error.message}
            </Alert>
          )}
          <Row justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-autofocus>
              {t('action.cancel')}
            </Button>
            <Button color="red.9" loading={remove.isPending} onClick={() => remove.mutate(job.id, { onSuccess: () => (remove.reset(), onClose()) })}>
              {t('group.jobs.removeConfirm')}
            </Button>
          </Row>
        </Stack>
      )}
    </Modal>
  );
}
