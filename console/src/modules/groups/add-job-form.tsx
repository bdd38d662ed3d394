import { Button, Group as Row, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { t } from '../../shared/i18n';
import { groupCandidatesQuery, useAddGroupJob, type Group } from './queries';
import { RemoteSelect, type Options } from '../../shared/ui/remote-select';

function useCandidateOptions(q: string, clientId: string | null): Options {
  const { data, isFetching } = useQuery(groupCandidatesQuery(q, clientId));
  return {
    options: (data?.items ?? []).map((job) => ({
      value: job.id,
      label: job.externalReference
        ? t('group.addJob.option', { name: job.name, reference: job.externalReference, client: job.client.name })
        : t('group.addJob.optionNoReference', { name: job.name, client: job.client.name }),
    })),
    loading: isFetching,
  };
}

/** The options hook of the job box for a group of this client (null: any client). */
const candidatesOf = (clientId: string | null) =>
  function useClientCandidates(q: string): Options {
    return useCandidateOptions(q, clientId);
  };

/**
 * "Add a job": a job in no group, found by its name or reference (GET /v2/jobs?q=…&group=), then
 * added (POST /v2/groups/:id/jobs/:jobId). The API would also move a job from another group; the
 * console offers only jobs in none, so that no group loses a job by surprise; and, for a group with
 * a client, only that client's jobs (a group holds one client's jobs: docs/groups.md#one-client-per-group;
 * a group without one answers a job of another client with the API's message at the field).
 */
export function AddJobForm({ group }: { group: Group }) {
  const [jobId, setJobId] = useState<string | null>(null);
  const add = useAddGroupJob(group.id);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (jobId) add.mutate(jobId, { onSuccess: () => setJobId(null) });
      }}
    >
      <Row align="flex-end" gap="sm">
        <RemoteSelect
          label={t('group.addJob.label')}
          description={t('group.addJob.description')}
          placeholder={t('group.addJob.placeholder')}
          value={jobId}
          onChange={setJobId}
          useOptions={candidatesOf(group.client?.id ?? null)}
          nothingFound={t('group.addJob.nothing')}
          error={add.error?.message}
          clearable
          w={420}
        />
        <Button type="submit" disabled={jobId === null} loading={add.isPending}>
          {t('group.addJob.submit')}
        </Button>
      </Row>
      <Text size="xs" c="dimmed" mt={4} aria-live="polite">
        {add.isSuccess && jobId === null ? t('group.addJob.added') : ''}
      </Text>
    </form>
  );
}
